import { listEnvelope, pagingParam } from '../../../http/params.ts';
import type { Handlers } from '../../../http/routes.ts';
import { sendContent } from '../../../http/send-content.ts';
import type { ContentService } from '../content/content.service.ts';
import type { NodesPresenter } from '../nodes.presenter.ts';
import type { TrashService } from './trash.service.ts';

type TrashHandlers = Pick<
  Handlers,
  'listDeletedNodes' | 'getDeletedNode' | 'restoreDeletedNode' | 'purgeDeletedNode' | 'getDeletedNodeContent'
>;

export function trashRoutes(trash: TrashService, content: ContentService, present: NodesPresenter): TrashHandlers {
  return {
    async listDeletedNodes({ query, principal }) {
      const paging = pagingParam(query);
      const page = await trash.list(principal, paging);
      const entries = await present.deleted(principal, page.items, query, false);
      return listEnvelope({ items: entries, totalItems: page.totalItems, paging }, (entry) => entry);
    },

    async getDeletedNode({ params, query, principal }) {
      const [entry] = await present.deleted(principal, [await trash.get(principal, params.nodeId)], query, true);
      return { entry: entry! };
    },

    async restoreDeletedNode({ params, query, body, principal }) {
      return present.one(principal, await trash.restore(principal, params.nodeId, body ?? {}), query);
    },

    async purgeDeletedNode({ params, principal, reply }) {
      await trash.purge(principal, params.nodeId);
      return reply.code(204).send();
    },

    async getDeletedNodeContent({ params, query, principal, request, reply }) {
      const node = await trash.file(principal, params.nodeId);
      return sendContent(request, reply, node, query.attachment, (range) => content.open(node.contentId, range));
    },
  };
}
