import type { DbOrTx } from '../../../db/database.ts';
import type { Principal } from '../../../http/principal.ts';
import { entityNotFound } from '../../../http/errors.ts';
import type { NewNode, NodeRecord, NodesRepository } from './nodes.repository.ts';
import { formatLabel, nextLabel, type VersionLabel } from './version-label.ts';
import type { NewVersion, VersionsRepository } from './versions.repository.ts';

/** What a version is made of: the node as it is, its next label, and who makes it when. */
interface Snapshot {
  id: string;
  name: string;
  nodeType: string;
  contentId?: string | null;
  mimeType?: string | null;
  encoding?: string | null;
  sizeInBytes?: number | null;
  aspects: string[];
  properties: Record<string, unknown>;
}

type VersionOptions = { major: boolean; comment?: string | undefined };

/**
 * The node's aspects and properties once versioned (cm:versionable, cm:versionLabel,
 * cm:versionType) and the version row that snapshots it.
 */
function versionOf(node: Snapshot, label: VersionLabel, options: VersionOptions, at: number, by: string) {
  const properties = {
    ...node.properties,
    'cm:versionLabel': formatLabel(label),
    'cm:versionType': options.major ? 'MAJOR' : 'MINOR',
  };
  const aspects = node.aspects.includes('cm:versionable') ? node.aspects : [...node.aspects, 'cm:versionable'];
  const version: NewVersion = {
    nodeId: node.id,
    label: formatLabel(label),
    major: label.major,
    minor: label.minor,
    comment: options.comment || null,
    name: node.name,
    nodeType: node.nodeType,
    contentId: node.contentId ?? null,
    mimeType: node.mimeType ?? null,
    encoding: node.encoding ?? null,
    sizeInBytes: node.sizeInBytes ?? null,
    aspects,
    properties,
    createdAt: at,
    createdBy: by,
  };
  return { aspects, properties, version };
}

/**
 * Records a new version of a node as it is now (inside the caller's transaction): the next label
 * after the newest version, the node's cm:versionLabel/cm:versionType, and the cm:versionable
 * aspect when the node was not versioned yet.
 */
export async function recordVersion(
  repos: { nodes: NodesRepository; versions: VersionsRepository },
  tx: DbOrTx,
  nodeId: string,
  principal: Principal,
  options: VersionOptions,
): Promise<void> {
  const node = await repos.nodes.findById(tx, nodeId);
  if (!node) throw entityNotFound(nodeId);
  const label = nextLabel(await repos.versions.head(tx, nodeId), options.major);
  const { aspects, properties, version } = versionOf(node, label, options, Date.now(), principal.id);
  await repos.nodes.update(tx, nodeId, {
    aspects,
    properties,
    modifiedAt: node.modifiedAt,
    modifiedBy: node.modifiedBy.id,
  });
  await repos.versions.insert(tx, version);
}

/**
 * A new file that starts versioned: its row with cm:versionable and the label properties, and the
 * row of its first version — written together, without reading anything back.
 */
export function withFirstVersion(node: NewNode, options: VersionOptions): { node: NewNode; version: NewVersion } {
  const label = nextLabel(undefined, options.major);
  const { aspects, properties, version } = versionOf(node, label, options, node.createdAt, node.createdBy);
  return { node: { ...node, aspects, properties }, version };
}

export function isVersioned(node: Pick<NodeRecord, 'aspects'>): boolean {
  return node.aspects.includes('cm:versionable');
}
