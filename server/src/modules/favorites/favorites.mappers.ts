import type { components } from '../../../../openapi/schema.gen.ts';
import { formatDate, omitEmpty } from '../../http/json.ts';
import { mimeTypeName } from '../nodes/core/mime.ts';
import { toNodeJson, type PathInfo } from '../nodes/nodes.mappers.ts';
import type { NodeRecord } from '../nodes/core/nodes.repository.ts';
import { siteFromNode, toSiteJson } from '../sites/sites.mappers.ts';
import type { SiteRole } from '../sites/sites.model.ts';
import type { Favorite } from './favorites.service.ts';

export type FavoriteJson = components['schemas']['Favorite'];
export type FavoriteNodeJson = components['schemas']['FavoriteNode'];

export interface FavoriteView {
  include: ReadonlySet<string>;
  /** The target's path (include=path; files and folders). */
  path?: PathInfo;
  /** The caller's role in a site target (omitted when not a member). */
  role?: SiteRole;
  /** The caller's operations on the target (include=allowableOperations). */
  allowableOperations?: FavoriteJson['allowableOperations'];
}

/** Shown at the top level of a favorite (include=properties), so not repeated in its properties. */
const EXCLUDED_PROPERTIES = ['cm:title', 'cm:description', 'st:siteVisibility', 'st:sitePreset'];

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * A file or folder as a favorite's target: Alfresco's legacy Document/Folder shape, with `guid`,
 * `title`, `description`, `createdBy` and `modifiedBy` besides the node fields, and no `nodeType`.
 */
export function toFavoriteNodeJson(node: NodeRecord, path?: PathInfo): FavoriteNodeJson {
  const json = omitEmpty({
    id: node.id,
    guid: node.id,
    name: node.name,
    title: text(node.properties['cm:title']),
    description: text(node.properties['cm:description']),
    createdAt: formatDate(node.createdAt),
    createdBy: node.createdBy.id,
    createdByUser: node.createdBy,
    modifiedAt: formatDate(node.modifiedAt),
    modifiedBy: node.modifiedBy.id,
    modifiedByUser: node.modifiedBy,
    parentId: node.parentId ?? undefined,
    isFile: node.isFile,
    isFolder: node.isFolder,
  }) as FavoriteNodeJson;
  if (node.isFile) {
    const mimeType = node.mimeType ?? 'application/octet-stream';
    const sizeInBytes = node.sizeInBytes ?? 0;
    json.mimeType = mimeType;
    json.sizeInBytes = sizeInBytes;
    const versionLabel = text(node.properties['cm:versionLabel']);
    if (versionLabel) json.versionLabel = versionLabel;
    json.content = omitEmpty({
      mimeType,
      mimeTypeName: mimeTypeName(mimeType),
      sizeInBytes,
      encoding: node.encoding ?? undefined,
    }) as FavoriteNodeJson['content'];
  }
  if (path) json.path = path;
  return json;
}

/** A favorite: `targetGuid`, `createdAt`, `target`, and what include asks for of the target. */
export function toFavoriteJson(favorite: Favorite, view: FavoriteView): FavoriteJson {
  const { node } = favorite;
  const target: FavoriteJson['target'] =
    favorite.kind === 'site'
      ? { site: toSiteJson(siteFromNode(node), view.role) }
      : favorite.kind === 'file'
        ? { file: toFavoriteNodeJson(node, view.path) }
        : { folder: toFavoriteNodeJson(node, view.path) };
  const json: FavoriteJson = { targetGuid: node.id, createdAt: formatDate(favorite.createdAt), target };
  const { include } = view;
  if (include.has('properties') || include.has('aspectNames')) {
    // The node's own view of them: system aspects hidden, lock properties shown, empty values dropped.
    const asNode = toNodeJson(node, { full: true, include: new Set() });
    const properties = Object.entries(asNode.properties ?? {}).filter(([k]) => !EXCLUDED_PROPERTIES.includes(k));
    if (include.has('properties') && properties.length) json.properties = Object.fromEntries(properties);
    if (include.has('aspectNames') && asNode.aspectNames?.length) json.aspectNames = asNode.aspectNames;
  }
  if (include.has('allowableOperations') && view.allowableOperations?.length) {
    json.allowableOperations = view.allowableOperations;
  }
  return json;
}
