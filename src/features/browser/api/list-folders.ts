import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { nodeKeys } from './keys.ts';

/** How many subfolders the folder picker shows in one folder. */
export const PICKER_PAGE = 200;

/** `GET /nodes/{nodeId}/children?where=(isFolder=true)`: the subfolders the picker offers. */
export async function listFolders(nodeId: string) {
  const result = await api.GET('/nodes/{nodeId}/children', {
    params: {
      path: { nodeId },
      query: { where: '(isFolder=true)', maxItems: PICKER_PAGE, include: ['allowableOperations'] },
    },
  });
  return unwrap(result).list;
}

export const listFoldersQueryOptions = (nodeId: string) =>
  queryOptions({ queryKey: nodeKeys.foldersIn(nodeId), queryFn: () => listFolders(nodeId) });

export function useFolders(nodeId: string) {
  return useQuery(listFoldersQueryOptions(nodeId));
}

/** The Sites folder below Company Home (`GET /nodes/-root-?relativePath=Sites`): the way into sites. */
export async function getSitesFolder() {
  const result = await api.GET('/nodes/{nodeId}', {
    params: { path: { nodeId: '-root-' }, query: { relativePath: 'Sites' } },
  });
  return unwrap(result).entry;
}

export function useSitesFolder() {
  return useQuery({ queryKey: [...nodeKeys.all, 'sites-folder'], queryFn: getSitesFolder, staleTime: Infinity });
}
