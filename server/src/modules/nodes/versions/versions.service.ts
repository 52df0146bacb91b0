import type { Db, DbOrTx, Tx } from '../../../db/database.ts';
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

type Range = { start: number; end: number };

/** The version of the node by its label; 404 when it has none by that label. */
async function findVersion(
  deps: VersionsDeps,
  node: NodeRecord,
  label: string,
  db: DbOrTx = deps.db,
): Promise<VersionRecord> {
  const version = await deps.repos.versions.find(db, node.id, label);
  if (!version) throw entityNotFound(label);
  return version;
}

/** The file the caller may read (a folder is a 400). */
async function readableFile(deps: VersionsDeps, principal: Principal, nodeId: string): Promise<NodeRecord> {
  const node = await deps.gate.resolve(principal, nodeId);
  if (!node.isFile) throw nodeErrors.notAFile(node.id);
  return node;
}

/** A version's bytes, as a download reads them. */
async function download(deps: VersionsDeps, principal: Principal, nodeId: string, label: string) {
  const version = await findVersion(deps, await readableFile(deps, principal, nodeId), label);
  return { version, open: (range?: Range) => openContent(deps, version.contentId, range) };
}

/** Makes an old version's content current again, as a new version; answers the new head. */
async function revert(
  deps: VersionsDeps,
  principal: Principal,
  nodeId: string,
  label: string,
  options: { major: boolean; comment?: string },
) {
  const node = await readableFile(deps, principal, nodeId);
  await deps.gate.require(principal, node, Access.WRITE);
  return revertTo(deps, principal, node, label, options);
}

/** Makes an old version's content current again, as a new version (minor by default); answers that version. */
async function revertTo(
  deps: VersionsDeps,
  principal: Principal,
  node: NodeRecord,
  label: string,
  options: { major: boolean; comment?: string },
) {
  const { repos } = deps;
  assertMayModify(principal, node);
  await findVersion(deps, node, label);
  return deps.db.transaction().execute(async (tx) => {
    await lockForChange(repos.nodes, tx, principal, node.id, node.parentId);
    // The version as it is once the node is held: one deleted since it was read is a 404, not
    // content that its deletion may have released.
    const version = await findVersion(deps, node, label, tx);
    await repos.nodes.update(tx, node.id, {
      contentId: version.contentId,
      mimeType: version.mimeType,
      encoding: version.encoding,
      sizeInBytes: version.sizeInBytes,
      modifiedAt: Date.now(),
      modifiedBy: principal.id,
    });
    await recordVersion(repos, tx, node.id, principal, options);
    // Read while the row is still locked: the version this revert made, not a later one's.
    return (await repos.versions.list(tx, node.id, 0, 1)).items[0]!;
  });
}

async function deleteOne(deps: VersionsDeps, principal: Principal, nodeId: string, label: string) {
  const node = await readableFile(deps, principal, nodeId);
  await deps.gate.require(principal, node, Access.DELETE);
  await deleteVersion(deps, principal, node, label);
}

/**
 * Deletes one version. Deleting the newest rolls the node back to the one before it; the
 * last remaining version cannot be deleted (422).
 */
async function deleteVersion(deps: VersionsDeps, principal: Principal, node: NodeRecord, label: string) {
  const { repos } = deps;
  assertMayModify(principal, node);
  await findVersion(deps, node, label);
  const released = await deps.db.transaction().execute(async (tx) => {
    // The node and the version as they are once held: a change committed since they were read
    // (a property, another deletion of this version) is not undone by the roll-back.
    const current = await lockForChange(repos.nodes, tx, principal, node.id, node.parentId);
    const version = await repos.versions.find(tx, node.id, label);
    if (!version) throw entityNotFound(label);
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
    if (head?.label === label) await rollBack(deps, tx, principal, current);
    return version.contentId ? repos.content.deleteUnreferenced(tx, [version.contentId]) : [];
  });
  for (const id of released) await deps.contentStore.remove(id).catch(() => undefined);
}

/** The node takes the content and label of its newest remaining version (its head was deleted). */
async function rollBack(deps: VersionsDeps, tx: Tx, principal: Principal, node: NodeRecord) {
  const previous = (await deps.repos.versions.head(tx, node.id))!;
  await deps.repos.nodes.update(tx, node.id, {
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

export function createVersionsService(deps: VersionsDeps) {
  return {
    /** A version of a node whose access was checked already (direct access URLs). */
    find: (node: NodeRecord, label: string) => findVersion(deps, node, label),
    open: (contentId: string | null, range?: Range) => openContent(deps, contentId, range),

    async list(principal: Principal, nodeId: string, skip: number, limit: number) {
      const node = await readableFile(deps, principal, nodeId);
      return deps.repos.versions.list(deps.db, node.id, skip, limit);
    },

    get: async (principal: Principal, nodeId: string, label: string) =>
      findVersion(deps, await readableFile(deps, principal, nodeId), label),
    download: (principal: Principal, nodeId: string, label: string) => download(deps, principal, nodeId, label),
    revert: (principal: Principal, nodeId: string, label: string, options: { major: boolean; comment?: string }) =>
      revert(deps, principal, nodeId, label, options),
    delete: (principal: Principal, nodeId: string, label: string) => deleteOne(deps, principal, nodeId, label),
  };
}

export type VersionsService = ReturnType<typeof createVersionsService>;
