import { createParser } from 'eventsource-parser';
import type { components } from '../../openapi/schema.gen.ts';

export type LiveEvent = components['schemas']['LiveEvent'];

export interface LiveEventsOptions {
  /** The stream's URL (`…/quire/versions/1/events`). */
  url: string;
  /** The `Authorization` header (EventSource cannot send one, so the stream is read with fetch). */
  authorization: string;
  onEvent(event: LiveEvent): void;
  /** The server refused the credentials (401): the caller ends the session. */
  onUnauthorized?(): void;
  /** Stops reading and reconnecting. */
  signal: AbortSignal;
  /** Waits before reconnecting; tests pass one that does not wait. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Reads one connection to its end; returns the last event id seen. */
async function readOnce(options: LiveEventsOptions, lastEventId: string | undefined) {
  const headers: Record<string, string> = { Authorization: options.authorization, Accept: 'text/event-stream' };
  if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
  const response = await fetch(options.url, { headers, signal: options.signal, cache: 'no-store' });
  if (response.status === 401) return { lastEventId, status: 401 };
  if (!response.ok || !response.body) return { lastEventId, status: response.status };
  let last = lastEventId;
  let received = false;
  const parser = createParser({
    onEvent(message) {
      received = true;
      if (message.id) last = message.id;
      options.onEvent(JSON.parse(message.data) as LiveEvent);
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(value);
  }
  return { lastEventId: last, status: received ? 200 : 0 };
}

/**
 * Reads the live updates stream until `signal` aborts: reconnects after a drop with `Last-Event-ID`
 * (the server sends a `reset` event when it cannot resume), waiting 1 s, then twice as long after
 * each failed attempt up to 30 s. A 401 stops it (the session is over).
 */
export async function readLiveEvents(options: LiveEventsOptions): Promise<void> {
  const sleep = options.sleep ?? wait;
  let lastEventId: string | undefined;
  let delay = FIRST_RETRY_MS;
  while (!options.signal.aborted) {
    try {
      const result = await readOnce(options, lastEventId);
      lastEventId = result.lastEventId;
      if (result.status === 401) {
        options.onUnauthorized?.();
        return;
      }
      // A stream that carried events was healthy: the next drop retries soon again.
      if (result.status === 200) delay = FIRST_RETRY_MS;
    } catch {
      if (options.signal.aborted) return;
    }
    await sleep(delay, options.signal);
    delay = Math.min(delay * 2, MAX_RETRY_MS);
  }
}
