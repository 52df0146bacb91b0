import { queryOptions, useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { currentPersonQueryOptions, type Person } from '../../../lib/people.ts';
import { useSession } from '../../../lib/session.ts';
import type { Caller } from '../model/self-access.ts';
import { editorKeys } from './keys.ts';

/** `GET /people/-me-/groups`: the ids of the signed-in person's groups. */
export async function listMyGroups() {
  const result = await api.GET('/people/{personId}/groups', {
    params: { path: { personId: '-me-' }, query: { maxItems: 1000 } },
  });
  return unwrap(result).list.entries.map((e) => e.entry.id);
}

export const myGroupsQueryOptions = (userId: string | undefined) =>
  queryOptions({ queryKey: editorKeys.myGroups(userId ?? ''), queryFn: listMyGroups, enabled: userId !== undefined });

const caller = (person: Person | undefined, groups: string[] | undefined): Caller | undefined =>
  person && groups ? { id: person.id, isAdmin: person.capabilities?.isAdmin ?? false, groups } : undefined;

/** The signed-in person (the app's one current-person query) with their groups, as permissions see them. */
export function useCaller() {
  const userId = useSession()?.userId;
  return useQueries({
    queries: [currentPersonQueryOptions(userId), myGroupsQueryOptions(userId)],
    combine: ([person, groups]) => ({
      data: caller(person.data, groups.data),
      isPending: person.isPending || groups.isPending,
      isError: person.isError || groups.isError,
      error: person.error ?? groups.error,
    }),
  });
}
