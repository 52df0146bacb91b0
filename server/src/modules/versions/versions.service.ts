import type { Db, DbOrTx } from '../../db/database.ts';
import type { Principal } from '../../http/auth.ts';
import { ApiError, entityNotFound } from '../../http/errors.ts';
import type { ContentStore } from '../../content-store/content-store.ts';
import type { ContentRepository } from '../content/content.repository.ts';
import { assertMayModify, lockForChange } from '../locks/locks.service.ts';
import type { NewNode, NodeRecord, NodesRepository } from '../nodes/nodes.repository.ts';
import { formatLabel, nextLabel, type VersionLabel } from './version-label.ts';
import type { NewVersion, VersionRecord, VersionsRepository } from './versions.repository.ts';

export interface VersionsDeps {
  db: Db;
  contentStore: ContentStore;
  repos: { nodes: NodesRepository; versions: VersionsRepository; content: ContentRepository };
}

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
  repos: VersionsDeps['repos'],
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

export function createVersionsService(deps: VersionsDeps) {
  const { db, repos, contentStore } = deps;

  async function find(node: NodeRecord, label: string): Promise<VersionRecord> {
    const version = await repos.versions.find(db, node.id, label);
    if (!version) throw entityNotFound(label);
    return version;
  }

  return {
    find,

    list(node: NodeRecord, skip: number, limit: number) {
      return repos.versions.list(db, node.id, skip, limit);
    },

    /** Makes an old version's content current again, as a new version (minor by default). */
    async revert(principal: Principal, node: NodeRecord, label: string, options: { major: boolean; comment?: string }) {
      assertMayModify(principal, node);
      const version = await find(node, label);
      await db.transaction().execute(async (tx) => {
        await lockForChange(repos.nodes, tx, principal, node.id);
        await repos.nodes.update(tx, node.id, {
          contentId: version.contentId,
          mimeType: version.mimeType,
          encoding: version.encoding,
          sizeInBytes: version.sizeInBytes,
          modifiedAt: Date.now(),
          modifiedBy: principal.id,
        });
        await recordVersion(repos, tx, node.id, principal, options);
      });
    },

    /**
     * Deletes one version. Deleting the newest rolls the node back to the one before it; the
     * last remaining version cannot be deleted (422).
     */
    async delete(principal: Principal, node: NodeRecord, label: string) {
      assertMayModify(principal, node);
      const version = await find(node, label);
      const released = await db.transaction().execute(async (tx) => {
        await lockForChange(repos.nodes, tx, principal, node.id);
        const { total } = await repos.versions.list(tx, node.id, 0, 1);
        if (total <= 1) {
          throw new ApiError(
            422,
            'framework.exception.ApiDefault',
            `The last version (${label}) of ${node.id} cannot be deleted`,
          );
        }
        const head = await repos.versions.head(tx, node.id);
        await repos.versions.delete(tx, node.id, label);
        if (head?.label === label) {
          const previous = (await repos.versions.head(tx, node.id))!;
          await repos.nodes.update(tx, node.id, {
            contentId: previous.contentId,
            mimeType: previous.mimeType,
            encoding: previous.encoding,
            sizeInBytes: previous.sizeInBytes,
            properties: {
              ...node.properties,
              'cm:versionLabel': previous.label,
              'cm:versionType': previous.minor === 0 ? 'MAJOR' : 'MINOR',
            },
            modifiedAt: Date.now(),
            modifiedBy: principal.id,
          });
        }
        return version.contentId ? repos.content.deleteUnreferenced(tx, [version.contentId]) : [];
      });
      for (const id of released) await contentStore.remove(id).catch(() => undefined);
    },
  };
}

export type VersionsService = ReturnType<typeof createVersionsService>;
