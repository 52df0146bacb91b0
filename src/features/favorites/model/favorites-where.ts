/** The kinds of favorites, in the order the filter chips show them. */
export const FAVORITE_KINDS = ['file', 'folder', 'site'] as const;
export type FavoriteKind = (typeof FAVORITE_KINDS)[number];

export const KIND_LABELS: Record<FavoriteKind, string> = { file: 'Files', folder: 'Folders', site: 'Sites' };

/**
 * The `where` of `GET /people/-me-/favorites` for the chosen kinds: one parenthesised predicate of
 * `EXISTS(target/<kind>)` conditions joined with OR, e.g. `(EXISTS(target/file) OR EXISTS(target/site))`.
 * No kind chosen, or every kind, needs no clause (undefined): all favorites.
 */
export function favoritesWhere(kinds: Iterable<FavoriteKind>): string | undefined {
  const chosen = new Set(kinds);
  const ordered = FAVORITE_KINDS.filter((k) => chosen.has(k));
  if (ordered.length === 0 || ordered.length === FAVORITE_KINDS.length) return undefined;
  return `(${ordered.map((k) => `EXISTS(target/${k})`).join(' OR ')})`;
}

/** `?kind=file,site` <-> the chosen kinds (unknown words are ignored). */
export function parseKinds(value: string | null): FavoriteKind[] {
  const words = new Set((value ?? '').split(',').map((w) => w.trim()));
  return FAVORITE_KINDS.filter((k) => words.has(k));
}

export function toggleKind(kinds: readonly FavoriteKind[], kind: FavoriteKind): FavoriteKind[] {
  const next = new Set(kinds);
  if (next.has(kind)) next.delete(kind);
  else next.add(kind);
  return FAVORITE_KINDS.filter((k) => next.has(k));
}
