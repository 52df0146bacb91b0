import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { editorKeys } from './keys.ts';

/** `GET /groups`: every group by display name (GROUP_EVERYONE is not listed; the picker adds it). */
export async function listGroups() {
  const result = await api.GET('/groups', { params: { query: { maxItems: 1000 } } });
  return unwrap(result).list.entries.map((e) => e.entry);
}

export const groupsQueryOptions = () => queryOptions({ queryKey: editorKeys.groups, queryFn: listGroups });

export function useGroups(enabled: boolean) {
  return useQuery({ ...groupsQueryOptions(), enabled });
}
