import type { components } from '../../../../../openapi/schema.gen.ts';
import { applyFields, listEnvelope, listParam, pagingParam } from '../../../http/params.ts';
import type { Handlers } from '../../../http/routes.ts';
import { sendContent } from '../../../http/send-content.ts';
import type { NodesPresenter } from '../nodes.presenter.ts';
import type { RenditionsService } from '../renditions/renditions.service.ts';
import type { TrashService } from './trash.service.ts';

type TrashHandlers = Pick<
  Handlers,
  | 'listDeletedNodes'
  | 'getDeletedNode'
  | 'restoreDeletedNode'
  | 'purgeDeletedNode'
  | 'getDeletedNodeContent'
  | 'listDeletedNodeRenditions'
  | 'getDeletedNodeRendition'
  | 'getDeletedNodeRenditionContent'
  | 'emptyTrash'
>;

/** The renditions' side (composed in handlers.ts): their service and their JSON. */
export interface DeletedRenditions {
  service: Pick<RenditionsService, 'listOf' | 'findOf'>;
  toJson: (r: Awaited<ReturnType<RenditionsService['findOf']>>) => components['schemas']['Rendition'];
}

export function trashRoutes(
  trash: TrashService,
  present: NodesPresenter,
  renditions: DeletedRenditions,
): TrashHandlers {
  return {
    async listDeletedNodes({ query, principal }) {
      const paging = pagingParam(query);
      const page = await trash.list(principal, paging);
      const entries = await present.deleted(principal, page.items, query, false);
      return listEnvelope({ items: entries, totalItems: page.totalItems, paging }, (entry) => entry);
    },

    async emptyTrash({ principal }) {
      return { entry: await trash.empty(principal) };
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
      return sendContent(request, reply, node, query.attachment, (range) => trash.open(node.contentId, range));
    },

    async listDeletedNodeRenditions({ params, query, principal }) {
      const node = await trash.file(principal, params.nodeId);
      const paging = pagingParam(query);
      const fields = listParam(query.fields);
      const page = await renditions.service.listOf(node, paging.skipCount, paging.maxItems);
      return listEnvelope({ items: page.items, totalItems: page.total, paging }, (r) =>
        applyFields(renditions.toJson(r), fields, new Set()),
      );
    },

    async getDeletedNodeRendition({ params, query, principal }) {
      const node = await trash.file(principal, params.nodeId);
      const rendition = await renditions.service.findOf(node, params.renditionId);
      return { entry: applyFields(renditions.toJson(rendition), listParam(query.fields), new Set()) };
    },

    async getDeletedNodeRenditionContent({ params, principal }) {
      const node = await trash.file(principal, params.nodeId);
      await renditions.service.findOf(node, params.renditionId);
      // No converter is installed: a requested rendition stays NOT_CREATED and has no content.
      throw trash.renditionNotCreated(params.renditionId);
    },
  };
}
