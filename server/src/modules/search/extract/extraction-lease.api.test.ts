import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../db/database.ts';
import { aFile, aFolder } from '../../../testing/builders.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { openContent } from '../../nodes/core/content-objects.ts';
import { createContentRepository } from '../../nodes/core/content.repository.ts';
import { runExtractionBatch, type ExtractionJobsDeps } from './extraction-jobs.ts';
import type { ExtractionResult, TextExtractor } from './text-extractor.ts';

// Two instances on one database run the extraction jobs (no extraction loop on the test server:
// the test runs the batches). A claim's lease is short here; each wait is for a condition.

let server: TestServer;
/** A second instance's database: on PostgreSQL a pool of its own; SQLite is one process's file. */
let other: DatabaseHandle | undefined;
beforeAll(async () => {
  server = await startTestServer({ TEXT_EXTRACTION_THREADS: '0' });
  if (server.databaseUrl) other = await openDatabase({ databaseUrl: server.databaseUrl, dataDir: server.dataDir });
});
afterAll(async () => {
  await other?.close();
  await server.close();
});
const LEASE = 600;

/** An extractor whose every result waits until the test opens its gate; it counts its calls. */
function gatedExtractor(text: string) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const extractor = {
    calls: 0,
    open,
    async extract(): Promise<ExtractionResult> {
      extractor.calls += 1;
      await gate;
      return { status: 'extracted', text, truncated: false };
    },
    close: async () => undefined,
  } satisfies TextExtractor & { calls: number; open: () => void };
  return extractor;
}

function jobDeps(extractor: TextExtractor, db = server.app.database.db): ExtractionJobsDeps {
  const reads = { db, contentStore: server.app.contentStore, repos: { content: createContentRepository() } };
  return { db, extractor, open: (contentId) => openContent(reads, contentId), leaseMs: LEASE };
}

/** Files uploaded now (PDF by their names): their content ids, each with a pending extraction job. */
async function pendingContents(count: number): Promise<string[]> {
  const folder = await aFolder(server.api);
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const file = await aFile(server.api, folder.id, `%PDF-1.4 not really ${i}`, `f${i}.pdf`);
    const row = await server.app.database.db
      .selectFrom('nodes')
      .select('contentId')
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    ids.push(row.contentId!);
  }
  return ids;
}

const jobOf = (contentId: string) =>
  server.app.database.db
    .selectFrom('contentText')
    .select(['state', 'text', 'attempts', 'claimedUntil'])
    .where('contentId', '=', contentId)
    .executeTakeFirstOrThrow();

/** Polls `check` until it holds; each look is a request, so the instance's timers run meanwhile. */
async function until(check: () => Promise<boolean> | boolean, tries = 100_000) {
  for (let i = 0; i < tries; i += 1) {
    if (await check()) return;
    await server.api.get('/nodes/-root-');
  }
  throw new Error('condition not reached');
}

describe('text extraction job leases, two instances on one database', () => {
  it('keeps its lease while a batch is long: the other instance takes none of its jobs, each is read once', async () => {
    const [a, b] = await pendingContents(2);
    const slow = gatedExtractor('first');
    const first = runExtractionBatch(jobDeps(slow));
    await until(() => slow.calls === 1);
    // The first file's text takes past the end of the lease the batch claimed (a slow PDF, a slow store).
    const claimedUntil = Number((await jobOf(b!)).claimedUntil);
    await until(() => Date.now() > claimedUntil + LEASE);
    const fast = gatedExtractor('second');
    fast.open();
    expect(await runExtractionBatch(jobDeps(fast, other?.db))).toBe(0);
    expect(fast.calls).toBe(0);
    slow.open();
    expect(await first).toBe(2);
    expect(slow.calls).toBe(2);
    for (const id of [a!, b!])
      expect(await jobOf(id)).toMatchObject({ state: 'extracted', text: 'first', attempts: 1 });
  });

  it('once taken over (its instance stalled past its lease), writes nothing: the job is the other instance’s', async () => {
    const [a] = await pendingContents(1);
    const stalled = gatedExtractor('stale');
    const first = runExtractionBatch(jobDeps(stalled));
    await until(() => stalled.calls === 1);
    // As if the first instance had stalled (a long pause) and its lease ran out: the other claims it.
    await server.app.database.db
      .updateTable('contentText')
      .set({ claimedUntil: Date.now() - 1 })
      .where('contentId', '=', a!)
      .execute();
    const taker = gatedExtractor('fresh');
    const second = runExtractionBatch(jobDeps(taker, other?.db));
    await until(() => taker.calls === 1);
    stalled.open();
    expect(await first).toBe(1);
    expect(await jobOf(a!)).toMatchObject({ state: 'pending', attempts: 2 });
    taker.open();
    expect(await second).toBe(1);
    expect(await jobOf(a!)).toMatchObject({ state: 'extracted', text: 'fresh', attempts: 2 });
  });
});
