import { randomUUID } from 'node:crypto';
import type { Db, DialectName } from '../../db/database.ts';

/** How often a running instance renews its lease and ends the locks of dead ones. */
export const INSTANCE_HEARTBEAT_MS = 10_000;
/** An instance not seen for this long is dead: its EPHEMERAL locks end (ADR 0005). */
export const INSTANCE_LEASE_MS = 30_000;

/** Which EPHEMERAL locks to end (the nodes repository's `clearEphemeralLocks`). */
type LocksOf = { instanceId: string } | 'orphaned' | 'all';

export interface InstanceDeps {
  db: Db;
  dialect: DialectName;
  /** Ends EPHEMERAL locks; how many ended. */
  clearLocks(of: LocksOf): Promise<number>;
}

/** This server instance, as the other instances of its database see it. */
export interface ServerInstance {
  readonly id: string;
  /** Renews the lease and ends the locks of instances whose lease ran out (the heartbeat; tests call it too). */
  beat(now?: number): Promise<{ locksEnded: number }>;
  /** Stops the heartbeat and nothing else, as a killed instance does (tests). */
  stopBeating(): void;
  /** Stops: ends its own EPHEMERAL locks and its row (a graceful shutdown). */
  retire(): Promise<void>;
}

async function endDead(deps: InstanceDeps, now: number): Promise<number> {
  await deps.db
    .deleteFrom('serverInstances')
    .where('lastSeenAt', '<', now - INSTANCE_LEASE_MS)
    .execute();
  return deps.clearLocks('orphaned');
}

async function renew(deps: InstanceDeps, id: string, now: number): Promise<void> {
  // Back again if another instance thought it dead (a heartbeat held up longer than the lease).
  await deps.db
    .insertInto('serverInstances')
    .values({ id, startedAt: now, lastSeenAt: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ lastSeenAt: now }))
    .execute();
}

/**
 * Registers a new instance (a new id at every start) and renews its lease every
 * INSTANCE_HEARTBEAT_MS. On PostgreSQL, start-up ends only the locks of dead instances (and of
 * none); on SQLite, one server process per database, every EPHEMERAL lock belongs to a process that
 * has ended, so start-up ends them all.
 */
export async function startInstance(deps: InstanceDeps, log: (err: unknown) => void): Promise<ServerInstance> {
  const id = randomUUID();
  const now = Date.now();
  await renew(deps, id, now);
  if (deps.dialect === 'sqlite') {
    await deps.db.deleteFrom('serverInstances').where('id', '!=', id).execute();
    await deps.clearLocks('all');
  } else {
    await endDead(deps, now);
  }
  const beat = async (at = Date.now()) => {
    await renew(deps, id, at);
    return { locksEnded: await endDead(deps, at) };
  };
  const timer =
    deps.dialect === 'postgres' ? setInterval(() => void beat().catch(log), INSTANCE_HEARTBEAT_MS).unref() : undefined;
  return {
    id,
    beat,
    stopBeating: () => clearInterval(timer),
    async retire() {
      clearInterval(timer);
      await deps.clearLocks({ instanceId: id });
      await deps.db.deleteFrom('serverInstances').where('id', '=', id).execute();
    },
  };
}
