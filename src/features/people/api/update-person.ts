import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { peopleKeys } from './keys.ts';
import type { PersonBodyUpdate } from './types.ts';

/**
 * `PUT /people/{personId}`: the person or an administrator; enabled, quota and a password without
 * the old one are for administrators.
 */
export async function updatePerson({ personId, body }: { personId: string; body: PersonBodyUpdate }) {
  const result = await api.PUT('/people/{personId}', { params: { path: { personId } }, body });
  return unwrap(result).entry;
}

export function useUpdatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePerson,
    // Everything under `['people']`: lists, pages, and the signed-in person when they edited themselves.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}
