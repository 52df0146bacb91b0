import type { ContentStore } from '../../../content-store/content-store.ts';
import type { Db } from '../../../db/database.ts';
import type { DownloadsRepository } from './downloads.repository.ts';

const BATCH = 500;

/**
 * Removes the downloads created more than `retentionMs` ago, whatever their status, and their zips
 * (as Alfresco's downloads cleaner): the rows first, then the objects, so a zip is never named by
 * a row without existing. The zips removed are those of the rows as they were deleted (a job that
 * ended DONE after the read of the ids has its zip removed too). A crash in between leaves objects
 * no row names, which the content sweeper removes. A job still building the zip of a removed
 * download finds its row gone and removes what it wrote.
 */
export async function sweepDownloads(
  deps: { db: Db; contentStore: ContentStore; repos: { downloads: DownloadsRepository } },
  retentionMs: number,
  now = Date.now(),
): Promise<{ downloads: number }> {
  let removed = 0;
  for (;;) {
    const ids = await deps.repos.downloads.createdBefore(deps.db, now - retentionMs, BATCH);
    const zips = await deps.repos.downloads.deleteRows(deps.db, ids);
    for (const zip of zips) await deps.contentStore.remove(zip);
    removed += ids.length;
    if (ids.length < BATCH) return { downloads: removed };
  }
}
