import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Credentials, Principal } from '../../http/principal.ts';
import type { AclsRepository } from '../permissions/acls.repository.ts';
import { EventHub } from './event-hub.ts';
import { eventsRepository } from './events.repository.ts';
import { subscribe, type EventLimits } from './events.service.ts';

export interface LiveEventsDeps {
  config: { events: EventLimits & { retentionHours: number } };
  database: DatabaseHandle;
  acls: Pick<AclsRepository, 'grantsOfMany'>;
  /** Checks a stream's credentials again (without counting a ticket as used). */
  recheck(credentials: Credentials): Promise<Principal>;
}

export const HEARTBEAT_MS = 15_000;
const POLL_MS = 1_000;

/**
 * Live updates (ADR 0022): the instance's event hub, started with the server and ended before it
 * closes (its streams would keep the server open), and the prune of the event log (app.ts runs it
 * hourly, once across instances).
 */
export async function startLiveEvents(fastify: FastifyInstance, deps: LiveEventsDeps) {
  const { database, config } = deps;
  const hub = new EventHub(
    {
      ...{ db: database.db, dialect: database.dialect, writes: database.writes, events: eventsRepository },
      ...{ acls: deps.acls, authenticate: deps.recheck, log: fastify.log },
    },
    { heartbeatMs: HEARTBEAT_MS, pollMs: POLL_MS },
  );
  await hub.start();
  fastify.addHook('preClose', async () => hub.close());
  const retentionMs = config.events.retentionHours * 3_600_000;
  const prune = async (now = Date.now()) => {
    // Rows no instance has numbered yet (none had a stream open) are numbered first, then pruned by age.
    if (database.dialect === 'postgres') await eventsRepository.numberAll(database.db);
    return { pruned: await eventsRepository.prune(database.db, now - retentionMs) };
  };
  return {
    hub,
    prune,
    subscribe: (caller: { principal: Principal; credentials: Credentials; lastEventId: string | undefined }) =>
      subscribe(hub, config.events, caller),
  };
}

export type LiveEvents = Awaited<ReturnType<typeof startLiveEvents>>;
