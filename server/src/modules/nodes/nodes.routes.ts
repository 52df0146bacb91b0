import type { Handlers } from '../../http/routes.ts';
import { listEnvelope, orderByParam, pagingParam } from '../../http/params.ts';
import { parseWhere } from '../../http/where.ts';
import type { NodesPresenter } from './nodes.presenter.ts';
import type { NodesService } from './nodes.service.ts';

type NodeHandlers = Pick<Handlers, 'getNode' | 'updateNode' | 'deleteNode' | 'listNodeChildren'>;

export function nodesRoutes(nodes: NodesService, present: NodesPresenter): NodeHandlers {
  return {
    async getNode({ params, query, principal }) {
      const node = await nodes.resolve(principal, params.nodeId, query.relativePath);
      return present.one(principal, node, query);
    },

    async updateNode({ params, query, body, principal }) {
      const node = await nodes.resolve(principal, params.nodeId);
      const updated = await nodes.update(principal, node, body);
      return present.one(principal, updated, query);
    },

    async deleteNode({ params, query, principal, reply }) {
      const node = await nodes.resolve(principal, params.nodeId);
      await nodes.delete(principal, node, { permanent: query.permanent === true });
      return reply.code(204).send();
    },

    async listNodeChildren({ params, query, principal }) {
      const base = query.relativePath ? await nodes.resolve(principal, params.nodeId) : undefined;
      const folder = await nodes.resolveFolder(principal, base?.id ?? params.nodeId, query.relativePath);
      const paging = pagingParam(query);
      const where = query.where === undefined ? undefined : parseWhere(query.where);
      const page = await nodes.listChildren(principal, folder, {
        where,
        orderBy: orderByParam(query.orderBy),
        ...paging,
      });
      const map = await present.children(principal, folder, page.items, query, base);
      const source = query.includeSource ? present.source(folder) : undefined;
      return listEnvelope({ items: page.items, totalItems: page.total, paging }, map, source);
    },
  };
}
