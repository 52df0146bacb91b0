import { describeError } from './errors.ts';

/** What happened to one item of a multi-item action. */
export type ItemResult<T> =
  | { item: { id: string; name: string }; ok: true; value: T }
  | { item: { id: string; name: string }; ok: false; error: unknown; message: string };

/**
 * Runs an action on each item in turn (the server sees one request at a time, in order) and
 * collects every outcome: one failure does not stop the others.
 */
export async function runEach<I extends { id: string; name: string }, T>(
  items: readonly I[],
  action: (item: I) => Promise<T>,
): Promise<ItemResult<T>[]> {
  const results: ItemResult<T>[] = [];
  for (const item of items) {
    const ref = { id: item.id, name: item.name };
    try {
      results.push({ item: ref, ok: true, value: await action(item) });
    } catch (error) {
      results.push({ item: ref, ok: false, error, message: describeError(error) });
    }
  }
  return results;
}

/** "3 copied", "2 moved, 1 failed". */
export function summarize(results: readonly ItemResult<unknown>[], done: string): string {
  const failed = results.filter((r) => !r.ok).length;
  const succeeded = results.length - failed;
  return failed === 0 ? `${succeeded} ${done}` : `${succeeded} ${done}, ${failed} failed`;
}

/**
 * Runs an action on each item, `concurrency` at a time, and collects every outcome in the items'
 * order (one failure does not stop the others); `onProgress` hears how many have finished.
 */
export async function runFewAtATime<I extends { id: string; name: string }, T>(
  items: readonly I[],
  action: (item: I) => Promise<T>,
  { concurrency = 4, onProgress }: { concurrency?: number; onProgress?: (done: number) => void } = {},
): Promise<ItemResult<T>[]> {
  const results: ItemResult<T>[] = new Array<ItemResult<T>>(items.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      const item = items[index]!;
      const ref = { id: item.id, name: item.name };
      try {
        results[index] = { item: ref, ok: true, value: await action(item) };
      } catch (error) {
        results[index] = { item: ref, ok: false, error, message: describeError(error) };
      }
      onProgress?.(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
