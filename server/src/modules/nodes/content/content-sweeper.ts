import type { Db } from '../../../db/database.ts';
import type { ContentStore } from '../../../content-store/content-store.ts';
import type { ContentRepository } from '../core/content.repository.ts';

/** Which of these store objects something other than a content row keeps (downloads' zips). */
export type KeptObjects = (db: Db, ids: readonly string[]) => Promise<Set<string>>;

/**
 * Removes content that was written but never committed (a crash between publishing the bytes
 * and committing the metadata, a commit that failed with an outcome its upload could not know
 * and did not commit, an abandoned staging file) and content rows nothing references.
 * Only objects older than the grace period are touched, so uploads in flight are safe. Objects
 * that `kept` names (the zips of downloads) are left to their owner's sweeper.
 */
export async function sweepContent(
  db: Db,
  store: ContentStore,
  content: ContentRepository,
  graceMs: number,
  kept: KeptObjects = async () => new Set(),
): Promise<{ staging: number; objects: number; rows: number }> {
  const staging = await store.sweepStaging(graceMs);
  let objects = 0;
  let batch: string[] = [];
  const flush = async () => {
    const known = await content.existing(db, batch);
    const others = await kept(db, batch);
    for (const id of batch.filter((i) => !known.has(i) && !others.has(i))) {
      await store.remove(id);
      objects += 1;
    }
    batch = [];
  };
  for await (const item of store.list()) {
    if (item.ageMs <= graceMs) continue;
    batch.push(item.id);
    if (batch.length >= 500) await flush();
  }
  await flush();
  const orphanRows = await content.unreferenced(db, Date.now() - graceMs);
  const removedRows = await content.deleteUnreferenced(db, orphanRows);
  for (const id of removedRows) await store.remove(id);
  return { staging, objects, rows: removedRows.length };
}
