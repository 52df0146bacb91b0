import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { siteKeys } from './keys.ts';

/** `GET /sites/{siteId}`, with the caller's role. */
export async function getSite(siteId: string) {
  const result = await api.GET('/sites/{siteId}', { params: { path: { siteId } } });
  return unwrap(result).entry;
}

export const getSiteQueryOptions = (siteId: string) =>
  queryOptions({ queryKey: siteKeys.site(siteId), queryFn: () => getSite(siteId) });

export function useSite(siteId: string) {
  return useQuery(getSiteQueryOptions(siteId));
}
