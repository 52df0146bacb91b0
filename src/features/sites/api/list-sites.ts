import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { siteKeys, type PageParams } from './keys.ts';

/** `GET /sites`: the sites the caller can see, by title, each with the caller's role. */
export async function listSites({ skipCount, maxItems }: PageParams) {
  const result = await api.GET('/sites', { params: { query: { skipCount, maxItems } } });
  return unwrap(result).list;
}

export const listSitesQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: siteKeys.list(params),
    queryFn: () => listSites(params),
    placeholderData: keepPreviousData,
  });

export function useSites(params: PageParams) {
  return useQuery(listSitesQueryOptions(params));
}
