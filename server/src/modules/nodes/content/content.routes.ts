import type { Handlers } from '../../../http/routes.ts';
import { listEnvelope } from '../../../http/params.ts';
import { sendContent } from '../../../http/send-content.ts';
import type { NodesPresenter } from '../nodes.presenter.ts';
import type { NodesService } from '../nodes.service.ts';
import type { ContentService } from './content.service.ts';
import { readUpload } from './multipart.ts';

type ContentHandlers = Pick<Handlers, 'createNode' | 'getNodeContent' | 'updateNodeContent'>;

/** createNode is JSON (nodes.service.ts: folders and empty files, one or many) or multipart (an upload). */
export function contentRoutes(nodes: NodesService, content: ContentService, present: NodesPresenter): ContentHandlers {
  return {
    async createNode({ params, query, body, principal, request, reply }) {
      if (request.isMultipart()) {
        const read = (stage: Parameters<typeof readUpload>[1]) => readUpload(request, stage);
        const node = await content.upload(principal, params.nodeId, read, query.autoRename);
        return reply.code(201).send(await present.one(principal, node, query));
      }
      const options = {
        autoRename: query.autoRename ?? false,
        majorVersion: query.majorVersion,
        versioningEnabled: query.versioningEnabled,
        comment: query.comment,
      };
      if (!Array.isArray(body)) {
        const created = await nodes.create(principal, params.nodeId, body, options);
        return reply.code(201).send(await present.one(principal, created, query));
      }
      const created = await nodes.createMany(principal, params.nodeId, body, options);
      const entries = await Promise.all(created.map(async (node) => (await present.one(principal, node, query)).entry));
      const paging = { skipCount: 0, maxItems: Math.max(100, entries.length) };
      return reply.code(201).send(listEnvelope({ items: entries, totalItems: entries.length, paging }, (e) => e));
    },

    async getNodeContent({ params, query, principal, request, reply }) {
      const { node, open } = await content.download(principal, params.nodeId);
      return sendContent(request, reply, node, query.attachment, open);
    },

    async updateNodeContent({ params, query, principal, request }) {
      const node = await content.update(principal, params.nodeId, request.raw, query);
      return present.one(principal, node, query);
    },
  };
}
