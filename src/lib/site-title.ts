import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { placeOf, type PathElement } from './folder-route.ts';
import { unwrap } from './errors.ts';
import { siteQueryKey } from './query-keys.ts';

/**
 * A site's title for showing where something is (`GET /sites/{siteId}`, read once and shared with
 * the site's own page); its id until the title arrives or when it cannot be read.
 */
export function useSiteTitle(siteId: string | null): string | undefined {
  const site = useQuery({
    queryKey: siteQueryKey(siteId ?? ''),
    queryFn: async () => unwrap(await api.GET('/sites/{siteId}', { params: { path: { siteId: siteId ?? '' } } })).entry,
    enabled: siteId !== null,
  });
  if (siteId === null) return undefined;
  return site.data?.title ?? siteId;
}

/** Where something is, as people say it: a site's title (never its library folder), then the folders. */
export function usePlaceNames(elements: readonly PathElement[]): string[] {
  const place = placeOf(elements);
  const siteTitle = useSiteTitle(place.site);
  return [...(siteTitle === undefined ? [] : [siteTitle]), ...place.folders.map((f) => f.name)];
}
