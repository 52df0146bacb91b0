import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { authKeys } from './keys.ts';

/** `GET /people/-me-`: the signed-in person, with `capabilities` (isAdmin). */
export async function getCurrentPerson() {
  const result = await api.GET('/people/{personId}', { params: { path: { personId: '-me-' } } });
  return unwrap(result).entry;
}

export const currentPersonQueryOptions = (userId: string) =>
  queryOptions({ queryKey: authKeys.me(userId), queryFn: getCurrentPerson, staleTime: 5 * 60_000 });

export function useCurrentPerson(userId: string | undefined) {
  return useQuery({ ...currentPersonQueryOptions(userId ?? ''), enabled: userId !== undefined });
}

/** Whether the signed-in person is an administrator: undefined while not known yet. */
export function useIsAdmin(userId: string | undefined): boolean | undefined {
  const me = useCurrentPerson(userId);
  return me.data ? me.data.capabilities?.isAdmin === true : undefined;
}
