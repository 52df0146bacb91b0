import { orderedId } from '../../db/ordered-id.ts';
import { Readable } from 'node:stream';
import { isUniqueViolation, type Db, type Tx } from '../../db/database.ts';
import { ownTransaction, type Transact } from '../../db/group-commit.ts';
import { lockRepositoryUsage } from '../../db/row-locks.ts';
import type { Principal } from '../../http/auth.ts';
import { badRequest, conflict, insufficientStorage, tooLarge } from '../../http/errors.ts';
import { HEAD_BYTES, type ContentStore, type StagedContent } from '../../content-store/content-store.ts';
import type { Dictionary } from '../dictionary/dictionary.ts';
import { assertValidName, type NamePolicy } from '../nodes/name-policy.ts';
import { checkAspectNames, checkProperties } from '../nodes/node-properties.ts';
import { ensureFolderPath, withPathRetry } from '../nodes/folder-path.ts';
import { settleOwner } from '../nodes/owner-property.ts';
import { nodeErrors } from '../nodes/nodes.errors.ts';
import { lockForChange } from '../locks/locks.service.ts';
import { freeName } from '../nodes/free-name.ts';
import { nameKey, type NewNode, type NodeRecord, type NodesRepository } from '../nodes/nodes.repository.ts';
import type { ContentRepository } from './content.repository.ts';
import { isVersioned, recordVersion, withFirstVersion } from '../versions/versions.service.ts';
import type { VersionsRepository } from '../versions/versions.repository.ts';
import { renditionIds } from '../renditions/rendition-ids.ts';
import type { RenditionsRepository } from '../renditions/renditions.repository.ts';
import { guessEncoding, mimeTypeFor } from './mime.ts';
import type { PeopleRepository } from '../people/people.repository.ts';
import { Access } from '../permissions/access.ts';
import type { AccessService } from '../permissions/access.service.ts';

export interface ContentServiceDeps {
  db: Db;
  /** The metadata transactions of uploads (group commit on SQLite); default: one transaction each. */
  transact?: Transact;
  dictionary: Dictionary;
  namePolicy: NamePolicy;
  contentStore: ContentStore;
  maxFileBytes: number | undefined;
  quotaBytes: number | undefined;
  access: AccessService;
  repos: {
    nodes: NodesRepository;
    content: ContentRepository;
    versions: VersionsRepository;
    renditions: RenditionsRepository;
    people: PeopleRepository;
  };
}

/** Contents up to this size are kept in the database rather than in the content store (ADR 0008). */
export const INLINE_MAX_BYTES = 64 * 1024;

/** Uploaded bytes ready to commit: in the content store (staged there), or held for the database (`inline`). */
export type Staged = StagedContent & { readonly inline?: Buffer };

/** Whose quota new content counts against, and how many of its bytes it replaces. */
export interface ContentOwner {
  personId: string;
  replacingBytes: number;
}

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

export function createContentService(deps: ContentServiceDeps) {
  const { db, repos, contentStore } = deps;
  const transact = deps.transact ?? ownTransaction(db);

  /** Bytes the owner may still add (undefined: no quota). */
  async function personRemaining(
    tx: Db | Tx,
    owner: ContentOwner,
  ): Promise<{ quota: number; left: number } | undefined> {
    const person = await repos.people.quotaOf(tx, owner.personId);
    if (!person || person.quota < 0) return undefined;
    const used = await repos.people.quotaUsed(tx, person.id);
    return { quota: person.quota, left: person.quota - used + owner.replacingBytes };
  }

  /**
   * Receives the bytes of an upload. Limits apply while they stream in: 413 for the file limit,
   * 507 for the repository's quota and for the owner's (re-checked when the metadata commits).
   * Up to INLINE_MAX_BYTES they are held in memory and go into the database with the metadata,
   * in one transaction (ADR 0008); past that they stream to the content store.
   */
  async function stageWithLimits(source: AsyncIterable<Buffer> | Readable, owner: ContentOwner): Promise<Staged> {
    const { maxFileBytes, quotaBytes } = deps;
    // The quotas are read once the upload is too big to hold (small ones are checked when they
    // commit, as every upload is): a small upload costs no reads here.
    let quotas: { remaining: number | undefined; personal: { quota: number; left: number } | undefined } | undefined;
    const check = (bytes: number) => {
      if (maxFileBytes !== undefined && bytes > maxFileBytes) {
        throw tooLarge(`The content exceeds the ${maxFileBytes}-byte limit for a single file`);
      }
      if (!quotas) return;
      if (quotas.remaining !== undefined && bytes > quotas.remaining) throw quotaExceeded(quotaBytes!);
      const { personal } = quotas;
      if (personal && bytes > personal.left) throw personQuotaExceeded(owner.personId, personal.quota);
    };
    const chunks = (source as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
    // Giving up on the source (a limit exceeded) ends it, as `for await` would.
    const abandon = () => chunks.return?.().catch(() => undefined);
    const held: Buffer[] = [];
    let size = 0;
    try {
      for (;;) {
        const next = await chunks.next();
        if (next.done) {
          const data = Buffer.concat(held, size);
          return { id: orderedId(), sizeInBytes: size, head: data.subarray(0, HEAD_BYTES), inline: data };
        }
        size += next.value.length;
        check(size);
        held.push(next.value);
        if (size > INLINE_MAX_BYTES) break;
      }
      quotas = {
        remaining: quotaBytes === undefined ? undefined : quotaBytes - (await repos.content.totalBytes(db)),
        personal: await personRemaining(db, owner),
      };
      check(size);
    } catch (error) {
      await abandon();
      throw error;
    }
    // Too big to keep in the database: what was held, then the rest, to the content store.
    async function* all(): AsyncGenerator<Buffer> {
      let ended = false;
      try {
        yield* held.splice(0);
        for (;;) {
          const next = await chunks.next();
          if (next.done) {
            ended = true;
            return;
          }
          yield next.value;
        }
      } finally {
        if (!ended) await abandon();
      }
    }
    try {
      return await contentStore.stage(all(), { check });
    } catch (error) {
      // The store may fail before it reads anything (the staging file cannot be opened).
      await abandon();
      throw error;
    }
  }

  /**
   * 507 when the owner's usage, with this transaction's changes (new content, and the old content
   * kept by a version), exceeds their quota. Locks the owner's usage: the last step before the
   * repository's check (db/row-locks.ts).
   */
  async function checkPersonQuota(tx: Tx, ownerId: string): Promise<void> {
    const over = await repos.people.overQuota(tx, ownerId);
    if (over) throw personQuotaExceeded(over.id, over.quota);
  }

  /** Publishes staged bytes, runs the metadata transaction, and cleans up if it fails. */
  /**
   * Publishes the staged bytes and runs `work` in the transaction that records them. `lockFirst`
   * is the node whose row is locked before anything is written (the file whose content changes,
   * the folder that gets a new file): rows are locked top-down, nodes before the usage counters
   * that the content row's triggers change, as a delete locks them (no deadlock between the two).
   */
  async function commitContent<T>(staged: Staged, work: (tx: Tx) => Promise<T>, lockFirst: string): Promise<T> {
    if (!staged.inline) await contentStore.publish(staged);
    try {
      // A relativePath folder created concurrently by another upload: run the transaction again.
      return await withPathRetry(() =>
        transact(async (tx) => {
          const now = Date.now();
          await repos.nodes.lockRow(tx, lockFirst);
          await repos.content.insert(tx, staged.id, staged.sizeInBytes, now, staged.inline);
          const result = await work(tx);
          if (deps.quotaBytes !== undefined) {
            // Re-checked after the writes, under a lock that concurrent uploads (every instance)
            // take too: the total read includes theirs and this one's.
            await lockRepositoryUsage(tx);
            if ((await repos.content.totalBytes(tx)) > deps.quotaBytes) throw quotaExceeded(deps.quotaBytes);
          }
          return result;
        }),
      );
    } catch (error) {
      if (!staged.inline) await contentStore.remove(staged.id).catch(() => undefined);
      throw error;
    }
  }

  /** Points the node at new content (type re-guessed from the name, encoding from the bytes). */
  async function setContent(
    tx: Tx,
    node: NodeRecord,
    staged: Staged,
    newName: string | undefined,
    principal: Principal,
  ) {
    const mimeType = mimeTypeFor(newName ?? node.name);
    await repos.nodes.update(tx, node.id, {
      ...(newName !== undefined ? { name: newName } : {}),
      contentId: staged.id,
      mimeType,
      encoding: guessEncoding(staged.head, mimeType),
      sizeInBytes: staged.sizeInBytes,
      modifiedAt: Date.now(),
      modifiedBy: principal.id,
    });
  }

  return {
    stageWithLimits,

    async discard(staged: Staged | undefined): Promise<void> {
      if (staged && !staged.inline) await contentStore.discard(staged);
    },

    /** Creates a file from a staged upload (multipart create), or a new version (`overwrite`); answers its record. */
    async createFile(
      principal: Principal,
      parent: NodeRecord,
      staged: Staged,
      fileName: string,
      fields: UploadFields,
      pathAccess: Parameters<typeof ensureFolderPath>[4]['access'],
    ) {
      const requestedName = assertValidName(fields.name || fileName, deps.namePolicy, parent.id);
      const nodeType = fields.nodeType || 'cm:content';
      if (!deps.dictionary.type(nodeType) || !deps.dictionary.isSubtypeOf(nodeType, 'cm:content')) {
        throw nodeErrors.badType(nodeType);
      }
      const changes = checkProperties(deps.dictionary, nodeType, fields.properties);
      const properties = Object.fromEntries(Object.entries(changes.values).filter(([, v]) => v !== null));
      const ownerId = (await settleOwner(properties, (id) => repos.people.findById(db, id), principal)) ?? principal.id;
      const aspects = [
        ...new Set([
          'cm:auditable',
          ...checkAspectNames(deps.dictionary, fields.aspectNames ?? []),
          ...changes.aspects,
        ]),
      ];
      if (fields.overwrite && fields.autoRename) throw badRequest('overwrite and autoRename cannot both be true');
      const renditions = renditionIds(fields.renditions ?? []);
      const newId = orderedId();
      let released: string[] = [];
      let id: string = newId;
      let created: NodeRecord | undefined;
      try {
        released = await commitContent(
          staged,
          async (tx) => {
            const folder = await ensureFolderPath(repos.nodes, tx, parent, fields.relativePath, {
              namePolicy: deps.namePolicy,
              userId: principal.id,
              access: pathAccess,
            });
            const existing = fields.overwrite
              ? await repos.nodes.findChildByName(tx, folder.id, requestedName)
              : undefined;
            if (existing) {
              // overwrite: a new version of a versionable file; anything else keeps its 409.
              if (!existing.isFile || !isVersioned(existing)) throw conflict(`${requestedName} already exists.`);
              await deps.access.require(principal, existing, Access.WRITE, tx);
              await lockForChange(repos.nodes, tx, principal, existing.id);
              id = existing.id;
              await setContent(tx, existing, staged, undefined, principal);
              await repos.renditions.request(tx, existing.id, renditions, Date.now());
              await recordVersion(repos, tx, existing.id, principal, {
                major: fields.majorVersion ?? false,
                comment: fields.comment,
              });
              const freed = existing.contentId ? await repos.content.deleteUnreferenced(tx, [existing.contentId]) : [];
              await checkPersonQuota(tx, existing.ownerId);
              return freed;
            }
            await deps.access.require(principal, folder, Access.ADD_CHILDREN, tx);
            let name = requestedName;
            if (fields.autoRename) name = await freeName(repos.nodes, tx, folder.id, requestedName);
            const mimeType = mimeTypeFor(name);
            const row: NewNode = {
              id: newId,
              parentId: folder.id,
              name,
              nodeType,
              isFolder: false,
              isFile: true,
              contentId: staged.id,
              mimeType,
              encoding: guessEncoding(staged.head, mimeType),
              sizeInBytes: staged.sizeInBytes,
              aspects,
              properties,
              createdAt: Date.now(),
              createdBy: principal.id,
              ownerId,
            };
            let inserted = row;
            if (fields.versioningEnabled === false) {
              await repos.nodes.insert(tx, row);
            } else {
              const versioned = withFirstVersion(row, { major: fields.majorVersion ?? true, comment: fields.comment });
              inserted = versioned.node;
              await repos.nodes.insert(tx, inserted);
              await repos.versions.insert(tx, versioned.version);
            }
            await repos.renditions.request(tx, newId, renditions, row.createdAt);
            await checkPersonQuota(tx, ownerId);
            // As a GET would give it, with the folder's ACL as the request found it (a permission
            // change racing with the upload shows in the next read, as if it had come a moment later).
            created = await repos.nodes.inserted(tx, inserted, folder.aclId);
            return [];
          },
          parent.id,
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw nodeErrors.duplicateName(requestedName);
        throw error;
      }
      for (const contentId of released) await contentStore.remove(contentId).catch(() => undefined);
      // A new node's record was built as it was inserted; a new version's is read back.
      if (created) return created;
      const updated = await repos.nodes.findById(db, id);
      if (!updated) throw nodeErrors.notFound(id);
      return updated;
    },

    /**
     * Replaces a file's content (and optionally renames it). A versioned file gets a new version
     * (minor unless majorVersion); an unversioned one becomes versioned when majorVersion or a
     * comment is given (0.1 for majorVersion=false, else 1.0). Old content goes when unused.
     */
    async replaceContent(
      principal: Principal,
      node: NodeRecord,
      staged: Staged,
      newName: string | undefined,
      options: { majorVersion?: boolean | undefined; comment?: string | undefined } = {},
    ) {
      const name = newName ?? node.name;
      let released: string[] = [];
      try {
        released = await commitContent(
          staged,
          async (tx) => {
            // The lock may have been taken while the bytes streamed in: checked on the row locked.
            const current = await lockForChange(repos.nodes, tx, principal, node.id);
            await setContent(tx, current, staged, newName, principal);
            if (isVersioned(current)) {
              await recordVersion(repos, tx, node.id, principal, {
                major: options.majorVersion === true,
                comment: options.comment,
              });
            } else if (options.majorVersion !== undefined || options.comment !== undefined) {
              await recordVersion(repos, tx, node.id, principal, {
                major: options.majorVersion !== false,
                comment: options.comment,
              });
            }
            const freed = current.contentId ? await repos.content.deleteUnreferenced(tx, [current.contentId]) : [];
            await checkPersonQuota(tx, current.ownerId);
            return freed;
          },
          node.id,
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw nodeErrors.duplicateName(name);
        throw error;
      }
      for (const id of released) await contentStore.remove(id).catch(() => undefined);
    },

    /** Checks a new name before any byte is read: 422 when invalid, 409 when taken. */
    async checkRename(node: NodeRecord, newName: string): Promise<void> {
      assertValidName(newName, deps.namePolicy, node.id);
      if (node.parentId && nameKey(newName) !== nameKey(node.name)) {
        const clash = await repos.nodes.findChildByName(db, node.parentId, newName);
        if (clash) throw nodeErrors.duplicateName(newName);
      }
    },

    /** The bytes of a content object (undefined for the empty content of a JSON-created file). */
    async open(contentId: string | null, range?: { start: number; end: number }): Promise<Readable | undefined> {
      if (!contentId) return undefined;
      const inline = await repos.content.inlineData(db, contentId);
      if (inline) return Readable.from([range ? inline.subarray(range.start, range.end + 1) : inline]);
      return contentStore.read(contentId, range);
    },
  };
}

function quotaExceeded(quotaBytes: number) {
  return insufficientStorage(`The repository's storage quota of ${quotaBytes} bytes would be exceeded`);
}

export function personQuotaExceeded(personId: string, quota: number) {
  return insufficientStorage(`The content quota of ${personId} (${quota} bytes) would be exceeded`);
}

export const requiredUploadMissing = () => badRequest('Required parameters are missing: filedata');

export type ContentService = ReturnType<typeof createContentService>;
