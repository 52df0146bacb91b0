import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { siteKeys, type PageParams } from './keys.ts';

/** `GET /sites/{siteId}/members`: one page of members with their people and roles. */
export async function listSiteMembers(siteId: string, { skipCount, maxItems }: PageParams) {
  const result = await api.GET('/sites/{siteId}/members', {
    params: { path: { siteId }, query: { skipCount, maxItems } },
  });
  return unwrap(result).list;
}

export const listSiteMembersQueryOptions = (siteId: string, params: PageParams) =>
  queryOptions({
    queryKey: siteKeys.members(siteId, params),
    queryFn: () => listSiteMembers(siteId, params),
    placeholderData: keepPreviousData,
  });

export function useSiteMembers(siteId: string, params: PageParams) {
  return useQuery(listSiteMembersQueryOptions(siteId, params));
}
