import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { config } from '../../../lib/config.ts';
import { session } from '../../../lib/session.ts';

/** Signs out: `DELETE /tickets/-me-`. The session ends even when the server cannot be reached. */
export async function deleteTicket() {
  await api.DELETE('/tickets/{ticketId}', { baseUrl: config.authBaseUrl, params: { path: { ticketId: '-me-' } } });
}

export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTicket,
    onSettled: () => {
      session.clear('signed-out');
      queryClient.clear();
    },
  });
}
