import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from './live-events.ts';
import { FAVORITES_KEY, NODES_KEY, PEOPLE_KEY, SITES_KEY, TRASH_KEY } from './query-keys.ts';

/** What a batch of live events makes stale: everything, or the node queries naming some ids and some roots. */
export interface Invalidation {
  everything: boolean;
  /** Node and folder ids: every query under the nodes root whose key names one (a node, its children, its lock). */
  ids: Set<string>;
  /**
   * Folders trashed, moved or restored: the nodes below them write no events of their own, so every node
   * whose cached path runs through one is refreshed too (with its children and lock).
   */
  ancestors: Set<string>;
  roots: Set<string>;
}

const TRASH_TYPES = new Set<LiveEvent['type']>(['deleted', 'restored', 'purged']);
const EVERYTHING_TYPES = new Set<LiveEvent['type']>(['membership', 'permissions', 'reset']);
/**
 * A trash, a move or a restore changes every node below: gone, at another path, or back (a query
 * that failed keeps the data it had, path included).
 */
const SUBTREE_TYPES = new Set<LiveEvent['type']>(['deleted', 'moved', 'restored']);

/**
 * The queries a batch of events makes stale. A node's event: the node, the folder it is in, the
 * one it left and the folders that hold it as a secondary child (their listings); a link or
 * unlink, the folder it was filed in; a trash, move or restore, the nodes shown below it (by their cached
 * path); trash moves also the trashcan and favorites. A membership or
 * permission change alters what may be read anywhere, and a reset means events were missed:
 * everything.
 */
export function invalidationFor(events: readonly LiveEvent[]): Invalidation {
  const result: Invalidation = { everything: false, ids: new Set(), ancestors: new Set(), roots: new Set() };
  for (const e of events) {
    if (EVERYTHING_TYPES.has(e.type)) result.everything = true;
    for (const id of [e.nodeId, e.parentId, e.previousParentId, ...(e.secondaryParentIds ?? [])]) {
      if (id) result.ids.add(id);
    }
    if (SUBTREE_TYPES.has(e.type) && e.nodeId) result.ancestors.add(e.nodeId);
    if (TRASH_TYPES.has(e.type)) {
      result.roots.add(TRASH_KEY[0]);
      result.roots.add(FAVORITES_KEY[0]);
    }
  }
  return result;
}

const namesAny = (key: QueryKey, ids: Set<string>) => key[0] === NODES_KEY[0] && key.some((k) => ids.has(k as string));

interface WithPath {
  id: string;
  path: { elements: { id?: string }[] };
}
const hasPath = (data: unknown): data is WithPath =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as WithPath).id === 'string' &&
  Array.isArray((data as Partial<WithPath>).path?.elements);

/** The ids of the cached nodes (read with their path) that lie below one of `ancestors`. */
function cachedBelow(client: QueryClient, ancestors: Set<string>): string[] {
  return client
    .getQueryCache()
    .findAll({ queryKey: NODES_KEY })
    .map((q) => q.state.data)
    .filter(hasPath)
    .filter((node) => node.path.elements.some((el) => el.id !== undefined && ancestors.has(el.id)))
    .map((node) => node.id);
}

/** Refetches what is shown and marks the rest stale (TanStack Query refetches active queries only). */
export async function applyInvalidation(client: QueryClient, inv: Invalidation): Promise<void> {
  if (inv.everything) {
    await Promise.all(
      [NODES_KEY, TRASH_KEY, FAVORITES_KEY, SITES_KEY, PEOPLE_KEY].map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    );
    return;
  }
  const ids = inv.ancestors.size > 0 ? new Set([...inv.ids, ...cachedBelow(client, inv.ancestors)]) : inv.ids;
  await Promise.all([
    ids.size > 0 && client.invalidateQueries({ predicate: (q) => namesAny(q.queryKey, ids) }),
    ...[...inv.roots].map((root) => client.invalidateQueries({ queryKey: [root] })),
  ]);
}
