import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { JobRow } from './orgchart.repository.ts';

/** The jobs of the organisation chart and who holds them (one job per person at most). */

export async function clearAllJobs(db: DbOrTx): Promise<void> {
  await db.deleteFrom('orgchartMemberJobs').execute();
}

export async function listJobs(db: DbOrTx): Promise<JobRow[]> {
  return db
    .selectFrom('orgchartJobs')
    .select(['id', 'name'])
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

export async function findJob(db: DbOrTx, id: string): Promise<JobRow | undefined> {
  return db.selectFrom('orgchartJobs').select(['id', 'name']).where('idKey', '=', id.toLowerCase()).executeTakeFirst();
}

export async function insertJob(db: DbOrTx, job: JobRow, now: number): Promise<void> {
  await db
    .insertInto('orgchartJobs')
    .values({ ...job, idKey: job.id.toLowerCase(), createdAt: now })
    .execute();
}

/** Whether the job was there to rename (one statement: a job deleted meanwhile is not). */
export async function renameJob(db: DbOrTx, id: string, name: string): Promise<boolean> {
  const result = await db.updateTable('orgchartJobs').set({ name }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteJob(db: DbOrTx, id: string): Promise<void> {
  await db.deleteFrom('orgchartJobs').where('id', '=', id).execute();
}

/** How many people have the job. */
export async function jobHolders(db: DbOrTx, id: string): Promise<number> {
  const { n } = await db
    .selectFrom('orgchartMemberJobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('jobId', '=', id)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function setJob(db: DbOrTx, personId: string, jobId: string): Promise<void> {
  await db.deleteFrom('orgchartMemberJobs').where('personId', '=', personId).execute();
  await db.insertInto('orgchartMemberJobs').values({ personId, jobId }).execute();
}

export async function clearJob(db: DbOrTx, personId: string): Promise<boolean> {
  const result = await db.deleteFrom('orgchartMemberJobs').where('personId', '=', personId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export const jobQueries = {
  clearAllJobs,
  listJobs,
  findJob,
  insertJob,
  renameJob,
  deleteJob,
  jobHolders,
  setJob,
  clearJob,
};
