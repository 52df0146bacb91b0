import type { components } from '../../../../../openapi/schema.gen.ts';
import { entityNotFound } from '../../../http/errors.ts';
import { formatDate } from '../../../http/json.ts';
import { applyFields, includeParam, listEnvelope, listParam, pagingParam } from '../../../http/params.ts';
import type { Handlers } from '../../../http/routes.ts';
import { sendContent, type Downloadable } from '../../../http/send-content.ts';
import { mimeTypeName } from '../core/mime.ts';
import { propertySelectors } from '../core/node-properties.ts';
import type { VersionRecord } from '../core/versions.repository.ts';
import type { VersionsService } from './versions.service.ts';

type Version = components['schemas']['Version'];
type VersionHandlers = Pick<
  Handlers,
  | 'listVersionHistory'
  | 'getVersion'
  | 'deleteVersion'
  | 'getVersionContent'
  | 'revertVersion'
  | 'listVersionRenditions'
  | 'getVersionRendition'
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

export function versionsRoutes(versions: VersionsService): VersionHandlers {
  return {
    async listVersionHistory({ params, query, principal }) {
      const paging = pagingParam(query);
      const page = await versions.list(principal, params.nodeId, paging.skipCount, paging.maxItems);
      const include = includeParam(query.include);
      propertySelectors(include);
      const fields = listParam(query.fields);
      return listEnvelope({ items: page.items, totalItems: page.total, paging }, (v) =>
        applyFields(toVersionJson(v, false, include), fields, include),
      );
    },

    async getVersion({ params, query, principal }) {
      const version = await versions.get(principal, params.nodeId, params.versionId);
      return { entry: applyFields(toVersionJson(version, true, new Set()), listParam(query.fields), new Set()) };
    },

    async deleteVersion({ params, principal, reply }) {
      await versions.delete(principal, params.nodeId, params.versionId);
      return reply.code(204).send();
    },

    async listVersionRenditions({ params, query, principal }) {
      await versions.get(principal, params.nodeId, params.versionId);
      return listEnvelope({ items: [], totalItems: 0, paging: pagingParam(query) }, (r: never) => r);
    },

    async getVersionRendition({ params, principal }) {
      await versions.get(principal, params.nodeId, params.versionId);
      throw entityNotFound(params.renditionId);
    },

    async getVersionContent({ params, query, principal, request, reply }) {
      const { version, open } = await versions.download(principal, params.nodeId, params.versionId);
      return sendContent(request, reply, downloadable(version), query.attachment, open);
    },

    async revertVersion({ params, query, body, principal }) {
      const head = await versions.revert(principal, params.nodeId, params.versionId, {
        major: body.majorVersion ?? false,
        ...(body.comment !== undefined ? { comment: body.comment } : {}),
      });
      return { entry: applyFields(toVersionJson(head, true, new Set()), listParam(query.fields), new Set()) };
    },
  };
}
