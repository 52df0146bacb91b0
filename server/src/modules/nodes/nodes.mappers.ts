import type { components } from '../../../../openapi/schema.gen.ts';
import { formatDate, omitEmpty } from '../../http/json.ts';
import { mimeTypeName } from './core/mime.ts';
import { isActive, LOCK_TYPE_PROPERTY } from './core/lock-state.ts';
import {
  authorityDisplayName,
  inheritedEntries,
  SETTABLE_ROLES,
  SITE_SETTABLE_ROLES,
  type NodePermissions,
  type PermissionEntry,
} from '../permissions/permissions.ts';
import type { NodeRecord } from './core/nodes.repository.ts';

export type NodeJson = components['schemas']['Node'];
export type PathInfo = components['schemas']['PathInfo'];

export interface NodeView {
  /** Single-node responses always carry aspectNames and properties; list entries only on request. */
  full: boolean;
  include: ReadonlySet<string>;
  path?: PathInfo;
  allowableOperations?: NodeJson['allowableOperations'];
  /** The ancestors' permissions, nearest first (for include=permissions). */
  permissionChain?: NodePermissions[];
  /** Display names of the people and groups in the permissions (others fall back to the short name). */
  authorityNames?: ReadonlyMap<string, string>;
  association?: NodeJson['association'];
  /** Whether the node is among the caller's favorites (include=isFavorite). */
  isFavorite?: boolean;
}

/** Node record -> the interface's node JSON (explicit fields; empty values omitted as Alfresco does). */
export function toNodeJson(node: NodeRecord, view: NodeView): NodeJson {
  const { include } = view;
  const json: NodeJson = {
    id: node.id,
    name: node.name,
    nodeType: node.nodeType,
    isFolder: node.isFolder,
    isFile: node.isFile,
    createdAt: formatDate(node.createdAt),
    createdByUser: node.createdBy,
    modifiedAt: formatDate(node.modifiedAt),
    modifiedByUser: node.modifiedBy,
  };
  if (node.parentId) json.parentId = node.parentId;
  if (node.isFile) {
    const mimeType = node.mimeType ?? 'application/octet-stream';
    json.content = omitEmpty({
      mimeType,
      mimeTypeName: mimeTypeName(mimeType),
      sizeInBytes: node.sizeInBytes ?? 0,
      encoding: node.encoding ?? undefined,
    }) as NodeJson['content'];
  }
  if (view.full || include.has('aspectNames')) {
    const aspects = node.aspects.filter((a) => !a.startsWith('sys:'));
    if (node.lock) aspects.push('cm:lockable');
    if (aspects.length) json.aspectNames = aspects;
  }
  const shown =
    node.properties['cm:owner'] !== undefined
      ? { ...node.properties, 'cm:owner': { id: node.ownerId, displayName: node.ownerDisplayName ?? node.ownerId } }
      : node.properties;
  const properties = selectProperties(node.lock ? { ...shown, ...lockProperties(node.lock) } : shown, view);
  if (properties) json.properties = properties;
  if (include.has('isLink'))
    json.isLink = node.nodeType === 'cm:link' || (node.nodeType.startsWith('app:') && node.nodeType.endsWith('link'));
  if (include.has('isLocked')) json.isLocked = isActive(node.lock, Date.now());
  if (include.has('isFavorite')) json.isFavorite = view.isFavorite ?? false;
  if (include.has('path') && view.path) json.path = view.path;
  if (include.has('allowableOperations') && view.allowableOperations?.length) {
    json.allowableOperations = view.allowableOperations;
  }
  if (include.has('association') && view.association) json.association = view.association;
  if (include.has('permissions') && view.permissionChain)
    json.permissions = toPermissionsInfo(node, view.permissionChain, view.authorityNames);
  return json;
}

/**
 * `properties` of single-node responses, or of list entries with include=properties. In lists,
 * include tokens with a prefix (`cm:title`, `properties/cm:title`) select single properties.
 */
function selectProperties(all: Record<string, unknown>, view: NodeView): Record<string, unknown> | undefined {
  let selected: Record<string, unknown> = all;
  if (!view.full && !view.include.has('properties')) {
    const names = [...view.include].map((i) => i.replace(/^properties\//, '')).filter((i) => i.includes(':'));
    if (names.length === 0) return undefined;
    selected = Object.fromEntries(names.filter((n) => n in all).map((n) => [n, all[n]]));
  }
  const cleaned = Object.fromEntries(
    Object.entries(selected).filter(([, v]) => v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)),
  );
  return Object.keys(cleaned).length ? cleaned : undefined;
}

/** `permissions` of include=permissions; empty lists are omitted as Alfresco does. */
function toPermissionsInfo(
  node: NodeRecord,
  chain: NodePermissions[],
  names: ReadonlyMap<string, string> = new Map(),
): NonNullable<NodeJson['permissions']> {
  const withNames = (entries: PermissionEntry[]) =>
    entries.map((e) => {
      const displayName = names.get(e.authorityId) ?? authorityDisplayName(e.authorityId);
      return displayName ? { ...e, authorityDisplayName: displayName } : { ...e };
    });
  const inherited = withNames(inheritedEntries(node.permissions, chain));
  const locallySet = withNames(node.permissions.local);
  return {
    isInheritanceEnabled: node.permissions.inherit,
    ...(inherited.length ? { inherited } : {}),
    ...(locallySet.length ? { locallySet } : {}),
    settable: node.nodeType === 'st:site' ? SITE_SETTABLE_ROLES : SETTABLE_ROLES,
  };
}

/** The cm:lockable properties Alfresco shows for a lock (stored as columns, not properties). */
function lockProperties(lock: NonNullable<NodeRecord['lock']>): Record<string, unknown> {
  return {
    'cm:lockType': LOCK_TYPE_PROPERTY[lock.type],
    'cm:lockOwner': { id: lock.owner, displayName: lock.ownerDisplayName },
    'cm:lockLifetime': lock.lifetime,
    ...(lock.expiresAt !== null ? { 'cm:expiryDate': formatDate(lock.expiresAt) } : {}),
  };
}

/** The `path` of a node from its ancestors (root first). Company Home's path is `{}`. */
export function toPathInfo(
  ancestors: { id: string; name: string; nodeType: string; aspects: string[] }[],
  isComplete = true,
): PathInfo {
  if (ancestors.length === 0) return isComplete ? {} : { isComplete: false };
  return {
    name: `/${ancestors.map((a) => a.name).join('/')}`,
    isComplete,
    elements: ancestors.map((a) => {
      const aspectNames = a.aspects.filter((x) => !x.startsWith('sys:'));
      return { id: a.id, name: a.name, nodeType: a.nodeType, ...(aspectNames.length ? { aspectNames } : {}) };
    }),
  };
}
