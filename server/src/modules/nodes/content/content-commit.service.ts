import type { ContentStore } from '../../../content-store/content-store.ts';
import type { Db, Tx } from '../../../db/database.ts';
import type { Transact } from '../../../db/group-commit.ts';
import { lockRepositoryUsage } from '../../../db/row-locks.ts';
import type { Dictionary } from '../../dictionary/dictionary.ts';
import type { PeopleRepository } from '../../people/people.repository.ts';
import type { ContentRepository } from '../core/content.repository.ts';
import { withPathRetry } from '../core/folder-path.ts';
import type { NodeGate } from '../core/gate.service.ts';
import { guessEncoding, mimeTypeFor } from '../core/mime.ts';
import type { NamePolicy } from '../core/name-policy.ts';
import { nodeErrors } from '../core/nodes.errors.ts';
import type { NodeRecord, NodesRepository } from '../core/nodes.repository.ts';
import type { VersionsRepository } from '../core/versions.repository.ts';
import type { RenditionsService } from '../renditions/renditions.service.ts';
import type { Staged } from './staging.service.ts';

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
  /**
   * Stores a small content's text for the search index in the upload's transaction, when its type
   * is cheap to read there (modules/search/extract/inline-text.ts); called before the node points
   * at the content, so the node's index document takes the words as it is written.
   */
  indexText: (
    tx: Tx,
    content: { contentId: string; bytes: Buffer; mimeType: string; encoding: string },
  ) => Promise<void>;
  repos: {
    nodes: NodesRepository;
    content: ContentRepository;
    versions: VersionsRepository;
    people: PeopleRepository;
  };
}

/** The content service's dependencies, with the transaction runner settled. */
export type ContentDeps = ContentServiceDeps & { transact: Transact };

/**
 * Publishes the staged bytes and runs `work` in the transaction that records them. `lockFirst`
 * is the node whose row is locked before anything is written (the file whose content changes,
 * the folder that gets a new file): rows are locked top-down, nodes before the usage counters
 * that the content row's triggers change, as a delete locks them (no deadlock between the two).
 * `shared`: the row is held in share mode (a new file whose name is given, not chosen from the
 * folder's children: such creates in one folder run side by side on PostgreSQL). `above`: the
 * folder of the file whose content changes, held before it (lock-rules.ts lockForChange).
 *
 * On failure the published object is removed only when no committed row can name it: every run
 * of the transaction's callback failed before its end (its transaction, or group commit's
 * savepoint, rolled back). Once a run has ended, what fails after it (the COMMIT, group commit's
 * batch, its sync) has an outcome unknown here: PostgreSQL's connection lost while COMMIT was in
 * flight may have committed, and a batch's sync fails after its commit. The object is then kept;
 * the content sweeper removes it once older than its grace period if no row names it.
 */
export async function commitContent<T>(
  deps: ContentDeps,
  staged: Staged,
  work: (tx: Tx) => Promise<T>,
  lockFirst: string,
  shared = false,
  above?: string | null,
) {
  const { repos, contentStore } = deps;
  if (!staged.inline) await contentStore.publish(staged);
  // Set when a run of the callback ends: from then on a failure may follow a commit.
  let ended = false;
  try {
    // A relativePath folder created concurrently by another upload: run the transaction again
    // (a run that failed inside its callback, rolled back).
    return await withPathRetry(() =>
      deps.transact(async (tx) => {
        if (above) await repos.nodes.keyShareRow(tx, above);
        // The node's row first, then the content row, in one statement: gone meanwhile is a 404.
        const hold = { nodeId: lockFirst, shared };
        if (!(await repos.content.insertHolding(tx, hold, staged.id, staged.sizeInBytes, Date.now(), staged.inline))) {
          throw nodeErrors.notFound(lockFirst);
        }
        const result = await work(tx);
        if (deps.quotaBytes !== undefined) {
          // Re-checked after the writes, under a lock that concurrent uploads (every instance)
          // take too: the total read includes theirs and this one's.
          await lockRepositoryUsage(tx);
          if ((await repos.content.totalBytes(tx)) > deps.quotaBytes) throw nodeErrors.quotaExceeded(deps.quotaBytes);
        }
        ended = true;
        return result;
      }),
    );
  } catch (error) {
    // Rolled back: nothing names the object. Otherwise it is left to the sweeper (see above).
    if (!staged.inline && !ended) await contentStore.remove(staged.id).catch(() => undefined);
    throw error;
  }
}

/**
 * 507 when the owner's usage, with this transaction's changes (new content, and the old content
 * kept by a version), exceeds their quota. Locks the owner's usage: the last step before the
 * repository's check (db/row-locks.ts).
 */
export async function checkPersonQuota(deps: ContentDeps, tx: Tx, ownerId: string): Promise<void> {
  const over = await deps.repos.people.overQuota(tx, ownerId);
  if (over) throw nodeErrors.personQuotaExceeded(over.id, over.quota);
}

/** The type and encoding of staged content under this name; a small one's text is indexed now. */
export async function contentFormat(deps: ContentDeps, tx: Tx, staged: Staged, name: string) {
  const mimeType = mimeTypeFor(name);
  const encoding = guessEncoding(staged.head, mimeType);
  if (staged.inline) await deps.indexText(tx, { contentId: staged.id, bytes: staged.inline, mimeType, encoding });
  return { mimeType, encoding };
}

/** Points the node at new content (type re-guessed from the name, encoding from the bytes). */
export async function setContent(
  deps: ContentDeps,
  tx: Tx,
  node: NodeRecord,
  staged: Staged,
  newName: string | undefined,
  by: string,
) {
  await deps.repos.nodes.update(tx, node.id, {
    ...(newName !== undefined ? { name: newName } : {}),
    contentId: staged.id,
    ...(await contentFormat(deps, tx, staged, newName ?? node.name)),
    sizeInBytes: staged.sizeInBytes,
    modifiedAt: Date.now(),
    modifiedBy: by,
  });
}
