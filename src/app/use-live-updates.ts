import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { config } from '../lib/config.ts';
import { applyInvalidation, invalidationFor } from '../lib/live-invalidation.ts';
import { readLiveEvents, type LiveEvent } from '../lib/live-events.ts';
import { quireBaseFor } from '../lib/server-settings.ts';
import { session, ticketAuthorization, useSession } from '../lib/session.ts';

/** Events arriving within this long are applied together (one refetch per query for a burst). */
const BATCH_MS = 50;

/**
 * Live updates for the signed-in session (ADR 0022): one stream of `…/quire/versions/1/events`
 * per session, read while signed in (ended on sign-out or when another person signs in), its
 * events applied by invalidating the queries they make stale.
 */
export function useLiveUpdates(): void {
  const client = useQueryClient();
  const current = useSession();
  const ticket = current?.ticket;
  useEffect(() => {
    if (!ticket) return;
    const abort = new AbortController();
    let pending: LiveEvent[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const events = pending;
      pending = [];
      void applyInvalidation(client, invalidationFor(events));
    };
    void readLiveEvents({
      url: `${quireBaseFor(config.apiBaseUrl)}/events`,
      authorization: ticketAuthorization(ticket),
      signal: abort.signal,
      onEvent(event) {
        pending.push(event);
        timer ??= setTimeout(flush, BATCH_MS);
      },
      onUnauthorized: () => {
        if (session.get()?.ticket === ticket) session.clear();
      },
    });
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [client, ticket]);
}
