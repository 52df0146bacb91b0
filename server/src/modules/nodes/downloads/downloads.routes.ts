import type { Handlers } from '../../../http/routes.ts';
import { isNotFound } from '../../../http/errors.ts';
import { sendContent } from '../../../http/send-content.ts';
import { toDownloadJson, toDownloadNodeJson } from './downloads.mappers.ts';
import type { DownloadsService } from './downloads.service.ts';

type DownloadHandlers = Pick<Handlers, 'createDownload' | 'getDownload' | 'cancelDownload'>;
type NodeReads = Pick<Handlers, 'getNode' | 'getNodeContent'>;

export function downloadsRoutes(downloads: DownloadsService): DownloadHandlers {
  return {
    async createDownload({ body, principal, reply }) {
      const row = await downloads.create(principal, body.nodeIds);
      return reply.code(202).send({ entry: toDownloadJson(row) });
    },

    async getDownload({ params, principal }) {
      return { entry: toDownloadJson(await downloads.get(principal, params.downloadId)) };
    },

    async cancelDownload({ params, principal, reply }) {
      await downloads.cancel(principal, params.downloadId);
      return reply.code(202).send();
    },
  };
}

/**
 * A download is a node in Alfresco: ADF reads `GET /nodes/{downloadId}` (the zip's name) and fetches
 * `GET /nodes/{downloadId}/content`. Where the node reads find no node, they look for a download
 * the caller may see; for anyone else the answer stays the node's 404. Nodes pay nothing for it.
 */
export function withDownloadNodes(nodes: NodeReads, downloads: DownloadsService): NodeReads {
  return {
    async getNode(ctx) {
      try {
        return await nodes.getNode(ctx);
      } catch (error) {
        const download =
          isNotFound(error) && !ctx.query.relativePath && (await downloads.asNode(ctx.principal, ctx.params.nodeId));
        if (!download) throw error;
        return { entry: toDownloadNodeJson(download.row, download.creator) };
      }
    },

    async getNodeContent(ctx) {
      try {
        return await nodes.getNodeContent(ctx);
      } catch (error) {
        const zip = isNotFound(error) && (await downloads.content(ctx.principal, ctx.params.nodeId));
        if (!zip) throw error;
        return sendContent(ctx.request, ctx.reply, zip.item, ctx.query.attachment, zip.open);
      }
    },
  };
}
