import pg from 'pg';
import type { WriteWatch } from './write-watch.ts';

/** The channel migration 0019's triggers notify; the payload is the table written. */
const CHANNEL = 'quire_identity';
/** The channel of "events were committed": sent after each writing commit (migration 0027, ADR 0022). */
const EVENTS_CHANNEL = 'quire_events';
/**
 * The payload of an instance's announcement: the triggers before migration 0027 sent none, so a
 * listener can tell the two apart (the readers take any message on the channel alike).
 */
const ANNOUNCEMENT = `notify ${EVENTS_CHANNEL}, 'committed'`;
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
/**
 * Announcements of committed events are this far apart at least: under a stream of commits, one
 * NOTIFY (a statement of its own) stands for many, and a reader waits this much longer at most.
 */
const ANNOUNCE_GAP_MS = 10;

export interface PeerChanges {
  /** Whether this instance's identity caches may be used now (see TRUST_MS). */
  trusted(): boolean;
  /**
   * Tells every instance, this one included, that events may have been committed (`NOTIFY
   * quire_events` on the listening connection, after the commit: migration 0027), at most once per
   * ANNOUNCE_GAP_MS: calls meanwhile make one more when the gap has passed. With no connection,
   * the readers' poll finds them.
   */
  announceEvents(): void;
  close(): Promise<void>;
}

const camel = (table: string) => table.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Hears, on one connection of its own, the identity changes other instances commit (LISTEN on
 * the triggers' channel) and passes them to this process's write watch, as if written here. The
 * same connection reads `identity_version` every HEARTBEAT_MS: a change of it that no notification
 * announced, a lost connection and a new one all make every listener forget everything. It also
 * hears that some instance committed events (`quire_events`, ADR 0022): the table `nodeEvents`.
 */
export function listenToPeers(connectionString: string, writes: WriteWatch): PeerChanges {
  const listener = new PeerListener(connectionString, writes);
  const timer = setInterval(() => listener.tick(), HEARTBEAT_MS).unref();
  listener.connect();
  return {
    trusted: () => listener.trusted(),
    announceEvents: () => listener.announce(),
    async close() {
      clearInterval(timer);
      await listener.close();
    },
  };
}

class PeerListener {
  // The connection being made or in use; `client` is the same once it listens (heartbeats run on it).
  private current: pg.Client | undefined;
  private client: pg.Client | undefined;
  private version: string | undefined;
  private confirmedSentAt = Number.NEGATIVE_INFINITY;
  private inFlightSince: number | undefined;
  private closed = false;
  private reconnect: NodeJS.Timeout | undefined;
  private announcing = false;
  private announceAgain = false;
  private announcedAt = Number.NEGATIVE_INFINITY;
  private announceTimer: NodeJS.Timeout | undefined;
  private connectedBefore = false;
  /** The last announcement sent (settles, never fails): closing waits for it. */
  private announced: Promise<void> = Promise.resolve();

  constructor(
    private readonly connectionString: string,
    private readonly writes: WriteWatch,
  ) {}

  trusted(): boolean {
    return this.client !== undefined && Date.now() - this.confirmedSentAt < TRUST_MS;
  }

  connect(): void {
    const c = new pg.Client({ connectionString: this.connectionString });
    c.on('error', () => this.lost(c));
    c.on('end', () => this.lost(c));
    c.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) this.writes.changed(camel(message.payload));
      else if (message.channel === EVENTS_CHANNEL) this.writes.changed('nodeEvents');
    });
    this.current = c;
    const listen = async () => {
      await c.connect();
      await c.query(`listen ${CHANNEL}`);
      await c.query(`listen ${EVENTS_CHANNEL}`);
      // What committed before the LISTEN was not heard: the first heartbeat's answer clears all.
      if (this.current !== c) return;
      this.client = c;
      // Commits made while a lost connection was replaced were announced to no one.
      if (this.connectedBefore) this.announce();
      this.connectedBefore = true;
    };
    listen().catch(() => this.lost(c));
  }

  announce(): void {
    if (!this.client || this.closed || this.announceTimer) return;
    if (this.announcing) {
      this.announceAgain = true;
      return;
    }
    const wait = this.announcedAt + ANNOUNCE_GAP_MS - Date.now();
    if (wait <= 0) this.sendAnnouncement();
    else this.announceTimer = setTimeout(() => this.sendAnnouncement(), wait).unref();
  }

  private sendAnnouncement(): void {
    this.announceTimer = undefined;
    const c = this.client;
    if (!c || this.closed) return;
    this.announcing = true;
    this.announcedAt = Date.now();
    this.announced = c.query(ANNOUNCEMENT).then(
      () => {
        this.announcing = false;
        if (!this.announceAgain) return;
        this.announceAgain = false;
        this.announce();
      },
      () => {
        this.announcing = false;
        this.announceAgain = false;
        this.lost(c);
      },
    );
  }

  /** Every HEARTBEAT_MS: a heartbeat, unless one is in flight (stalled: a new connection). */
  tick(): void {
    const c = this.client;
    if (!c || this.closed) return;
    if (this.inFlightSince === undefined) void this.heartbeat(c);
    else if (Date.now() - this.inFlightSince > STALLED_MS) this.lost(c);
  }

  private async heartbeat(c: pg.Client): Promise<void> {
    const sentAt = Date.now();
    this.inFlightSince = sentAt;
    try {
      const { rows } = await c.query<{ version: string }>('select version::text from identity_version where id = 1');
      if (this.client !== c) return;
      const now = rows[0]?.version;
      if (now !== this.version) this.writes.changedAll();
      this.version = now;
      this.confirmedSentAt = sentAt;
      this.inFlightSince = undefined;
    } catch {
      this.lost(c);
    }
  }

  private lost(c: pg.Client): void {
    if (this.current !== c) return;
    this.current = undefined;
    this.client = undefined;
    this.version = undefined;
    this.inFlightSince = undefined;
    this.confirmedSentAt = Number.NEGATIVE_INFINITY;
    this.writes.changedAll();
    void c.end().catch(() => undefined);
    if (!this.closed) this.reconnect = setTimeout(() => this.connect(), RECONNECT_MS).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnect);
    // An announcement still waiting for its gap (a script that wrote and closes) goes now.
    const pending = this.announceTimer !== undefined || this.announceAgain;
    clearTimeout(this.announceTimer);
    const c = this.current;
    await this.announced;
    if (pending && this.client) await this.client.query(ANNOUNCEMENT).catch(() => undefined);
    this.current = undefined;
    this.client = undefined;
    await c?.end().catch(() => undefined);
  }
}
