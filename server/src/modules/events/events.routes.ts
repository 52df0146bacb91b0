import type { Handlers } from '../../http/routes.ts';
import type { LiveEvents } from './live-events.ts';

type EventsHandlers = Pick<Handlers, 'streamEvents'>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function eventsRoutes(events: Pick<LiveEvents, 'subscribe' | 'hub'>): EventsHandlers {
  return {
    async streamEvents({ principal, request, reply }) {
      const query = request.query as { alf_ticket?: string | string[] };
      const s = await events.subscribe({
        principal,
        credentials: {
          authorization: request.headers.authorization,
          alfTicket: first(query.alf_ticket),
          clientAddress: request.ip,
        },
        lastEventId: first(request.headers['last-event-id']),
      });
      reply.raw.once('close', () => events.hub.end(s));
      reply.header('content-type', 'text/event-stream; charset=utf-8').header('x-accel-buffering', 'no');
      return reply.send(s.stream);
    },
  };
}
