import { PassThrough } from 'node:stream';
import type { DialectName } from '../../db/database.ts';
import type { WriteWatch } from '../../db/write-watch.ts';
import type { Credentials, Principal } from '../../http/principal.ts';
import { prepareBatch, visibleEvent, type AccessDeps, type LiveEvent } from './event-access.ts';
import type { LoggedEvent } from './events.repository.ts';

/** Events read from the log at a time (by the instance's reader, and by a stream catching up). */
const BATCH = 200;
/** Bytes a stream may have waiting for its client before it is served from the log instead. */
const STREAM_BUFFER = 64 * 1024;
/** A stream's caller is checked again after this long, and at once after any identity change heard. */
const RECHECK_MS = 1_000;
/** The tables whose writes (here, or heard from another instance) make every stream's caller checked again. */
const IDENTITY_TABLES = ['people', 'groups', 'groupMembers', 'tickets'];

export interface HubDeps extends AccessDeps {
  dialect: DialectName;
  writes: WriteWatch;
  /** The caller of the stream's credentials now (throws when they no longer hold: the stream ends). */
  authenticate(credentials: Credentials): Promise<Principal>;
  log: { warn(obj: object, msg: string): void };
}

export interface HubTimings {
  /** A comment line to every stream, so proxies keep it open; its caller is checked again. */
  heartbeatMs: number;
  /** Reads the log without a wake-up (a notification lost on PostgreSQL). */
  pollMs: number;
}

/** One open stream: the connection, who it is for, and how far it has been sent. Nothing else. */
export interface Subscriber {
  readonly personId: string;
  readonly credentials: Credentials;
  readonly stream: PassThrough;
  cursor: number;
  /** Served by the instance's reader (else catching up from the log on its own). */
  inSync: boolean;
  closed: boolean;
  /** The caller as last checked: when, and at which identity generation. */
  checked?: { principal: Principal; at: number; generation: number };
}

const credentialsKey = (c: Credentials) => `${c.authorization ?? ''}\u0000${c.alfTicket ?? ''}\u0000${c.clientAddress}`;

export const sseMessage = (e: LiveEvent) => `id: ${e.id}\ndata: ${JSON.stringify(e)}\n\n`;

/**
 * The instance's one reader of the event log (ADR 0022): woken after a commit here (SQLite) or by
 * `NOTIFY quire_events` from any instance (PostgreSQL), and every `pollMs`, it reads new events
 * once, reads once what deciding access needs, and writes to each stream what its caller may read
 * now. A stream whose client reads slowly, or that resumes from an earlier event, reads the log
 * itself until it has caught up with the reader.
 */
export class EventHub {
  /** The last event the reader has read (and handed to every stream in step). */
  cursor = 0;
  readonly subscribers = new Set<Subscriber>();
  private reading = false;
  private again = false;
  /**
   * With no stream open the reader reads nothing and `cursor` falls behind: `refresh` brings it up
   * to date. Idle from the start: on PostgreSQL, rows written before (the bootstrap's, another
   * instance's) may not be numbered yet, so the newest number is known only once they are.
   */
  private idle = true;
  private timers: NodeJS.Timeout[] = [];
  private closed = false;
  /** Counts identity changes heard; a stream's caller checked before the last one is checked again. */
  private generation = 0;
  /** Checks in flight by credentials: streams with the same credentials share one. */
  private readonly checking = new Map<string, Promise<Principal>>();

  constructor(
    private readonly deps: HubDeps,
    private readonly timings: HubTimings,
  ) {}

  async start(): Promise<void> {
    this.cursor = await this.deps.events.latestSeq(this.deps.db);
    this.deps.writes.watch(['nodeEvents'], () => this.wake());
    this.deps.writes.watch(IDENTITY_TABLES, () => (this.generation += 1));
    this.timers.push(setInterval(() => this.wake(), this.timings.pollMs).unref());
    this.timers.push(setInterval(() => void this.heartbeat(), this.timings.heartbeatMs).unref());
  }

  /** Reads new events soon (once, however many wake-ups arrive meanwhile). */
  wake(): void {
    if (this.closed) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    // After this tick: a commit's wake-up comes before the commit has returned.
    setImmediate(() => {
      this.read()
        .catch((err: unknown) => this.deps.log.warn({ err }, 'event log read failed'))
        .finally(() => {
          this.reading = false;
          if (this.again) {
            this.again = false;
            this.wake();
          }
        });
    });
  }

  private async read(): Promise<void> {
    // Nobody to tell: no query per commit (the cursor is brought up to date when a stream opens).
    if (this.subscribers.size === 0) {
      this.idle = true;
      return;
    }
    const { db, events: log } = this.deps;
    const readOn = () => log.readAfter(db, this.cursor, Number.MAX_SAFE_INTEGER, BATCH);
    // PostgreSQL: what committed since is numbered first, and the first batch read, in one round trip.
    let events = this.deps.dialect === 'postgres' ? await log.numberAndRead(db, this.cursor, BATCH) : await readOn();
    for (;;) {
      if (events.length === 0 || this.closed) return;
      await this.deliver(events);
      if (events.length < BATCH) return;
      events = await readOn();
    }
  }

  private async deliver(events: LoggedEvent[]): Promise<void> {
    const from = this.cursor;
    const to = events.at(-1)!.seq;
    const targets = [...this.subscribers].filter((s) => s.inSync);
    const batch = await prepareBatch(this.deps, events);
    const principals = await Promise.all(targets.map((s) => this.principalOf(s)));
    // Streams of one caller (tabs, or one check shared by equal credentials) get the same text, rendered once.
    const rendered = new Map<Principal, string>();
    const render = (principal: Principal, after: number) =>
      events
        .filter((e) => e.seq > after)
        .flatMap((e) => visibleEvent(batch, principal, e) ?? [])
        .map(sseMessage)
        .join('');
    targets.forEach((s, i) => {
      const principal = principals[i];
      if (!principal || s.closed || !s.inSync) return;
      let text = s.cursor === from ? rendered.get(principal) : undefined;
      if (text === undefined) {
        text = render(principal, s.cursor);
        if (s.cursor === from) rendered.set(principal, text);
      }
      this.send(s, text, to);
    });
    this.cursor = Math.max(this.cursor, to);
    // Streams that caught up while this batch was read take it from the log.
    for (const s of this.subscribers) if (s.inSync && s.cursor < this.cursor) void this.catchUp(s);
  }

  /** Writes events and moves the stream's cursor; a full buffer hands the stream to catchUp once drained. */
  private send(s: Subscriber, text: string, to: number): void {
    const room = text === '' || s.stream.write(text);
    s.cursor = Math.max(s.cursor, to);
    if (!room) {
      s.inSync = false;
      s.stream.once('drain', () => void this.catchUp(s));
    }
  }

  /** Serves a stream from the log until it is in step with the reader. */
  async catchUp(s: Subscriber): Promise<void> {
    s.inSync = false;
    try {
      while (!s.closed) {
        if (s.cursor >= this.cursor) {
          s.inSync = true;
          return;
        }
        const events = await this.deps.events.readAfter(this.deps.db, s.cursor, this.cursor, BATCH);
        const principal = await this.principalOf(s);
        if (!principal || s.closed) return;
        const batch = await prepareBatch(this.deps, events);
        const text = events.flatMap((e) => visibleEvent(batch, principal, e) ?? []).map(sseMessage);
        this.send(s, text.join(''), events.at(-1)?.seq ?? this.cursor);
        if (!s.inSync && s.stream.writableNeedDrain) return; // continued on 'drain'
      }
    } catch (err: unknown) {
      this.deps.log.warn({ err }, 'event stream catch-up failed');
      this.end(s);
    }
  }

  /**
   * The stream's caller now: checked again (the credentials, the person, their groups) once a
   * second and after any identity change heard (here, or from another instance: ADR 0021); streams
   * with the same credentials share a check. A caller whose credentials no longer hold loses the stream.
   */
  private async principalOf(s: Subscriber): Promise<Principal | undefined> {
    const { checked } = s;
    const generation = this.generation;
    if (checked && checked.generation === generation && Date.now() - checked.at < RECHECK_MS) return checked.principal;
    // Not shared across an identity change: a check begun before it may have read the old state.
    const key = `${generation}\u0000${credentialsKey(s.credentials)}`;
    let check = this.checking.get(key);
    if (!check) {
      check = this.deps.authenticate(s.credentials);
      this.checking.set(key, check);
      const done = () => this.checking.delete(key);
      check.then(done, done);
    }
    try {
      const principal = await check;
      s.checked = { principal, at: Date.now(), generation };
      return principal;
    } catch {
      this.end(s);
      return undefined;
    }
  }

  private async heartbeat(): Promise<void> {
    for (const s of this.subscribers) {
      if (!s.stream.writableNeedDrain) s.stream.write(': keep-alive\n\n');
      void this.principalOf(s);
    }
  }

  /** A new stream starting after `cursor`, counted until its connection closes. */
  open(personId: string, credentials: Credentials, cursor: number): Subscriber {
    const stream = new PassThrough({ highWaterMark: STREAM_BUFFER });
    const s: Subscriber = { personId, credentials, stream, cursor, inSync: true, closed: false };
    this.subscribers.add(s);
    stream.once('close', () => this.end(s));
    return s;
  }

  end(s: Subscriber): void {
    if (s.closed) return;
    s.closed = true;
    this.subscribers.delete(s);
    s.stream.end();
  }

  /**
   * Before a stream opens: if the reader has been idle, number what is waiting (PostgreSQL) and move
   * the cursor to the newest event, so a stream opened "from now" starts now.
   */
  async refresh(): Promise<void> {
    if (!this.idle) return;
    this.idle = false;
    if (this.deps.dialect === 'postgres') await this.deps.events.numberAll(this.deps.db);
    this.cursor = Math.max(this.cursor, await this.deps.events.latestSeq(this.deps.db));
  }

  /** `after` when the log still holds every event after it (it was written and not pruned), else undefined. */
  async resumable(after: number): Promise<number | undefined> {
    const { db, events } = this.deps;
    const [pruned, latest] = await Promise.all([events.prunedThrough(db), events.latestSeq(db)]);
    return after >= pruned && after <= Math.max(latest, this.cursor) ? after : undefined;
  }

  countOf(personId: string): number {
    let n = 0;
    for (const s of this.subscribers) if (s.personId === personId) n += 1;
    return n;
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    for (const s of [...this.subscribers]) this.end(s);
  }
}
