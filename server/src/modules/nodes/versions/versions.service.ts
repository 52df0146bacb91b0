import type { Db } from '../../../db/database.ts';
import type { Principal } from '../../../http/principal.ts';
import { ApiError, entityNotFound } from '../../../http/errors.ts';
import type { ContentStore } from '../../../content-store/content-store.ts';
import type { ContentRepository } from '../core/content.repository.ts';
import { assertMayModify, lockForChange } from '../core/lock-rules.ts';
import type { NodeRecord, NodesRepository } from '../core/nodes.repository.ts';
import { recordVersion } from '../core/version-history.ts';
import type { NodeGate } from '../core/gate.service.ts';
import { openContent } from '../core/content-objects.ts';
import { nodeErrors } from '../core/nodes.errors.ts';
import { Access } from '../../permissions/access.ts';
import type { VersionRecord, VersionsRepository } from '../core/versions.repository.ts';

export interface VersionsDeps {
  db: Db;
  contentStore: ContentStore;
  gate: NodeGate;
  repos: { nodes: NodesRepository; versions: VersionsRepository; content: ContentRepository };
}

export function createVersionsService(deps: VersionsDeps) {
  const { db, gate, repos, contentStore } = deps;

  async function find(node: NodeRecord, label: string): Promise<VersionRecord> {
    const version = await repos.versions.find(db, node.id, label);
    if (!version) throw entityNotFound(label);
    return version;
  }

  /** The file the caller may read (a folder is a 400). */
  async function file(principal: Principal, nodeId: string): Promise<NodeRecord> {
    const node = await gate.resolve(principal, nodeId);
    if (!node.isFile) throw nodeErrors.notAFile(node.id);
    return node;
  }

  const open = (contentId: string | null, range?: { start: number; end: number }) =>
    openContent(deps, contentId, range);

  return {
    /** A version of a node whose access was checked already (direct access URLs). */
    find,
    open,

    async list(principal: Principal, nodeId: string, skip: number, limit: number) {
      const node = await file(principal, nodeId);
      return repos.versions.list(db, node.id, skip, limit);
    },

    async get(principal: Principal, nodeId: string, label: string) {
      return find(await file(principal, nodeId), label);
    },

    /** A version's bytes, as a download reads them. */
    async download(principal: Principal, nodeId: string, label: string) {
      const version = await find(await file(principal, nodeId), label);
      return { version, open: (range?: { start: number; end: number }) => open(version.contentId, range) };
    },

    /** Makes an old version's content current again, as a new version; answers the new head. */
    async revert(principal: Principal, nodeId: string, label: string, options: { major: boolean; comment?: string }) {
      const node = await file(principal, nodeId);
      await gate.require(principal, node, Access.WRITE);
      await revertTo(principal, node, label, options);
      return (await repos.versions.list(db, (await gate.load(node.id)).id, 0, 1)).items[0]!;
    },

    async delete(principal: Principal, nodeId: string, label: string) {
      const node = await file(principal, nodeId);
      await gate.require(principal, node, Access.DELETE);
      await deleteVersion(principal, node, label);
    },
  };

  /** Makes an old version's content current again, as a new version (minor by default). */
  async function revertTo(
    principal: Principal,
    node: NodeRecord,
    label: string,
    options: { major: boolean; comment?: string },
  ) {
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
  }

  /**
   * Deletes one version. Deleting the newest rolls the node back to the one before it; the
   * last remaining version cannot be deleted (422).
   */
  async function deleteVersion(principal: Principal, node: NodeRecord, label: string) {
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
  }
}

export type VersionsService = ReturnType<typeof createVersionsService>;
