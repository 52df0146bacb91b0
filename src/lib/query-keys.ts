/**
 * Roots of query keys that more than one feature reads or invalidates. Features keep their own
 * key factories; these roots let one feature's mutation refresh what another one shows.
 */
/** Everything about nodes: a node, its children, its lock state. */
export const NODES_KEY = ['nodes'] as const;
/** The caller's favorites, in any view (`['favorites', …]`). */
export const FAVORITES_KEY = ['favorites'] as const;
/** Everything about people: the signed-in person, searches, the administrators' lists and pages. */
export const PEOPLE_KEY = ['people'] as const;
/** Sites (`['sites', …]`); one site is `['sites', 'site', siteId]` wherever it is read. */
export const SITES_KEY = ['sites'] as const;
export const siteQueryKey = (siteId: string) => [...SITES_KEY, 'site', siteId] as const;
/** The trashcan (`['trash', …]`): a delete anywhere adds to it, a restore or purge takes from it. */
export const TRASH_KEY = ['trash'] as const;
