import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { siteKeys } from './keys.ts';

/** `GET /sites/{siteId}/containers/documentLibrary`: the folder that holds the site's files. */
export async function getDocumentLibrary(siteId: string) {
  const result = await api.GET('/sites/{siteId}/containers/{containerId}', {
    params: { path: { siteId, containerId: 'documentLibrary' } },
  });
  return unwrap(result).entry;
}

export const getDocumentLibraryQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: siteKeys.library(siteId),
    queryFn: () => getDocumentLibrary(siteId),
    staleTime: Infinity,
  });

/** `enabled: false` where a folder of the library is shown instead of the library itself. */
export function useDocumentLibrary(siteId: string, enabled = true) {
  return useQuery({ ...getDocumentLibraryQueryOptions(siteId), enabled });
}
