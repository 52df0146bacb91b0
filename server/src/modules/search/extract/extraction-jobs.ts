import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../../db/database.ts';
import { onPostgres } from '../../../db/row-locks.ts';
import type { ExtractionResult, TextExtractor } from './text-extractor.ts';

/**
 * The durable extraction jobs: every content object gets a `content_text` row, 'pending', in the
 * transaction that stores it (a trigger, migration 0017). Any instance claims pending rows for a
 * lease, reads their text in worker threads and stores it (the index then takes the words, by a
 * trigger, in that transaction). An instance that stops mid-job lets its lease run out and another
 * takes the row again; a content whose job was started MAX_ATTEMPTS times without an end (it takes
 * its worker down each time) is marked failed, so none is retried for ever or left unindexed.
 */

export interface ExtractionJobsDeps {
  db: Db;
  extractor: TextExtractor;
  /** The content's bytes (undefined: gone). */
  open(contentId: string): Promise<Readable | undefined>;
}

/** How long a claimed job is an instance's own: longer than an extraction may take. */
export const LEASE_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 3;
/**
 * Contents claimed at once by one instance: their results are stored in one transaction, so a
 * backlog costs the writers two commits per batch, not one per file.
 */
const BATCH = 16;

interface Claimed {
  contentId: string;
  attempts: number;
}

/** Claims up to `limit` pending jobs whose lease is free (PostgreSQL: rows others hold are skipped). */
export async function claimJobs(db: Db, now: number, limit = BATCH): Promise<Claimed[]> {
  const free = db
    .selectFrom('contentText')
    .select('contentId')
    .where('state', '=', 'pending')
    .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', now)]))
    .limit(limit);
  const rows = await db
    .updateTable('contentText')
    .set((eb) => ({ claimedUntil: now + LEASE_MS, attempts: eb('attempts', '+', 1) }))
    .where('contentId', 'in', onPostgres(db) ? free.forUpdate().skipLocked() : free)
    .where('state', '=', 'pending')
    .returning(['contentId', 'attempts'])
    .execute();
  return rows.map((r) => ({ contentId: r.contentId, attempts: Number(r.attempts) }));
}

/** The media type and encoding a content is stored with (any node or version that has it). */
async function formatOf(db: Db, contentId: string): Promise<{ mimeType: string; encoding: string | null } | undefined> {
  const live = await db
    .selectFrom('nodes')
    .select(['mimeType', 'encoding'])
    .where('contentId', '=', contentId)
    .where('mimeType', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  const row =
    live ??
    (await db
      .selectFrom('versions')
      .select(['mimeType', 'encoding'])
      .where('contentId', '=', contentId)
      .where('mimeType', 'is not', null)
      .limit(1)
      .executeTakeFirst());
  return row?.mimeType ? { mimeType: row.mimeType, encoding: row.encoding } : undefined;
}

/** One job: its result, or failed with the reason when it cannot be had. */
async function extractOne(deps: ExtractionJobsDeps, job: Claimed): Promise<ExtractionResult> {
  if (job.attempts > MAX_ATTEMPTS) {
    return { status: 'failed', reason: `its extraction stopped unfinished ${MAX_ATTEMPTS} times` };
  }
  const format = await formatOf(deps.db, job.contentId);
  if (!format) return { status: 'none' };
  const stream = await deps.open(job.contentId);
  if (!stream) return { status: 'extracted', text: '', truncated: false };
  const bytes = await buffer(stream);
  return deps.extractor.extract(bytes, format.mimeType, format.encoding ?? undefined);
}

function resultValues(result: ExtractionResult, now: number) {
  return {
    state: result.status,
    text: result.status === 'extracted' ? result.text : null,
    reason: result.status === 'failed' ? result.reason : null,
    truncated: result.status === 'extracted' && result.truncated ? (1 as const) : (0 as const),
    claimedUntil: null,
    updatedAt: now,
  };
}

async function store(db: DbOrTx, contentId: string, values: ReturnType<typeof resultValues>): Promise<void> {
  await db
    .updateTable('contentText')
    .set(values)
    .where('contentId', '=', contentId)
    .where('state', '=', 'pending')
    .execute();
}

/**
 * Stores a batch's results (and the index their words) in one transaction. When that fails (a
 * text the index refuses), each is stored alone, and one the index refuses is a failure too.
 */
async function storeResults(db: Db, results: { contentId: string; result: ExtractionResult }[], now: number) {
  try {
    await db.transaction().execute(async (tx) => {
      for (const { contentId, result } of results) await store(tx, contentId, resultValues(result, now));
    });
    return;
  } catch {
    // One of them failed; find which, storing them one by one.
  }
  for (const { contentId, result } of results) {
    const values = resultValues(result, now);
    try {
      await store(db, contentId, values);
    } catch (error) {
      const reason = `its text could not be indexed: ${(error as Error).message}`.slice(0, 500);
      await store(db, contentId, { ...values, state: 'failed', text: null, reason, truncated: 0 });
    }
  }
}

/** Claims and runs one batch of jobs; how many it ran (0: none was waiting). */
export async function runExtractionBatch(deps: ExtractionJobsDeps, now = Date.now()): Promise<number> {
  const jobs = await claimJobs(deps.db, now);
  const results: { contentId: string; result: ExtractionResult }[] = [];
  for (const job of jobs) {
    let result: ExtractionResult;
    try {
      result = await extractOne(deps, job);
    } catch (error) {
      result = { status: 'failed', reason: `its content could not be read: ${(error as Error).message}`.slice(0, 500) };
    }
    results.push({ contentId: job.contentId, result });
  }
  if (results.length > 0) await storeResults(deps.db, results, Date.now());
  return jobs.length;
}

/** Whether a job is waiting whose lease is free (one look-up on the pending rows' index). */
export async function hasWaitingJobs(db: Db, now = Date.now()): Promise<boolean> {
  const row = await sql<{ one: number }>`select 1 as one from content_text
    where state = 'pending' and (claimed_until is null or claimed_until < ${now}) limit 1`.execute(db);
  return row.rows.length > 0;
}
