import { ApiError, badRequest } from '../../http/errors.ts';
import type { Credentials, Principal } from '../../http/principal.ts';
import { sseMessage, type EventHub } from './event-hub.ts';

export interface EventLimits {
  /** Streams one instance holds open. */
  maxConnections: number;
  /** Streams one person holds open on one instance. */
  maxPerUser: number;
}

/** How long a browser waits before it reconnects a stream that ended (the SSE `retry` field). */
const RETRY_MS = 2000;

const tooMany = (status: 429 | 503, message: string) =>
  new ApiError(status, status === 429 ? 'events.tooManyStreamsForUser' : 'events.tooManyStreams', message, {
    'retry-after': '30',
  });

/** `Last-Event-ID`: absent (from now), or an event id (a whole number); anything else is a 400. */
function parseLastEventId(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (!/^\d{1,15}$/.test(value.trim())) {
    throw badRequest('Last-Event-ID must be the id of an event of this stream (a whole number)');
  }
  return Number(value.trim());
}

/**
 * Opens a stream of live updates for the caller (ADR 0022): from now, or after `lastEventId`. A
 * resume from an event the log no longer holds (older than the retention) or never held starts
 * with a `reset` event: the client reloads what it shows and goes on from there.
 */
export async function subscribe(
  hub: EventHub,
  limits: EventLimits,
  caller: { principal: Principal; credentials: Credentials; lastEventId: string | undefined },
) {
  const { principal, credentials } = caller;
  const after = parseLastEventId(caller.lastEventId);
  await hub.refresh();
  const known = after === undefined ? undefined : await hub.resumable(after);
  // Checked after the last await, so concurrent requests cannot together pass a cap.
  if (hub.subscribers.size >= limits.maxConnections) {
    throw tooMany(503, `This server holds ${limits.maxConnections} event streams already; try again later`);
  }
  if (hub.countOf(principal.id) >= limits.maxPerUser) {
    throw tooMany(429, `At most ${limits.maxPerUser} event streams per person are open at once; close one first`);
  }
  const s = hub.open(principal.id, credentials, known ?? hub.cursor);
  s.stream.write(`retry: ${RETRY_MS}\n: connected\n\n`);
  if (after !== undefined && known === undefined) {
    s.stream.write(sseMessage({ id: String(hub.cursor), type: 'reset', at: new Date().toISOString() }));
  }
  if (s.cursor < hub.cursor) void hub.catchUp(s);
  return s;
}
