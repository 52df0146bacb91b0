import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { orgKeys } from './keys.ts';

/** `GET /people/-me-`: the caller, with `capabilities` (administrators see the org chart's admin controls). */
export async function getMe() {
  const result = await api.GET('/people/{personId}', { params: { path: { personId: '-me-' } } });
  return unwrap(result).entry;
}

export const meQueryOptions = () => queryOptions({ queryKey: orgKeys.me(), queryFn: getMe, staleTime: 5 * 60_000 });

/** True only once the server has said the caller is an administrator. */
export function useIsAdmin(): boolean {
  const me = useQuery(meQueryOptions());
  return me.data?.capabilities?.isAdmin === true;
}
