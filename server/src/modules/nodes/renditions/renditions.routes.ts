import type { components } from '../../../../../openapi/schema.gen.ts';
import { applyFields, listEnvelope, listParam, pagingParam } from '../../../http/params.ts';
import type { Handlers } from '../../../http/routes.ts';
import { mimeTypeName } from '../core/mime.ts';
import { renditionMimeType } from './rendition-ids.ts';
import type { RenditionRecord } from './renditions.repository.ts';
import type { RenditionsService } from './renditions.service.ts';

type Rendition = components['schemas']['Rendition'];
type RenditionHandlers = Pick<Handlers, 'listRenditions' | 'getRendition'>;

/** A rendition as Alfresco's RenditionsRelation shows it. */
export function toRenditionJson(r: RenditionRecord): Rendition {
  const mimeType = renditionMimeType(r.renditionId);
  return { id: r.renditionId, status: r.status, content: { mimeType, mimeTypeName: mimeTypeName(mimeType) } };
}

export function renditionsRoutes(renditions: RenditionsService): RenditionHandlers {
  return {
    async listRenditions({ params, query, principal }) {
      const paging = pagingParam(query);
      const fields = listParam(query.fields);
      const page = await renditions.list(principal, params.nodeId, paging.skipCount, paging.maxItems);
      return listEnvelope({ items: page.items, totalItems: page.total, paging }, (r) =>
        applyFields(toRenditionJson(r), fields, new Set()),
      );
    },

    async getRendition({ params, query, principal }) {
      const rendition = await renditions.find(principal, params.nodeId, params.renditionId);
      return { entry: applyFields(toRenditionJson(rendition), listParam(query.fields), new Set()) };
    },
  };
}
