import { listEnvelope } from '../../http/params.ts';
import type { Handlers } from '../../http/routes.ts';
import type { NodesPresenter } from '../nodes/nodes.presenter.ts';
import type { SearchService } from './search.service.ts';

/** POST /search (the search API's base). */
export function searchRoutes(searching: SearchService, present: NodesPresenter): Pick<Handlers, 'search'> {
  return {
    async search({ body, principal }) {
      const result = await searching.search(principal, body);
      const query = { include: body.include ?? [], fields: body.fields ?? [] };
      const entries = await present.related(
        principal,
        result.nodes.map((node) => ({ node })),
        query,
      );
      const envelope = listEnvelope(
        { items: entries, totalItems: result.totalItems, paging: result.paging },
        (entry) => ({
          ...entry,
          search: { score: 1 },
        }),
      );
      const context = body.includeRequest ? { request: body } : {};
      return { list: { pagination: envelope.list.pagination, context, entries: envelope.list.entries } };
    },
  };
}
