import type { Selectable } from 'kysely';
import type { NodesTable } from '../../../db/schema.ts';
import type { NewVersion } from '../core/versions.repository.ts';

/** Where, when and by whom a row is copied. */
interface CopyTarget {
  id: string;
  parent: { id: string; aclId: string };
  name: string;
  now: number;
  by: string;
}

/** A node row's copy, with the first version of a versioned file and the ACL of a node that defines one. */
export interface RowCopy {
  copy: Selectable<NodesTable>;
  version: NewVersion | undefined;
  acl: { id: string; parentAclId: string | null } | undefined;
}

/**
 * A copy of a row: new id and parent, the copier as creator and owner, no lock, cm:copiedfrom,
 * a fresh 1.0 for versioned files. A node that defines an ACL gets its own (same entries);
 * the others use their new parent's.
 */
export function copyRow(
  row: Selectable<NodesTable>,
  id: string,
  parent: { id: string; aclId: string },
  name: string,
  now: number,
  by: string,
): RowCopy {
  const to: CopyTarget = { id, parent, name, now, by };
  const definesAcl = row.aclId === row.id;
  const aspects = JSON.parse(row.aspects) as string[];
  const properties = JSON.parse(row.properties) as Record<string, unknown>;
  if (!aspects.includes('cm:copiedfrom')) aspects.push('cm:copiedfrom');
  const versioned = row.isFile === 1 && aspects.includes('cm:versionable');
  if (versioned) Object.assign(properties, { 'cm:versionLabel': '1.0', 'cm:versionType': 'MAJOR' });
  // The copier owns the copy: a cm:owner it carried names them now.
  if (properties['cm:owner'] !== undefined) properties['cm:owner'] = by;
  return {
    copy: copiedRow(row, to, definesAcl, aspects, properties),
    version: versioned ? firstVersion(row, to, aspects, properties) : undefined,
    acl: definesAcl ? { id, parentAclId: row.inheritPermissions === 1 ? parent.aclId : null } : undefined,
  };
}

function copiedRow(
  row: Selectable<NodesTable>,
  to: CopyTarget,
  definesAcl: boolean,
  aspects: string[],
  properties: Record<string, unknown>,
): Selectable<NodesTable> {
  return {
    ...row,
    id: to.id,
    parentId: to.parent.id,
    name: to.name,
    nameKey: to.name.toLowerCase(),
    ownerId: to.by,
    aclId: definesAcl ? to.id : row.isFolder === 1 ? to.parent.aclId : null,
    // Counted as its children are copied: only those the copier may read are.
    childCount: 0,
    // A copy starts a fresh history (1.0, its live content): no other version keeps bytes.
    historyBytes: 0,
    systemKey: null,
    aspects: JSON.stringify(aspects),
    properties: JSON.stringify(properties),
    createdAt: to.now,
    createdBy: to.by,
    modifiedAt: to.now,
    modifiedBy: to.by,
    lockOwner: null,
    lockType: null,
    lockLifetime: null,
    lockExpiresAt: null,
  };
}

/** The copy of a versioned file starts its history at 1.0, with its live content. */
function firstVersion(
  row: Selectable<NodesTable>,
  to: CopyTarget,
  aspects: string[],
  properties: Record<string, unknown>,
): NewVersion {
  return {
    nodeId: to.id,
    label: '1.0',
    major: 1,
    minor: 0,
    comment: null,
    name: to.name,
    nodeType: row.nodeType,
    contentId: row.contentId,
    mimeType: row.mimeType,
    encoding: row.encoding,
    sizeInBytes: row.sizeInBytes,
    aspects,
    properties,
    createdAt: to.now,
    createdBy: to.by,
  };
}
