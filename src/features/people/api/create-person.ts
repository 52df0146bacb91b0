import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { peopleKeys } from './keys.ts';
import type { PersonBodyCreate } from './types.ts';

/** `POST /people` (administrators): the person and their home folder. */
export async function createPerson(body: PersonBodyCreate) {
  const result = await api.POST('/people', { body });
  return unwrap(result).entry;
}

export function useCreatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.lists() }),
  });
}
