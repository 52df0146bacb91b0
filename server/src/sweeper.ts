import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from './db/database.ts';

/** A run is claimed when the last one, on any instance, started this share of the interval ago. */
const CLAIM_SHARE = 0.9;

/**
 * Claims this run of a background job for this instance: true when no instance started it within
 * `CLAIM_SHARE` of `intervalMs` (one statement, atomic across instances), so each job runs once per
 * interval whatever the number of instances, on whichever instance's timer comes first.
 */
export async function claimRun(db: Db, name: string, intervalMs: number, now = Date.now()): Promise<boolean> {
  const before = now - Math.floor(intervalMs * CLAIM_SHARE);
  const { rows } = await sql<{ name: string }>`
    insert into background_runs (name, started_at) values (${name}, ${now})
    on conflict (name) do update set started_at = excluded.started_at
    where background_runs.started_at <= ${before}
    returning name`.execute(db);
  return rows.length > 0;
}

/**
 * Runs a background job (the content sweeper, the trash purge) every `intervalMs` (0: never), the
 * first time a minute after start (after `intervalMs` when that is shorter); its result is logged
 * under `name`, a failure too. With `db`, a run goes ahead only when this instance claims it
 * (`claimRun`): once per interval across instances. The timers do not keep the process alive and stop on close.
 */
export function scheduleSweeps(
  fastify: FastifyInstance,
  intervalMs: number,
  sweep: () => Promise<object>,
  name = 'content sweep',
  db?: Db,
): void {
  if (intervalMs <= 0) return;
  const run = async () => {
    try {
      if (db && !(await claimRun(db, name, intervalMs))) return;
      fastify.log.info(await sweep(), name);
    } catch (err: unknown) {
      fastify.log.error({ err }, `${name} failed`);
    }
  };
  // A shorter interval's first tick comes sooner anyway.
  const first = intervalMs > 60_000 ? setTimeout(() => void run(), 60_000) : undefined;
  const timer = setInterval(() => void run(), intervalMs);
  first?.unref();
  timer.unref();
  fastify.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
}
