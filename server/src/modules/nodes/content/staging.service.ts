import type { Readable } from 'node:stream';
import { HEAD_BYTES, type ContentStore, type StagedContent } from '../../../content-store/content-store.ts';
import type { Db } from '../../../db/database.ts';
import { orderedId } from '../../../db/ordered-id.ts';
import { tooLarge } from '../../../http/errors.ts';
import type { PeopleRepository } from '../../people/people.repository.ts';
import type { ContentRepository } from '../core/content.repository.ts';
import { nodeErrors } from '../core/nodes.errors.ts';

/** Contents up to this size are kept in the database rather than in the content store (ADR 0008). */
export const INLINE_MAX_BYTES = 64 * 1024;

/** Uploaded bytes ready to commit: in the content store (staged there), or held for the database (`inline`). */
export type Staged = StagedContent & { readonly inline?: Buffer };

/** Whose quota new content counts against, and how many of its bytes it replaces. */
export interface ContentOwner {
  personId: string;
  replacingBytes: number;
}

export interface StagingDeps {
  db: Db;
  contentStore: ContentStore;
  maxFileBytes: number | undefined;
  quotaBytes: number | undefined;
  repos: { content: ContentRepository; people: PeopleRepository };
}

interface Quotas {
  remaining: number | undefined;
  personal: { quota: number; left: number } | undefined;
}

/** Bytes the owner may still add (undefined: no quota). */
async function personRemaining(deps: StagingDeps, owner: ContentOwner): Promise<Quotas['personal']> {
  const person = await deps.repos.people.quotaOf(deps.db, owner.personId);
  if (!person || person.quota < 0) return undefined;
  const used = await deps.repos.people.quotaUsed(deps.db, person.id);
  return { quota: person.quota, left: person.quota - used + owner.replacingBytes };
}

async function readQuotas(deps: StagingDeps, owner: ContentOwner): Promise<Quotas> {
  const { quotaBytes } = deps;
  return {
    remaining: quotaBytes === undefined ? undefined : quotaBytes - (await deps.repos.content.totalBytes(deps.db)),
    personal: await personRemaining(deps, owner),
  };
}

/** The limits checked on every chunk: the file limit (413) always, the quotas (507) once read. */
function limitCheck(deps: StagingDeps, owner: ContentOwner, quotas: () => Quotas | undefined) {
  const { maxFileBytes, quotaBytes } = deps;
  return (bytes: number) => {
    if (maxFileBytes !== undefined && bytes > maxFileBytes) {
      throw tooLarge(`The content exceeds the ${maxFileBytes}-byte limit for a single file`);
    }
    const read = quotas();
    if (!read) return;
    if (read.remaining !== undefined && bytes > read.remaining) throw nodeErrors.quotaExceeded(quotaBytes!);
    const { personal } = read;
    if (personal && bytes > personal.left) throw nodeErrors.personQuotaExceeded(owner.personId, personal.quota);
  };
}

/** What was held, then the rest of the source; the source is ended if the reader gives up. */
async function* heldThenRest(
  held: Buffer[],
  chunks: AsyncIterator<Buffer>,
  abandon: () => Promise<unknown>,
): AsyncGenerator<Buffer> {
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

/**
 * Receives the bytes of an upload. Limits apply while they stream in: 413 for the file limit,
 * 507 for the repository's quota and for the owner's (re-checked when the metadata commits).
 * Up to INLINE_MAX_BYTES they are held in memory and go into the database with the metadata,
 * in one transaction (ADR 0008); past that they stream to the content store.
 */
export async function stageWithLimits(
  deps: StagingDeps,
  source: AsyncIterable<Buffer> | Readable,
  owner: ContentOwner,
): Promise<Staged> {
  // The quotas are read once the upload is too big to hold (small ones are checked when they
  // commit, as every upload is): a small upload costs no reads here.
  let quotas: Quotas | undefined;
  const check = limitCheck(deps, owner, () => quotas);
  const chunks = (source as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  // Giving up on the source (a limit exceeded) ends it, as `for await` would.
  const abandon = () => chunks.return?.().catch(() => undefined) ?? Promise.resolve();
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
    quotas = await readQuotas(deps, owner);
    check(size);
  } catch (error) {
    await abandon();
    throw error;
  }
  // Too big to keep in the database: what was held, then the rest, to the content store.
  try {
    return await deps.contentStore.stage(heldThenRest(held, chunks, abandon), { check });
  } catch (error) {
    // The store may fail before it reads anything (the staging file cannot be opened).
    await abandon();
    throw error;
  }
}

/** Removes staged bytes that will not be committed (inline ones were never written). */
export async function discardStaged(contentStore: ContentStore, staged: Staged | undefined): Promise<void> {
  if (staged && !staged.inline) await contentStore.discard(staged);
}
