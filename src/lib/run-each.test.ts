import { describe, expect, it } from 'vitest';
import { runFewAtATime, summarize } from './run-each.ts';

const items = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, name: `${id}.txt` }));

describe('runFewAtATime', () => {
  it('runs at most `concurrency` at once, keeps the order, and reports failures with progress', async () => {
    let running = 0;
    let most = 0;
    const progress: number[] = [];
    const results = await runFewAtATime(
      items,
      async (item) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, item.id === 'a' ? 20 : 5));
        running -= 1;
        if (item.id === 'c') throw new Error('no room');
        return item.id.toUpperCase();
      },
      { concurrency: 2, onProgress: (done) => progress.push(done) },
    );
    expect(most).toBe(2);
    expect(results.map((r) => r.item.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(results[2]).toMatchObject({ ok: false, message: 'no room' });
    expect(progress).toEqual([1, 2, 3, 4, 5]);
    expect(summarize(results, 'restored')).toBe('4 restored, 1 failed');
  });

  it('does nothing for no items', async () => {
    expect(await runFewAtATime([], () => Promise.resolve(1))).toEqual([]);
  });
});
