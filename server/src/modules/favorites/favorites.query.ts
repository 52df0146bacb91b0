import { badRequest } from '../../http/errors.ts';
import type { SortField } from '../../http/params.ts';
import type { WhereClause } from '../../http/where.ts';
import { favoriteErrors } from './favorites.errors.ts';
import { FAVORITE_KINDS, type FavoriteKind, type FavoriteSort } from './favorites.repository.ts';

const PROPERTY: Record<string, FavoriteKind> = {
  'target/file': 'file',
  'target/folder': 'folder',
  'target/site': 'site',
};

/**
 * The kinds a favorites `where` asks for: `EXISTS(target/file|folder|site)` predicates joined
 * with OR (every kind without a clause). AND, NOT, other predicates and other targets are 400.
 */
export function favoriteKinds(where: WhereClause | undefined): FavoriteKind[] {
  if (!where) return [...FAVORITE_KINDS];
  if (where.join === 'AND' && where.predicates.length > 1) {
    throw favoriteErrors.invalidWhere('Favorites can be filtered by EXISTS(target/…) predicates joined with OR only');
  }
  const kinds = new Set<FavoriteKind>();
  for (const p of where.predicates) {
    const kind = p.kind === 'exists' && !p.not ? PROPERTY[p.property.toLowerCase()] : undefined;
    if (!kind) {
      throw favoriteErrors.invalidWhere(
        `Unsupported favorites filter on '${p.property}': use EXISTS(target/file), EXISTS(target/folder) or EXISTS(target/site)`,
      );
    }
    kinds.add(kind);
  }
  return FAVORITE_KINDS.filter((k) => kinds.has(k));
}

/** Alfresco's FavouritesService.SortFields (case-sensitive, as Java's valueOf). */
const SORT_FIELDS = ['type', 'createdAt', 'title', 'username'] as const;

/** Alfresco's default: files, then folders, then sites; the newest first within each. */
export const DEFAULT_FAVORITE_SORT: readonly FavoriteSort[] = [
  { field: 'type', ascending: true },
  { field: 'createdAt', ascending: false },
];

/**
 * The order an `orderBy` asks for: `type` (files < folders < sites), `createdAt`, `title` (the
 * target's name; a site's id, as Alfresco lists it) and `username` (the favorites' owner, the
 * same for all of them). Any other field is 400 "Invalid sort field". Without one, the default.
 */
export function favoriteSort(orderBy: readonly SortField[]): readonly FavoriteSort[] {
  if (orderBy.length === 0) return DEFAULT_FAVORITE_SORT;
  return orderBy.flatMap(({ field, ascending }): FavoriteSort[] => {
    const known = SORT_FIELDS.find((f) => f === field);
    if (!known) throw badRequest(`Invalid sort field: ${field}`);
    return known === 'username' ? [] : [{ field: known, ascending }];
  });
}
