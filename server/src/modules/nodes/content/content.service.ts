import type { Readable } from 'node:stream';
import type { ContentStore } from '../../../content-store/content-store.ts';
import { isUniqueViolation, type Db, type Tx } from '../../../db/database.ts';
import { ownTransaction, type Transact } from '../../../db/group-commit.ts';
import { orderedId } from '../../../db/ordered-id.ts';
import { lockRepositoryUsage } from '../../../db/row-locks.ts';
import { badRequest, conflict } from '../../../http/errors.ts';
import type { Principal } from '../../../http/principal.ts';
import type { Dictionary } from '../../dictionary/dictionary.ts';
import type { PeopleRepository } from '../../people/people.repository.ts';
import { Access } from '../../permissions/access.ts';
import { openContent } from '../core/content-objects.ts';
import type { ContentRepository } from '../core/content.repository.ts';
import { ensureFolderPath, withPathRetry } from '../core/folder-path.ts';
import { freeName } from '../core/free-name.ts';
import type { NodeGate } from '../core/gate.service.ts';
import { assertMayModify, lockForChange } from '../core/lock-rules.ts';
import { guessEncoding, mimeTypeFor } from '../core/mime.ts';
import { assertValidName, type NamePolicy } from '../core/name-policy.ts';
import { checkAspectNames, checkProperties } from '../core/node-properties.ts';
import { nodeErrors } from '../core/nodes.errors.ts';
import { nameKey } from '../core/node-rows.ts';
import type { NewNode, NodeRecord, NodesRepository } from '../core/nodes.repository.ts';
import { settleOwner } from '../core/owner-property.ts';
import { releaseContent } from '../core/subtree-delete.ts';
import { isVersioned, recordVersion, withFirstVersion } from '../core/version-history.ts';
import type { VersionsRepository } from '../core/versions.repository.ts';
import type { RenditionsService } from '../renditions/renditions.service.ts';
import { discardStaged, stageWithLimits, type Staged } from './staging.service.ts';

export interface ContentServiceDeps {
  db: Db;
  /** The metadata transactions of uploads (group commit on SQLite); default: one transaction each. */
  transact?: Transact;
  dictionary: Dictionary;
  namePolicy: NamePolicy;
  contentStore: ContentStore;
  maxFileBytes: number | undefined;
  quotaBytes: number | undefined;
  gate: NodeGate;
  /** The one sibling service content uses: an upload records the renditions it asks for. */
  renditions: Pick<RenditionsService, 'record'>;
  repos: {
    nodes: NodesRepository;
    content: ContentRepository;
    versions: VersionsRepository;
    people: PeopleRepository;
  };
}

type Deps = ContentServiceDeps & { transact: Transact };

/** What a multipart upload carried besides the file. */
export interface UploadFields {
  name?: string;
  nodeType?: string;
  autoRename?: boolean;
  /** Replace the content of a versionable file of the same name (a new version). */
  overwrite?: boolean;
  majorVersion?: boolean;
  comment?: string;
  /** false: the new file is not versioned (uploads are versioned by default, 1.0). */
  versioningEnabled?: boolean;
  /** Folders to create below the parent first. */
  relativePath?: string;
  aspectNames?: string[];
  /** The `renditions` fields as sent (comma lists); ill-formed ids are dropped, never refused. */
  renditions?: string[];
  properties: Record<string, unknown>;
}

/** A multipart body read: the file's bytes staged, its name, the other fields. */
export interface Upload {
  staged: Staged;
  fileName: string;
  fields: UploadFields;
}

/** Reads a multipart body, giving the file part to `stage` as it streams in (content.routes.ts). */
export type ReadUpload = (stage: (file: AsyncIterable<Buffer>) => Promise<Staged>) => Promise<Upload>;

/** A new file's checked metadata. */
interface NewFile {
  requestedName: string;
  nodeType: string;
  properties: Record<string, unknown>;
  aspects: string[];
  ownerId: string;
}

/**
 * Publishes the staged bytes and runs `work` in the transaction that records them. `lockFirst`
 * is the node whose row is locked before anything is written (the file whose content changes,
 * the folder that gets a new file): rows are locked top-down, nodes before the usage counters
 * that the content row's triggers change, as a delete locks them (no deadlock between the two).
 */
async function commitContent<T>(deps: Deps, staged: Staged, work: (tx: Tx) => Promise<T>, lockFirst: string) {
  const { repos, contentStore } = deps;
  if (!staged.inline) await contentStore.publish(staged);
  try {
    // A relativePath folder created concurrently by another upload: run the transaction again.
    return await withPathRetry(() =>
      deps.transact(async (tx) => {
        await repos.nodes.lockRow(tx, lockFirst);
        await repos.content.insert(tx, staged.id, staged.sizeInBytes, Date.now(), staged.inline);
        const result = await work(tx);
        if (deps.quotaBytes !== undefined) {
          // Re-checked after the writes, under a lock that concurrent uploads (every instance)
          // take too: the total read includes theirs and this one's.
          await lockRepositoryUsage(tx);
          if ((await repos.content.totalBytes(tx)) > deps.quotaBytes) throw nodeErrors.quotaExceeded(deps.quotaBytes);
        }
        return result;
      }),
    );
  } catch (error) {
    if (!staged.inline) await contentStore.remove(staged.id).catch(() => undefined);
    throw error;
  }
}

/**
 * 507 when the owner's usage, with this transaction's changes (new content, and the old content
 * kept by a version), exceeds their quota. Locks the owner's usage: the last step before the
 * repository's check (db/row-locks.ts).
 */
async function checkPersonQuota(deps: Deps, tx: Tx, ownerId: string): Promise<void> {
  const over = await deps.repos.people.overQuota(tx, ownerId);
  if (over) throw nodeErrors.personQuotaExceeded(over.id, over.quota);
}

/** Points the node at new content (type re-guessed from the name, encoding from the bytes). */
async function setContent(
  deps: Deps,
  tx: Tx,
  node: NodeRecord,
  staged: Staged,
  newName: string | undefined,
  by: string,
) {
  const mimeType = mimeTypeFor(newName ?? node.name);
  await deps.repos.nodes.update(tx, node.id, {
    ...(newName !== undefined ? { name: newName } : {}),
    contentId: staged.id,
    mimeType,
    encoding: guessEncoding(staged.head, mimeType),
    sizeInBytes: staged.sizeInBytes,
    modifiedAt: Date.now(),
    modifiedBy: by,
  });
}

/** Name, type, properties, aspects and owner of an upload, checked before its transaction. */
async function checkNewFile(deps: Deps, principal: Principal, parent: NodeRecord, fileName: string, f: UploadFields) {
  const { dictionary } = deps;
  const requestedName = assertValidName(f.name || fileName, deps.namePolicy, parent.id);
  const nodeType = f.nodeType || 'cm:content';
  if (!dictionary.type(nodeType) || !dictionary.isSubtypeOf(nodeType, 'cm:content')) {
    throw nodeErrors.badType(nodeType);
  }
  const changes = checkProperties(dictionary, nodeType, f.properties);
  const properties = Object.fromEntries(Object.entries(changes.values).filter(([, v]) => v !== null));
  const findPerson = (id: string) => deps.repos.people.findById(deps.db, id);
  const ownerId = (await settleOwner(properties, findPerson, principal)) ?? principal.id;
  const aspects = [
    ...new Set(['cm:auditable', ...checkAspectNames(dictionary, f.aspectNames ?? []), ...changes.aspects]),
  ];
  if (f.overwrite && f.autoRename) throw badRequest('overwrite and autoRename cannot both be true');
  const file: NewFile = { requestedName, nodeType, properties, aspects, ownerId };
  return file;
}

/** `overwrite`: a new version of a versionable file; anything else of that name keeps its 409. Answers the content freed. */
async function overwriteFile(
  deps: Deps,
  tx: Tx,
  principal: Principal,
  existing: NodeRecord,
  upload: { staged: Staged; fields: UploadFields; requestedName: string },
) {
  const { repos } = deps;
  const { staged, fields: f } = upload;
  if (!existing.isFile || !isVersioned(existing)) throw conflict(`${upload.requestedName} already exists.`);
  await deps.gate.require(principal, existing, Access.WRITE, tx);
  await lockForChange(repos.nodes, tx, principal, existing.id);
  await setContent(deps, tx, existing, staged, undefined, principal.id);
  await deps.renditions.record(tx, existing.id, f.renditions ?? [], Date.now());
  await recordVersion(repos, tx, existing.id, principal, { major: f.majorVersion ?? false, comment: f.comment });
  const freed = existing.contentId ? await repos.content.deleteUnreferenced(tx, [existing.contentId]) : [];
  await checkPersonQuota(deps, tx, existing.ownerId);
  return freed;
}

/** Inserts the new file (with its first version unless versioningEnabled=false); answers its record. */
async function insertFile(
  deps: Deps,
  tx: Tx,
  principal: Principal,
  folder: NodeRecord,
  file: NewFile & { id: string },
  staged: Staged,
  f: UploadFields,
): Promise<NodeRecord> {
  const { repos } = deps;
  await deps.gate.require(principal, folder, Access.ADD_CHILDREN, tx);
  const name = f.autoRename ? await freeName(repos.nodes, tx, folder.id, file.requestedName) : file.requestedName;
  const mimeType = mimeTypeFor(name);
  const row: NewNode = {
    id: file.id,
    parentId: folder.id,
    name,
    nodeType: file.nodeType,
    isFolder: false,
    isFile: true,
    contentId: staged.id,
    mimeType,
    encoding: guessEncoding(staged.head, mimeType),
    sizeInBytes: staged.sizeInBytes,
    aspects: file.aspects,
    properties: file.properties,
    createdAt: Date.now(),
    createdBy: principal.id,
    ownerId: file.ownerId,
  };
  let inserted = row;
  if (f.versioningEnabled === false) {
    await repos.nodes.insert(tx, row);
  } else {
    const versioned = withFirstVersion(row, { major: f.majorVersion ?? true, comment: f.comment });
    inserted = versioned.node;
    await repos.nodes.insert(tx, inserted);
    await repos.versions.insert(tx, versioned.version);
  }
  await deps.renditions.record(tx, file.id, f.renditions ?? [], row.createdAt);
  await checkPersonQuota(deps, tx, file.ownerId);
  // As a GET would give it, with the folder's ACL as the request found it (a permission
  // change racing with the upload shows in the next read, as if it had come a moment later).
  return repos.nodes.inserted(tx, inserted, folder.aclId);
}

/** Creates a file from a staged upload (multipart create), or a new version (`overwrite`); answers its record. */
async function createFile(deps: Deps, principal: Principal, parent: NodeRecord, upload: Upload): Promise<NodeRecord> {
  const { staged, fields: f } = upload;
  const file = { ...(await checkNewFile(deps, principal, parent, upload.fileName, f)), id: orderedId() };
  let id = file.id;
  let created: NodeRecord | undefined;
  let released: string[] = [];
  try {
    released = await commitContent(
      deps,
      staged,
      async (tx) => {
        const folder = await ensureFolderPath(deps.repos.nodes, tx, parent, f.relativePath, {
          namePolicy: deps.namePolicy,
          userId: principal.id,
          access: deps.gate.pathAccess(principal),
        });
        const existing = f.overwrite
          ? await deps.repos.nodes.findChildByName(tx, folder.id, file.requestedName)
          : undefined;
        if (existing) {
          id = existing.id;
          return overwriteFile(deps, tx, principal, existing, { staged, fields: f, requestedName: file.requestedName });
        }
        created = await insertFile(deps, tx, principal, folder, file, staged, f);
        return [];
      },
      parent.id,
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw nodeErrors.duplicateName(file.requestedName);
    throw error;
  }
  await releaseContent(deps.contentStore, released);
  // A new node's record was built as it was inserted; a new version's is read back.
  return created ?? deps.gate.load(id);
}

/**
 * Replaces a file's content (and optionally renames it). A versioned file gets a new version
 * (minor unless majorVersion); an unversioned one becomes versioned when majorVersion or a
 * comment is given (0.1 for majorVersion=false, else 1.0). Old content goes when unused.
 */
async function replaceContent(
  deps: Deps,
  principal: Principal,
  node: NodeRecord,
  staged: Staged,
  newName: string | undefined,
  options: { majorVersion?: boolean | undefined; comment?: string | undefined },
) {
  const { repos } = deps;
  const { majorVersion, comment } = options;
  let released: string[] = [];
  try {
    released = await commitContent(
      deps,
      staged,
      async (tx) => {
        // The lock may have been taken while the bytes streamed in: checked on the row locked.
        const current = await lockForChange(repos.nodes, tx, principal, node.id);
        await setContent(deps, tx, current, staged, newName, principal.id);
        if (isVersioned(current)) {
          await recordVersion(repos, tx, node.id, principal, { major: majorVersion === true, comment });
        } else if (majorVersion !== undefined || comment !== undefined) {
          await recordVersion(repos, tx, node.id, principal, { major: majorVersion !== false, comment });
        }
        const freed = current.contentId ? await repos.content.deleteUnreferenced(tx, [current.contentId]) : [];
        await checkPersonQuota(deps, tx, current.ownerId);
        return freed;
      },
      node.id,
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw nodeErrors.duplicateName(newName ?? node.name);
    throw error;
  }
  await releaseContent(deps.contentStore, released);
}

/** Checks a new name before any byte is read: 422 when invalid, 409 when taken. */
async function checkRename(deps: Deps, node: NodeRecord, newName: string): Promise<void> {
  assertValidName(newName, deps.namePolicy, node.id);
  if (node.parentId && nameKey(newName) !== nameKey(node.name)) {
    const clash = await deps.repos.nodes.findChildByName(deps.db, node.parentId, newName);
    if (clash) throw nodeErrors.duplicateName(newName);
  }
}

/** The file of a content request, with the access the operation needs (404, 403, then 400 for a folder). */
async function fileFor(deps: Deps, principal: Principal, nodeId: string, bit: number): Promise<NodeRecord> {
  const node = await deps.gate.loadFor(principal, nodeId, bit);
  if (!node.isFile) throw nodeErrors.notAFile(node.id);
  return node;
}

export function createContentService(options: ContentServiceDeps) {
  const deps: Deps = { ...options, transact: options.transact ?? ownTransaction(options.db) };
  const open = (contentId: string | null, range?: { start: number; end: number }) =>
    openContent(deps, contentId, range);

  return {
    /** The bytes of a content object whose access was checked already (direct access URLs). */
    open,

    /**
     * POST /nodes/{id}/children as multipart: the parent is checked before any byte is read; the
     * bytes are staged as they stream in (and discarded if anything fails before the commit).
     */
    async upload(principal: Principal, parentId: string, read: ReadUpload, autoRename: boolean | undefined) {
      const parent = await deps.gate.resolve(principal, parentId);
      // Multipart upload: a file parent is a bad request here (JSON create answers 422).
      if (!parent.isFolder) throw nodeErrors.notAFolder(parent.id);
      let staged: Staged | undefined;
      try {
        const owner = { personId: principal.id, replacingBytes: 0 };
        const upload = await read(async (file) => (staged = await stageWithLimits(deps, file, owner)));
        const fields = { ...upload.fields, autoRename: upload.fields.autoRename ?? autoRename ?? false };
        return await createFile(deps, principal, parent, { ...upload, fields });
      } catch (error) {
        await discardStaged(deps.contentStore, staged);
        throw error;
      }
    },

    /** GET /nodes/{id}/content: the file the caller may read, and its bytes. */
    async download(principal: Principal, nodeId: string) {
      const node = await fileFor(deps, principal, nodeId, Access.READ);
      return { node, open: (range?: { start: number; end: number }) => open(node.contentId, range) };
    },

    /** PUT /nodes/{id}/content: the new bytes (and name), checked before any byte is read; answers the node. */
    async update(
      principal: Principal,
      nodeId: string,
      body: Readable,
      o: { name?: string | undefined; majorVersion?: boolean | undefined; comment?: string | undefined },
    ) {
      const node = await fileFor(deps, principal, nodeId, Access.WRITE);
      assertMayModify(principal, node);
      const newName = o.name !== undefined && o.name !== node.name ? o.name : undefined;
      if (newName !== undefined) await checkRename(deps, node, newName);
      const owner = { personId: node.ownerId, replacingBytes: node.sizeInBytes ?? 0 };
      const staged = await stageWithLimits(deps, body, owner);
      try {
        await replaceContent(deps, principal, node, staged, newName, o);
      } catch (error) {
        await discardStaged(deps.contentStore, staged);
        throw error;
      }
      return deps.gate.load(node.id);
    },
  };
}

export const requiredUploadMissing = () => badRequest('Required parameters are missing: filedata');

export type ContentService = ReturnType<typeof createContentService>;
