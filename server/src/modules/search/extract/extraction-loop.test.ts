import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExtractionJobsDeps } from './extraction-jobs.ts';
import { startExtractionLoop } from './extraction-loop.ts';

// The jobs' database work is replaced: what is tested is when the loop runs them and rests.
const jobs = vi.hoisted(() => ({ batches: [] as number[], batchMs: 0, waiting: true }));
vi.mock('./extraction-jobs.ts', () => ({
  hasWaitingJobs: async () => jobs.waiting,
  runExtractionBatch: async () => {
    await sleep(jobs.batchMs);
    return jobs.batches.shift() ?? 0;
  },
}));

const deps = { extractor: { close: async () => undefined } } as unknown as ExtractionJobsDeps;

/** A loop that ran a batch of 250 ms during uploads and now rests nine times as long (2.25 s). */
async function restingLoop() {
  jobs.batches = [1, 0];
  jobs.batchMs = 250;
  const loop = startExtractionLoop(deps, { pollMs: 60_000, onError: (error) => expect.fail(String(error)) });
  loop.nudge();
  await sleep(50 + 250 + 100);
  jobs.batchMs = 0;
  return loop;
}

describe('the extraction loop', () => {
  afterEach(() => {
    jobs.batches = [];
  });

  it('drains at once, without waiting out the rest it takes between batches during uploads', async () => {
    const loop = await restingLoop();
    const started = Date.now();
    await loop.drain();
    expect(Date.now() - started).toBeLessThan(1_500);
    await loop.stop();
  });

  it('stops at once, without waiting out that rest', async () => {
    const loop = await restingLoop();
    const started = Date.now();
    await loop.stop();
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
