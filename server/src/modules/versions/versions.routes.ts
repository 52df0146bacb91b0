import type { components } from '../../../../openapi/schema.gen.ts';
import { formatDate } from '../../http/json.ts';
import { applyFields, includeParam, listEnvelope, listParam, pagingParam } from '../../http/params.ts';
import { Access } from '../permissions/access.ts';
import type { Handlers } from '../../http/routes.ts';
import { sendContent, type Downloadable } from '../content/content.routes.ts';
import type { ContentService } from '../content/content.service.ts';
import { mimeTypeName } from '../content/mime.ts';
import { propertySelectors } from '../nodes/node-properties.ts';
import { nodeErrors } from '../nodes/nodes.errors.ts';
import type { NodesService } from '../nodes/nodes.service.ts';
import type { VersionRecord } from './versions.repository.ts';
import type { VersionsService } from './versions.service.ts';

type Version = components['schemas']['Version'];
type VersionHandlers = Pick<
  Handlers,
  'listVersionHistory' | 'getVersion' | 'deleteVersion' | 'getVersionContent' | 'revertVersion'
>;

/** A version as Alfresco shows it: minimal in lists, with aspectNames and properties on its own. */
function toVersionJson(v: VersionRecord, full: boolean, include: ReadonlySet<string>): Version {
  const mimeType = v.mimeType ?? 'application/octet-stream';
  const json: Version = {
    id: v.label,
    name: v.name,
    nodeType: v.nodeType,
    isFolder: false,
    isFile: true,
    modifiedAt: formatDate(v.createdAt),
    modifiedByUser: v.createdBy,
    content: {
      mimeType,
      mimeTypeName: mimeTypeName(mimeType),
      sizeInBytes: v.sizeInBytes ?? 0,
      ...(v.encoding ? { encoding: v.encoding } : {}),
    },
  };
  if (v.comment) json.versionComment = v.comment;
  if ((full || include.has('aspectNames')) && v.aspects.length) json.aspectNames = v.aspects;
  if ((full || include.has('properties')) && Object.keys(v.properties).length) json.properties = v.properties;
  return json;
}

const downloadable = (v: VersionRecord): Downloadable => ({ ...v, modifiedAt: v.createdAt });

export function versionsRoutes(
  nodes: NodesService,
  versions: VersionsService,
  content: ContentService,
): VersionHandlers {
  const file = async (principal: Parameters<NodesService['resolve']>[0], nodeId: string) => {
    const node = await nodes.resolve(principal, nodeId);
    if (!node.isFile) throw nodeErrors.notAFile(node.id);
    return node;
  };
  return {
    async listVersionHistory({ params, query, principal }) {
      const node = await file(principal, params.nodeId);
      const paging = pagingParam(query);
      const include = includeParam(query.include);
      propertySelectors(include);
      const fields = listParam(query.fields);
      const page = await versions.list(node, paging.skipCount, paging.maxItems);
      return listEnvelope({ items: page.items, totalItems: page.total, paging }, (v) =>
        applyFields(toVersionJson(v, false, include), fields, include),
      );
    },

    async getVersion({ params, query, principal }) {
      const node = await file(principal, params.nodeId);
      const version = await versions.find(node, params.versionId);
      return { entry: applyFields(toVersionJson(version, true, new Set()), listParam(query.fields), new Set()) };
    },

    async deleteVersion({ params, principal, reply }) {
      const node = await file(principal, params.nodeId);
      await nodes.require(principal, node, Access.DELETE);
      await versions.delete(principal, node, params.versionId);
      return reply.code(204).send();
    },

    async getVersionContent({ params, query, principal, request, reply }) {
      const node = await file(principal, params.nodeId);
      const version = await versions.find(node, params.versionId);
      return sendContent(request, reply, downloadable(version), query.attachment, (range) =>
        content.open(version.contentId, range),
      );
    },

    async revertVersion({ params, query, body, principal }) {
      const node = await file(principal, params.nodeId);
      await nodes.require(principal, node, Access.WRITE);
      await versions.revert(principal, node, params.versionId, {
        major: body.majorVersion ?? false,
        ...(body.comment !== undefined ? { comment: body.comment } : {}),
      });
      const head = (await versions.list(await nodes.load(node.id), 0, 1)).items[0]!;
      return { entry: applyFields(toVersionJson(head, true, new Set()), listParam(query.fields), new Set()) };
    },
  };
}
