import { keepLease } from '../../../jobs/lease-keeper.ts';
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
 * trigger, in that transaction). The lease is renewed every quarter of it while the batch runs (a
 * batch may take BATCH times the extractor's timeout, and its reads of the bytes longer still). An
 * instance that stops mid-job lets its lease run out and another takes the row again; a content
 * whose job was started MAX_ATTEMPTS times without an end (it takes its worker down each time) is
 * marked failed, so none is retried for ever or left unindexed. Renewals and results are fenced
 * by the claim (the row's attempts when claimed): a job taken over by another instance (its own
 * stalled past the lease) writes nothing more, and its batch skips the jobs it has not started.
 */

export interface ExtractionJobsDeps {
  db: Db;
  extractor: TextExtractor;
  /** The content's bytes (undefined: gone). */
  open(contentId: string): Promise<Readable | undefined>;
  /** How long a claim lasts without renewal; default LEASE_MS (tests shorten it). */
  leaseMs?: number;
}

/** How long a claimed job is an instance's own without renewal (the batch renews it every quarter of that). */
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
export async function claimJobs(db: Db, now: number, limit = BATCH, leaseMs = LEASE_MS): Promise<Claimed[]> {
  const free = db
    .selectFrom('contentText')
    .select('contentId')
    .where('state', '=', 'pending')
    .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', now)]))
    .limit(limit);
  const rows = await db
    .updateTable('contentText')
    .set((eb) => ({ claimedUntil: now + leaseMs, attempts: eb('attempts', '+', 1) }))
    .where('contentId', 'in', onPostgres(db) ? free.forUpdate().skipLocked() : free)
    .where('state', '=', 'pending')
    .returning(['contentId', 'attempts'])
    .execute();
  return rows.map((r) => ({ contentId: r.contentId, attempts: Number(r.attempts) }));
}

/** The claim of each job that is still its own (pending, not claimed since): renews their lease. */
async function renew(db: Db, jobs: readonly Claimed[], until: number): Promise<Set<string>> {
  if (jobs.length === 0) return new Set();
  const rows = await db
    .updateTable('contentText')
    .set({ claimedUntil: until })
    .where('state', '=', 'pending')
    .where((eb) => eb.or(jobs.map((j) => eb.and([eb('contentId', '=', j.contentId), eb('attempts', '=', j.attempts)]))))
    .returning('contentId')
    .execute();
  return new Set(rows.map((r) => r.contentId));
}

/**
 * One renewal of the batch's leases (jobs/lease-keeper.ts runs them while a file or its bytes are
 * slow): the jobs found no longer the batch's (taken over) go to `lost`.
 */
function renewLeases(db: Db, jobs: readonly Claimed[], leaseMs: number, lost: Set<string>): () => Promise<void> {
  return async () => {
    const held = jobs.filter((j) => !lost.has(j.contentId));
    const kept = await renew(db, held, Date.now() + leaseMs);
    for (const job of held) if (!kept.has(job.contentId)) lost.add(job.contentId);
  };
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

/** Stores a job's result, if the job is still this claim's (else it writes nothing). */
async function store(db: DbOrTx, job: Claimed, values: ReturnType<typeof resultValues>): Promise<void> {
  await db
    .updateTable('contentText')
    .set(values)
    .where('contentId', '=', job.contentId)
    .where('attempts', '=', job.attempts)
    .where('state', '=', 'pending')
    .execute();
}

type Outcome = { job: Claimed; result: ExtractionResult };

/**
 * Stores a batch's results (and the index their words) in one transaction. When that fails (a
 * text the index refuses), each is stored alone, and one the index refuses is a failure too.
 */
async function storeResults(db: Db, results: readonly Outcome[], now: number) {
  try {
    await db.transaction().execute(async (tx) => {
      for (const { job, result } of results) await store(tx, job, resultValues(result, now));
    });
    return;
  } catch {
    // One of them failed; find which, storing them one by one.
  }
  for (const { job, result } of results) {
    const values = resultValues(result, now);
    try {
      await store(db, job, values);
    } catch (error) {
      const reason = `its text could not be indexed: ${(error as Error).message}`.slice(0, 500);
      await store(db, job, { ...values, state: 'failed', text: null, reason, truncated: 0 });
    }
  }
}

/** Runs the claimed jobs in turn, but those taken over meanwhile (`lost`), and stores their results. */
async function runJobs(deps: ExtractionJobsDeps, jobs: readonly Claimed[], lost: ReadonlySet<string>): Promise<void> {
  const results: Outcome[] = [];
  for (const job of jobs) {
    if (lost.has(job.contentId)) continue;
    let result: ExtractionResult;
    try {
      result = await extractOne(deps, job);
    } catch (error) {
      result = { status: 'failed', reason: `its content could not be read: ${(error as Error).message}`.slice(0, 500) };
    }
    results.push({ job, result });
  }
  if (results.length > 0) await storeResults(deps.db, results, Date.now());
}

/** Claims and runs one batch of jobs, its lease renewed meanwhile; how many it claimed (0: none was waiting). */
export async function runExtractionBatch(deps: ExtractionJobsDeps, now = Date.now()): Promise<number> {
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  const jobs = await claimJobs(deps.db, now, BATCH, leaseMs);
  if (jobs.length === 0) return 0;
  const lost = new Set<string>();
  const lease = keepLease(renewLeases(deps.db, jobs, leaseMs, lost), leaseMs);
  try {
    await runJobs(deps, jobs, lost);
  } finally {
    await lease.stop();
  }
  return jobs.length;
}

/** Whether a job is waiting whose lease is free (one look-up on the pending rows' index). */
export async function hasWaitingJobs(db: Db, now = Date.now()): Promise<boolean> {
  const row = await sql<{ one: number }>`select 1 as one from content_text
    where state = 'pending' and (claimed_until is null or claimed_until < ${now}) limit 1`.execute(db);
  return row.rows.length > 0;
}
