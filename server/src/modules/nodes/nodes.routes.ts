import type { Handlers } from '../../http/routes.ts';
import { listEnvelope, pagingParam } from '../../http/params.ts';
import type { NodesPresenter } from './nodes.presenter.ts';
import type { NodesService } from './nodes.service.ts';

type NodeHandlers = Pick<Handlers, 'getNode' | 'updateNode' | 'deleteNode' | 'listNodeChildren'>;

export function nodesRoutes(nodes: NodesService, present: NodesPresenter): NodeHandlers {
  return {
    async getNode({ params, query, principal }) {
      const node = await nodes.get(principal, params.nodeId, query.relativePath);
      return present.one(principal, node, query);
    },

    async updateNode({ params, query, body, principal }) {
      const updated = await nodes.update(principal, params.nodeId, body);
      return present.one(principal, updated, query);
    },

    async deleteNode({ params, query, principal, reply }) {
      await nodes.delete(principal, params.nodeId, { permanent: query.permanent === true });
      return reply.code(204).send();
    },

    async listNodeChildren({ params, query, principal }) {
      const paging = pagingParam(query);
      const { base, folder, page } = await nodes.listChildren(principal, params.nodeId, {
        relativePath: query.relativePath,
        where: query.where,
        orderBy: query.orderBy,
        ...paging,
      });
      const map = await present.children(principal, folder, page.items, query, base);
      const source = query.includeSource ? present.source(folder) : undefined;
      return listEnvelope({ items: page.items, totalItems: page.total, paging }, map, source);
    },
  };
}
