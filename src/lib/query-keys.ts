/**
 * Query-key roots shared across features. A feature that changes what another shows invalidates
 * through the root here (the folder browser's favorite toggle invalidates `['favorites']`; removing
 * a favorite makes node listings' favorite flags stale), so features never import each other's keys.
 */
export const queryRoots = {
  favorites: ['favorites'] as const,
  nodes: ['nodes'] as const,
};
