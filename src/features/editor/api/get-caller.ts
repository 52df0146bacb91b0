import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import type { Caller } from '../model/self-access.ts';
import { editorKeys } from './keys.ts';

/** The signed-in person (`GET /people/-me-`) with their groups (`GET /people/-me-/groups`). */
export async function getCaller(): Promise<Caller> {
  const [me, groups] = await Promise.all([
    api.GET('/people/{personId}', { params: { path: { personId: '-me-' } } }),
    api.GET('/people/{personId}/groups', { params: { path: { personId: '-me-' }, query: { maxItems: 1000 } } }),
  ]);
  const person = unwrap(me).entry;
  return {
    id: person.id,
    isAdmin: person.capabilities?.isAdmin ?? false,
    groups: unwrap(groups).list.entries.map((e) => e.entry.id),
  };
}

export const callerQueryOptions = () => queryOptions({ queryKey: editorKeys.me, queryFn: getCaller });

export function useCaller() {
  return useQuery(callerQueryOptions());
}
