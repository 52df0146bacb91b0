import pg from 'pg';
import type { WriteWatch } from './write-watch.ts';

/** The channel migration 0019's triggers notify; the payload is the table written. */
const CHANNEL = 'quire_identity';
/** How often the listening connection reads the identity counter. */
const HEARTBEAT_MS = 20;
/**
 * What this instance remembers of identity is used only while a heartbeat sent this recently has
 * answered: the bound, after another instance's commit, on using what that commit changed, even
 * when its notification never arrives (ADR 0021).
 */
export const TRUST_MS = 100;
/** A heartbeat unanswered this long ends the connection (a new one is made). */
const STALLED_MS = 5_000;
const RECONNECT_MS = 250;

export interface PeerChanges {
  /** Whether this instance's identity caches may be used now (see TRUST_MS). */
  trusted(): boolean;
  close(): Promise<void>;
}

const camel = (table: string) => table.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Hears, on one connection of its own, the identity changes other instances commit (LISTEN on
 * the triggers' channel) and passes them to this process's write watch, as if written here. The
 * same connection reads `identity_version` every HEARTBEAT_MS: a change of it that no notification
 * announced, a lost connection and a new one all make every listener forget everything.
 */
export function listenToPeers(connectionString: string, writes: WriteWatch): PeerChanges {
  // The connection being made or in use, and the same once it listens (heartbeats run on it).
  let current: pg.Client | undefined;
  let client: pg.Client | undefined;
  let version: string | undefined;
  let confirmedSentAt = Number.NEGATIVE_INFINITY;
  let inFlightSince: number | undefined;
  let closed = false;
  let reconnect: NodeJS.Timeout | undefined;

  const lost = (c: pg.Client) => {
    if (current !== c) return;
    current = undefined;
    client = undefined;
    version = undefined;
    inFlightSince = undefined;
    confirmedSentAt = Number.NEGATIVE_INFINITY;
    writes.changedAll();
    void c.end().catch(() => undefined);
    if (!closed) reconnect = setTimeout(() => void connect(), RECONNECT_MS).unref();
  };

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) writes.changed(camel(message.payload));
    });
    current = c;
    try {
      await c.connect();
      await c.query(`listen ${CHANNEL}`);
      if (current !== c) return;
      // What committed before the LISTEN was not heard: the first heartbeat's answer clears all.
      client = c;
    } catch {
      lost(c);
    }
  }

  async function heartbeat(c: pg.Client): Promise<void> {
    const sentAt = Date.now();
    inFlightSince = sentAt;
    try {
      const { rows } = await c.query<{ version: string }>('select version::text from identity_version where id = 1');
      if (client !== c) return;
      const now = rows[0]?.version;
      if (now !== version) writes.changedAll();
      version = now;
      confirmedSentAt = sentAt;
      inFlightSince = undefined;
    } catch {
      lost(c);
    }
  }

  const timer = setInterval(() => {
    const c = client;
    if (!c || closed) return;
    if (inFlightSince === undefined) void heartbeat(c);
    else if (Date.now() - inFlightSince > STALLED_MS) lost(c);
  }, HEARTBEAT_MS).unref();
  void connect();

  return {
    trusted: () => client !== undefined && Date.now() - confirmedSentAt < TRUST_MS,
    async close() {
      closed = true;
      clearInterval(timer);
      clearTimeout(reconnect);
      const c = current;
      current = undefined;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}
