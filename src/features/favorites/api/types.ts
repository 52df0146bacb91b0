import type { components } from '../../../../openapi/schema.gen.ts';

export type Favorite = components['schemas']['Favorite'];
export type FavoriteNode = components['schemas']['FavoriteNode'];
export type Site = components['schemas']['Site'];

/** A favorite's target with its kind named. */
export type FavoriteTarget =
  | { kind: 'file'; node: FavoriteNode }
  | { kind: 'folder'; node: FavoriteNode }
  | { kind: 'site'; site: Site };

export function targetOf(favorite: Favorite): FavoriteTarget {
  const target = favorite.target;
  if ('file' in target) return { kind: 'file', node: target.file };
  if ('folder' in target) return { kind: 'folder', node: target.folder };
  return { kind: 'site', site: target.site };
}
