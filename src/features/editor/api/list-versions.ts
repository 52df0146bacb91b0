import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { editorKeys } from './keys.ts';

/** `GET /nodes/{nodeId}/versions`: the history of a file, newest first. */
export async function listVersions(nodeId: string) {
  const result = await api.GET('/nodes/{nodeId}/versions', {
    params: { path: { nodeId }, query: { maxItems: 1000 } },
  });
  return unwrap(result).list;
}

export const versionsQueryOptions = (nodeId: string) =>
  queryOptions({ queryKey: editorKeys.versions(nodeId), queryFn: () => listVersions(nodeId) });

export function useVersions(nodeId: string) {
  return useQuery(versionsQueryOptions(nodeId));
}
