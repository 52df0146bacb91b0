import { listEnvelope, orderByParam, pagingParam } from '../../http/params.ts';
import type { Handlers } from '../../http/routes.ts';
import { parseWhere } from '../../http/where.ts';
import type { FavoritesPresenter } from './favorites.presenter.ts';
import { favoriteKinds, favoriteSort } from './favorites.query.ts';
import type { FavoritesService } from './favorites.service.ts';

type FavoriteHandlers = Pick<
  Handlers,
  | 'listFavorites'
  | 'createFavorite'
  | 'getFavorite'
  | 'deleteFavorite'
  | 'listFavoriteSitesForPerson'
  | 'createSiteFavorite'
  | 'getFavoriteSite'
  | 'deleteSiteFavorite'
>;

/** Alfresco's older `/favorite-sites`: the site favorites as sites, by title. */
const SITES_BY_TITLE = favoriteSort([{ field: 'title', ascending: true }]);

export function favoritesRoutes(favorites: FavoritesService, present: FavoritesPresenter): FavoriteHandlers {
  return {
    async listFavorites({ params, query, principal }) {
      const paging = pagingParam(query);
      const kinds = favoriteKinds(query.where === undefined ? undefined : parseWhere(query.where));
      const sort = favoriteSort(orderByParam(query.orderBy));
      const page = await favorites.list(principal, params.personId, { kinds, sort, ...paging });
      const entries = await present.entries(principal, page.items, query);
      return listEnvelope({ items: entries, totalItems: page.total, paging }, (e) => e);
    },

    async createFavorite({ params, query, body, principal, reply }) {
      const targets = (Array.isArray(body) ? body : [body]).map((b) => b.target);
      const entries = await present.entries(principal, await favorites.add(principal, params.personId, targets), query);
      if (!Array.isArray(body)) return reply.code(201).send({ entry: entries[0] });
      const paging = { skipCount: 0, maxItems: Math.max(100, entries.length) };
      return reply.code(201).send(listEnvelope({ items: entries, totalItems: entries.length, paging }, (e) => e));
    },

    async getFavorite({ params, query, principal }) {
      const favorite = await favorites.get(principal, params.personId, params.favoriteId);
      return { entry: (await present.entries(principal, [favorite], query))[0] };
    },

    async deleteFavorite({ params, principal, reply }) {
      await favorites.remove(principal, params.personId, params.favoriteId);
      return reply.code(204).send();
    },

    async listFavoriteSitesForPerson({ params, query, principal }) {
      const paging = pagingParam(query);
      const page = await favorites.list(principal, params.personId, {
        kinds: ['site'],
        sort: SITES_BY_TITLE,
        ...paging,
      });
      const sites = await present.sites(principal, page.items, query.fields);
      return listEnvelope({ items: sites, totalItems: page.total, paging }, (site) => site);
    },

    async createSiteFavorite({ params, body, principal, reply }) {
      const favorite = await favorites.addSiteById(principal, params.personId, body.id);
      return reply.code(201).send({ entry: { id: favorite.node.name } });
    },

    async getFavoriteSite({ params, query, principal }) {
      const favorite = await favorites.getSite(principal, params.personId, params.siteId);
      return { entry: (await present.sites(principal, [favorite], query.fields))[0]! };
    },

    async deleteSiteFavorite({ params, principal, reply }) {
      await favorites.removeSite(principal, params.personId, params.siteId);
      return reply.code(204).send();
    },
  };
}
