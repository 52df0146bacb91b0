import { listEnvelope } from '../../http/params.ts';
import type { Handlers } from '../../http/routes.ts';
import type { NodesPresenter } from '../nodes/nodes.presenter.ts';
import { authorityEntry } from './authority-search.ts';
import type { SearchService } from './search.service.ts';

/** POST /search (the search API's base). */
export function searchRoutes(searching: SearchService, present: NodesPresenter): Pick<Handlers, 'search'> {
  return {
    async search({ body, principal }) {
      const result = await searching.search(principal, body);
      if (result.authorities) {
        const include = new Set(body.include ?? []);
        const items = result.authorities.map((hit) => authorityEntry(hit, include));
        const page = { items, totalItems: result.totalItems, paging: result.paging };
        const envelope = listEnvelope(page, (entry) => ({ ...entry, search: { score: 1 } }));
        return { list: { ...envelope.list, context: result.context } };
      }
      const query = { include: body.include ?? [], fields: body.fields ?? [] };
      const entries = await present.related(
        principal,
        result.hits.map((hit) => ({ node: hit.node })),
        query,
      );
      const page = { items: entries, totalItems: result.totalItems, paging: result.paging };
      const envelope = listEnvelope(page, (entry) => {
        const hit = result.hits.find((h) => h.node.id === entry.id)!;
        return { ...entry, search: { score: hit.score, ...(hit.highlight ? { highlight: hit.highlight } : {}) } };
      });
      return {
        list: { pagination: envelope.list.pagination, context: result.context, entries: envelope.list.entries },
      };
    },
  };
}
