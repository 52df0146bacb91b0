import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { isUniqueViolation, type Db, type Tx } from '../../db/database.ts';
import type { Principal } from '../../http/auth.ts';
import { badRequest, insufficientStorage, tooLarge } from '../../http/errors.ts';
import type { ContentStore, StagedContent } from '../../content-store/content-store.ts';
import type { Dictionary } from '../dictionary/dictionary.ts';
import { assertValidName, type NamePolicy } from '../nodes/name-policy.ts';
import { checkProperties } from '../nodes/node-properties.ts';
import { nodeErrors } from '../nodes/nodes.errors.ts';
import { assertMayModify } from '../locks/locks.service.ts';
import { freeName } from '../nodes/free-name.ts';
import { nameKey, type NodeRecord, type NodesRepository } from '../nodes/nodes.repository.ts';
import type { ContentRepository } from './content.repository.ts';
import { guessEncoding, mimeTypeFor } from './mime.ts';

export interface ContentServiceDeps {
  db: Db;
  dictionary: Dictionary;
  namePolicy: NamePolicy;
  contentStore: ContentStore;
  maxFileBytes: number | undefined;
  quotaBytes: number | undefined;
  repos: { nodes: NodesRepository; content: ContentRepository };
}

/** What a multipart upload carried besides the file. */
export interface UploadFields {
  name?: string;
  nodeType?: string;
  autoRename?: boolean;
  properties: Record<string, unknown>;
}

export function createContentService(deps: ContentServiceDeps) {
  const { db, repos, contentStore } = deps;

  /** Limits applied while the bytes stream in: 413 for the file limit, 507 for the quota. */
  async function stageWithLimits(source: AsyncIterable<Buffer> | Readable): Promise<StagedContent> {
    const { maxFileBytes, quotaBytes } = deps;
    const remaining = quotaBytes === undefined ? undefined : quotaBytes - (await repos.content.totalBytes(db));
    return contentStore.stage(source, {
      check(bytes) {
        if (maxFileBytes !== undefined && bytes > maxFileBytes) {
          throw tooLarge(`The content exceeds the ${maxFileBytes}-byte limit for a single file`);
        }
        if (remaining !== undefined && bytes > remaining) throw quotaExceeded(quotaBytes!);
      },
    });
  }

  /** Publishes staged bytes, runs the metadata transaction, and cleans up if it fails. */
  async function commitContent<T>(staged: StagedContent, work: (tx: Tx) => Promise<T>): Promise<T> {
    await contentStore.publish(staged);
    try {
      return await db.transaction().execute(async (tx) => {
        const now = Date.now();
        if (deps.quotaBytes !== undefined) {
          // Re-checked inside the transaction: concurrent uploads could together pass the quota.
          const total = await repos.content.totalBytes(tx);
          if (total + staged.sizeInBytes > deps.quotaBytes) throw quotaExceeded(deps.quotaBytes);
        }
        await repos.content.insert(tx, staged.id, staged.sizeInBytes, now);
        return work(tx);
      });
    } catch (error) {
      await contentStore.remove(staged.id).catch(() => undefined);
      throw error;
    }
  }

  return {
    stageWithLimits,

    async discard(staged: StagedContent | undefined): Promise<void> {
      if (staged) await contentStore.discard(staged);
    },

    /** Creates a file from a staged upload (multipart create). */
    async createFile(
      principal: Principal,
      parent: NodeRecord,
      staged: StagedContent,
      fileName: string,
      fields: UploadFields,
    ) {
      const requestedName = assertValidName(fields.name || fileName, deps.namePolicy, parent.id);
      const nodeType = fields.nodeType || 'cm:content';
      if (!deps.dictionary.type(nodeType) || !deps.dictionary.isSubtypeOf(nodeType, 'cm:content')) {
        throw nodeErrors.badType(nodeType);
      }
      const changes = checkProperties(deps.dictionary, nodeType, fields.properties);
      const properties = Object.fromEntries(Object.entries(changes.values).filter(([, v]) => v !== null));
      const aspects = [...new Set(['cm:auditable', ...changes.aspects])];
      const id = randomUUID();
      try {
        await commitContent(staged, async (tx) => {
          let name = requestedName;
          if (fields.autoRename) name = await freeName(repos.nodes, tx, parent.id, requestedName);
          const mimeType = mimeTypeFor(name);
          await repos.nodes.insert(tx, {
            id,
            parentId: parent.id,
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
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nodeErrors.duplicateName(requestedName);
        throw error;
      }
      return id;
    },

    /** Replaces a file's content (and optionally renames it); the old content goes when unused. */
    async replaceContent(principal: Principal, node: NodeRecord, staged: StagedContent, newName: string | undefined) {
      const name = newName ?? node.name;
      const mimeType = mimeTypeFor(name);
      let released: string[] = [];
      try {
        released = await commitContent(staged, async (tx) => {
          // The lock may have been taken while the bytes streamed in.
          const current = await repos.nodes.findById(tx, node.id);
          if (!current) throw nodeErrors.notFound(node.id);
          assertMayModify(principal, current);
          await repos.nodes.update(tx, node.id, {
            ...(newName !== undefined ? { name: newName } : {}),
            contentId: staged.id,
            mimeType,
            encoding: guessEncoding(staged.head, mimeType),
            sizeInBytes: staged.sizeInBytes,
            modifiedAt: Date.now(),
            modifiedBy: principal.id,
          });
          return node.contentId ? repos.content.deleteUnreferenced(tx, [node.contentId]) : [];
        });
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

    async open(node: NodeRecord, range?: { start: number; end: number }): Promise<Readable | undefined> {
      if (!node.contentId) return undefined;
      return contentStore.read(node.contentId, range);
    },
  };
}

function quotaExceeded(quotaBytes: number) {
  return insufficientStorage(`The repository's storage quota of ${quotaBytes} bytes would be exceeded`);
}

export const requiredUploadMissing = () => badRequest('Required parameters are missing: filedata');

export type ContentService = ReturnType<typeof createContentService>;
