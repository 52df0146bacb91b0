import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { config } from '../../../lib/config.ts';
import { unwrap } from '../../../lib/errors.ts';
import { authKeys } from './keys.ts';

/** `GET /tickets/-me-`: is the session's ticket still good? (A 401 ends the session.) */
export async function validateTicket() {
  const result = await api.GET('/tickets/{ticketId}', {
    baseUrl: config.authBaseUrl,
    params: { path: { ticketId: '-me-' } },
  });
  return unwrap(result).entry;
}

export const validateTicketQueryOptions = () =>
  queryOptions({ queryKey: authKeys.ticket(), queryFn: validateTicket, staleTime: 5 * 60_000 });

export function useValidateTicket(enabled: boolean) {
  return useQuery({ ...validateTicketQueryOptions(), enabled });
}
