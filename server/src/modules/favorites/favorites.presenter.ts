import type { Principal } from '../../http/principal.ts';
import { applyFields, includeParam, listParam } from '../../http/params.ts';
import type { NodesPresenter } from '../nodes/nodes.presenter.ts';
import type { NodesService } from '../nodes/nodes.service.ts';
import type { AccessService } from '../permissions/access.service.ts';
import { roleAmong } from '../sites/sites.model.ts';
import { toFavoriteJson, type FavoriteJson } from './favorites.mappers.ts';
import type { Favorite } from './favorites.service.ts';

export interface FavoriteQuery {
  include?: string[];
  fields?: string[];
}

/** Shapes favorites for responses: the caller's site roles, include (path, properties, …) and fields. */
export function createFavoritesPresenter(deps: {
  nodes: NodesService;
  present: NodesPresenter;
  access: AccessService;
}) {
  const { nodes, present, access } = deps;

  return {
    async entries(principal: Principal, favorites: Favorite[], query: FavoriteQuery): Promise<FavoriteJson[]> {
      const include = includeParam(query.include);
      const fields = listParam(query.fields);
      const bits = include.has('allowableOperations')
        ? await access.bitsOfMany(
            principal,
            favorites.map((f) => f.node),
          )
        : undefined;
      const entries: FavoriteJson[] = [];
      for (const favorite of favorites) {
        const { node, kind } = favorite;
        const json = toFavoriteJson(favorite, {
          include,
          ...(include.has('path') && kind !== 'site' ? { path: await present.path(principal, node) } : {}),
          ...(kind === 'site' ? { role: roleAmong(node.name, principal.authorities) } : {}),
          ...(bits ? { allowableOperations: nodes.allowableOperations(principal, bits.get(node.id) ?? 0, node) } : {}),
        });
        entries.push(applyFields(json, fields, include));
      }
      return entries;
    },

    /** Site favorites as the sites themselves (`target.site`, with the caller's role), fields applied. */
    async sites(principal: Principal, favorites: Favorite[], fields: string[] | undefined) {
      const entries = await this.entries(principal, favorites, {});
      return entries.flatMap((f) =>
        'site' in f.target ? [applyFields(f.target.site, listParam(fields), new Set())] : [],
      );
    },
  };
}

export type FavoritesPresenter = ReturnType<typeof createFavoritesPresenter>;
