import { sql, type Selectable } from 'kysely';
import type { Db, DbOrTx } from '../../../db/database.ts';
import { onPostgres } from '../../../db/row-locks.ts';
import type { DownloadStatus, DownloadsTable } from '../../../db/schema.ts';

/** A download's row as the service reads it. */
export type DownloadRow = Selectable<DownloadsTable>;

/** What a job writes as it goes and when it ends. */
export interface DownloadProgress {
  bytesAdded: number;
  filesAdded: number;
  totalBytes: number;
  totalFiles: number;
}

/** A child met by the walk of a folder: what the zip and the access check need. */
export interface WalkRow {
  id: string;
  name: string;
  isFolder: boolean;
  isFile: boolean;
  contentId: string | null;
  sizeInBytes: number | null;
  modifiedAt: number;
  ownerId: string;
  /** Null for a file that uses its folder's ACL. */
  aclId: string | null;
}

const WAITING: DownloadStatus[] = ['PENDING', 'IN_PROGRESS'];

async function insert(
  db: DbOrTx,
  row: { id: string; createdBy: string; name: string; nodeIds: string[]; now: number },
) {
  await db
    .insertInto('downloads')
    .values({
      id: row.id,
      createdBy: row.createdBy,
      name: row.name,
      nodeIds: JSON.stringify(row.nodeIds),
      status: 'PENDING',
      createdAt: row.now,
      modifiedAt: row.now,
    })
    .execute();
}

/** Holds the person's row until the transaction ends (PostgreSQL; SQLite's one writer needs nothing). */
async function holdPerson(tx: DbOrTx, personId: string): Promise<void> {
  if (onPostgres(tx)) await sql`select id from people where id = ${personId} for update`.execute(tx);
}

/** The person's downloads that hold a zip or are building one (cancelled and refused ones hold none). */
async function countBy(db: DbOrTx, personId: string): Promise<number> {
  const { n } = await db
    .selectFrom('downloads')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('createdBy', '=', personId)
    .where('status', 'in', [...WAITING, 'DONE'])
    .executeTakeFirstOrThrow();
  return Number(n);
}

async function findById(db: DbOrTx, id: string): Promise<DownloadRow | undefined> {
  return db.selectFrom('downloads').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Ends a download that is waiting or under way as CANCELLED (the job sees it at its next step);
 * false when it had ended already.
 */
async function cancel(db: DbOrTx, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('downloads')
    .set({ status: 'CANCELLED', claimedUntil: null, modifiedAt: now })
    .where('id', '=', id)
    .where('status', 'in', WAITING)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Claims up to `limit` downloads waiting with a free lease (PostgreSQL: rows another instance is
 * claiming are skipped); each becomes IN_PROGRESS, its lease `now + leaseMs`, one attempt more.
 */
async function claim(db: Db, now: number, leaseMs: number, limit: number): Promise<DownloadRow[]> {
  const free = db
    .selectFrom('downloads')
    .select('id')
    .where('status', 'in', WAITING)
    .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', now)]))
    .orderBy('createdAt')
    .limit(limit);
  return db
    .updateTable('downloads')
    .set((eb) => ({
      status: 'IN_PROGRESS' as const,
      claimedUntil: now + leaseMs,
      attempts: eb('attempts', '+', 1),
      modifiedAt: now,
    }))
    .where('id', 'in', onPostgres(db) ? free.forUpdate().skipLocked() : free)
    .where('status', 'in', WAITING)
    .returningAll()
    .execute();
}

/** Whether a download is waiting whose lease is free (on the partial index of waiting rows). */
async function hasWaiting(db: Db, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('downloads')
    .select('id')
    .where('status', 'in', WAITING)
    .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', now)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The row of a job as the claim numbered `attempt` holds it: IN_PROGRESS and not claimed since
 * (cancelled, removed, or taken by another instance once the lease ran out, the row is not).
 */
const heldBy = (db: DbOrTx, id: string, attempt: number) =>
  db.updateTable('downloads').where('id', '=', id).where('status', '=', 'IN_PROGRESS').where('attempts', '=', attempt);

/** Extends a job's lease to `until`, if the job still holds its row (false otherwise). */
async function renew(db: DbOrTx, id: string, attempt: number, until: number): Promise<boolean> {
  const result = await heldBy(db, id, attempt).set({ claimedUntil: until }).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Writes a job's progress, if the job still holds its row (false otherwise: then nothing is written). */
async function progress(db: DbOrTx, id: string, attempt: number, values: DownloadProgress): Promise<boolean> {
  const result = await heldBy(db, id, attempt)
    .set({ ...values, modifiedAt: Date.now() })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends a job that still holds its row (false otherwise: then nothing is written). */
async function finish(
  db: DbOrTx,
  id: string,
  attempt: number,
  end: DownloadProgress & { status: DownloadStatus; contentId?: string; sizeInBytes?: number },
): Promise<boolean> {
  const result = await heldBy(db, id, attempt)
    .set({ ...end, claimedUntil: null, modifiedAt: Date.now() })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The ids of the downloads created before `before`, oldest first. */
async function createdBefore(db: DbOrTx, before: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('downloads')
    .select('id')
    .where('createdAt', '<', before)
    .orderBy('createdAt')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Deletes these downloads (only those `DONE`, with `onlyDone`) and answers the zips of the rows it
 * deleted, as they were when deleted (DELETE … RETURNING): a job that ended DONE after the caller
 * read the rows has its zip among them, never left behind with no row naming it.
 */
async function deleteRows(db: DbOrTx, ids: readonly string[], onlyDone = false): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom('downloads')
    .where('id', 'in', [...ids])
    .$if(onlyDone, (q) => q.where('status', '=', 'DONE'))
    .returning('contentId')
    .execute();
  return rows.flatMap((r) => (r.contentId ? [r.contentId] : []));
}

/** Which of these content store objects are downloads' zips (the content sweeper keeps them). */
async function zipsAmong(db: DbOrTx, objectIds: readonly string[]): Promise<Set<string>> {
  if (objectIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('downloads')
    .select('contentId')
    .where('contentId', 'in', [...objectIds])
    .execute();
  return new Set(rows.flatMap((r) => (r.contentId ? [r.contentId] : [])));
}

/** Live children of a folder after `afterId`, in id order (a page of the walk). */
async function childrenPage(db: DbOrTx, parentId: string, afterId: string, limit: number): Promise<WalkRow[]> {
  const rows = await db
    .selectFrom('nodes')
    .select(['id', 'name', 'isFolder', 'isFile', 'contentId', 'sizeInBytes', 'modifiedAt', 'ownerId', 'aclId'])
    .where('parentId', '=', parentId)
    .where('archivedRootId', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    ...r,
    isFolder: Number(r.isFolder) === 1,
    isFile: Number(r.isFile) === 1,
    sizeInBytes: r.sizeInBytes === null ? null : Number(r.sizeInBytes),
    modifiedAt: Number(r.modifiedAt),
  }));
}

/** The downloads' rows (and the walk of the folders they zip). */
export function createDownloadsRepository() {
  return {
    insert,
    holdPerson,
    countBy,
    findById,
    cancel,
    claim,
    hasWaiting,
    renew,
    progress,
    finish,
    createdBefore,
    deleteRows,
    zipsAmong,
    childrenPage,
  };
}

export type DownloadsRepository = ReturnType<typeof createDownloadsRepository>;
