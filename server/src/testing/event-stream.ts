import http, { type IncomingMessage } from 'node:http';
import Ajv2020 from 'ajv/dist/2020.js';
import { createParser } from 'eventsource-parser';
import { contract } from './contract-validator.ts';

export const EVENTS = '/alfresco/api/-default-/public/quire/versions/1/events';

/** An event as the stream sends it (checked against the contract's LiveEvent). */
export interface StreamEvent {
  id: string;
  type: string;
  at: string;
  nodeId?: string;
  parentId?: string;
  previousParentId?: string;
  secondaryParentIds?: string[];
  groupId?: string;
}

const schemas = (contract.document as { components: { schemas: Record<string, object> } }).components.schemas;
const validate = new Ajv2020({ strict: false }).compile(schemas.LiveEvent!);

export interface EventStream {
  status: number;
  /** The error body of a refused stream. */
  error: unknown;
  /** Every event received so far, in order. */
  events: StreamEvent[];
  /** Waits for the first event (from `from` on) that matches; fails after `timeoutMs`. */
  next(match: (e: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** GET with these headers on a connection of its own (closed with the stream: no idle socket is left behind). */
function get(
  url: string,
  headers: Record<string, string>,
): Promise<{ response: IncomingMessage; destroy: () => void }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) =>
      resolve({ response, destroy: () => request.destroy() }),
    );
    request.on('error', reject);
  });
}

async function bodyOf(response: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of response) text += String(chunk);
  return JSON.parse(text);
}

/** Opens the events stream with these headers (Authorization, Last-Event-ID) and parses it as a browser would. */
export async function openEvents(
  baseUrl: string,
  headers: Record<string, string>,
  query: Record<string, string> = {},
): Promise<EventStream> {
  const search = new URLSearchParams(query).toString();
  const { response, destroy } = await get(baseUrl + EVENTS + (search ? `?${search}` : ''), headers);
  const events: StreamEvent[] = [];
  const waiters: (() => void)[] = [];
  const notify = () => waiters.splice(0).forEach((w) => w());
  if (response.statusCode !== 200) {
    const error = await bodyOf(response);
    const next = () => Promise.reject(new Error('refused'));
    return { status: response.statusCode ?? 0, error, events, next, ended: Promise.resolve(), close: destroy };
  }
  const parser = createParser({
    onEvent(message) {
      const event = JSON.parse(message.data) as StreamEvent;
      if (!validate(event)) throw new Error(`Event does not match the contract: ${JSON.stringify(validate.errors)}`);
      if (event.id !== message.id) throw new Error(`SSE id ${message.id} differs from the event's ${event.id}`);
      events.push(event);
      notify();
    },
  });
  let done = false;
  const ended = new Promise<void>((resolve) => {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => parser.feed(chunk));
    response.on('close', () => {
      done = true;
      notify();
      resolve();
    });
  });
  const next = async (match: (e: StreamEvent) => boolean, timeoutMs = 5_000) => {
    const started = Date.now();
    for (;;) {
      const found = events.find(match);
      if (found) return found;
      if (done) throw new Error(`The stream ended; events: ${JSON.stringify(events)}`);
      if (Date.now() - started > timeoutMs)
        throw new Error(`No such event within ${timeoutMs} ms; events: ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  return { status: 200, error: undefined, events, next, ended, close: destroy };
}

/** Basic credentials as a header. */
export const basic = (user: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});
