import { randomUUID } from 'node:crypto';
import { isUniqueViolation } from '../../db/database.ts';
import type { Principal } from '../../http/principal.ts';
import { orgchartErrors as errors } from './orgchart.errors.ts';
import { memberView, requireAdmin, resolvePerson } from './orgchart-lookups.ts';
import { isForeignKeyViolation, type JobRow } from './orgchart.repository.ts';
import type { MemberView, OrgchartServiceDeps } from './orgchart.service.ts';

/** Jobs of the organisation chart and a person's job (at most one); changes for administrators. */

export async function createJob(
  deps: OrgchartServiceDeps,
  principal: Principal,
  body: { id?: string; name: string },
): Promise<JobRow> {
  requireAdmin(principal);
  const { db } = deps;
  const chart = deps.repos.orgchart;
  const job = { id: body.id ?? randomUUID(), name: body.name.trim() };
  if (await chart.findJob(db, job.id)) throw errors.jobExists(job.id);
  try {
    await chart.insertJob(db, job, Date.now());
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.jobExists(job.id);
    throw error;
  }
  return job;
}

export async function updateJob(
  deps: OrgchartServiceDeps,
  principal: Principal,
  id: string,
  body: { name: string },
): Promise<JobRow> {
  requireAdmin(principal);
  const chart = deps.repos.orgchart;
  const job = await chart.findJob(deps.db, id);
  if (!job) throw errors.jobNotFound(id);
  // Deleted since it was read: renamed nowhere, a 404 as for an unknown job.
  if (!(await chart.renameJob(deps.db, job.id, body.name.trim()))) throw errors.jobNotFound(id);
  return { id: job.id, name: body.name.trim() };
}

export async function deleteJob(deps: OrgchartServiceDeps, principal: Principal, id: string): Promise<JobRow> {
  requireAdmin(principal);
  const { db } = deps;
  const chart = deps.repos.orgchart;
  const job = await chart.findJob(db, id);
  if (!job) throw errors.jobNotFound(id);
  const holders = await chart.jobHolders(db, job.id);
  if (holders > 0) throw errors.jobInUse(job.id, holders);
  try {
    await chart.deleteJob(db, job.id);
  } catch (error) {
    // Given to someone since the check.
    if (isForeignKeyViolation(error)) throw errors.jobInUse(job.id, await chart.jobHolders(db, job.id));
    throw error;
  }
  return job;
}

export async function setJob(
  deps: OrgchartServiceDeps,
  principal: Principal,
  usernameOrMe: string,
  jobId: string,
): Promise<MemberView> {
  requireAdmin(principal);
  const { db } = deps;
  const chart = deps.repos.orgchart;
  const person = await resolvePerson(deps, db, principal, usernameOrMe);
  const job = await chart.findJob(db, jobId);
  if (!job) throw errors.jobNotFound(jobId);
  try {
    await db.transaction().execute((tx) => chart.setJob(tx, person.id, job.id));
  } catch (error) {
    // Deleted since it was read.
    if (isForeignKeyViolation(error)) throw errors.jobNotFound(jobId);
    throw error;
  }
  return memberView(deps, person);
}

export async function clearJob(
  deps: OrgchartServiceDeps,
  principal: Principal,
  usernameOrMe: string,
): Promise<MemberView> {
  requireAdmin(principal);
  const person = await resolvePerson(deps, deps.db, principal, usernameOrMe);
  if (!(await deps.repos.orgchart.clearJob(deps.db, person.id))) throw errors.noJob(person.id);
  return memberView(deps, person);
}
