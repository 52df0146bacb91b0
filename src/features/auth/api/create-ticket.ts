import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { config } from '../../../lib/config.ts';
import { unwrap } from '../../../lib/errors.ts';
import { session } from '../../../lib/session.ts';

export interface Credentials {
  userId: string;
  password: string;
}

/** Signs in: `POST /tickets` on the authentication API. Only the ticket is kept. */
export async function createTicket({ userId, password }: Credentials) {
  const result = await api.POST('/tickets', { baseUrl: config.authBaseUrl, body: { userId, password } });
  return unwrap(result).entry;
}

export function useCreateTicket() {
  return useMutation({
    mutationFn: createTicket,
    onSuccess: (ticket, credentials) => session.set({ ticket: ticket.id, userId: ticket.userId ?? credentials.userId }),
  });
}
