import type { WhereClause } from '../../http/where.ts';
import { favoriteErrors } from './favorites.errors.ts';
import { FAVORITE_KINDS, type FavoriteKind } from './favorites.repository.ts';

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
