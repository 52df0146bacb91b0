import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_IDLE_MS } from './authenticator.ts';
import { aUser, type TestUser } from '../../testing/builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

const TICKETS = '/alfresco/api/-default-/public/authentication/versions/1/tickets';
const CHALLENGE = 'AlfTicket realm="Alfresco -default- tenant"';

let server: TestServer;
let alice: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  alice = await aUser(server.api, { id: 'alice' });
});
afterAll(() => server.close());

const login = (userId: unknown, password: unknown) => server.api.post(TICKETS, { userId, password }, { auth: null });

async function ticketOf(user: TestUser): Promise<string> {
  const res = await login(user.id, user.password);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.entry.id as string;
}

const basic = (value: string) => `Basic ${Buffer.from(value).toString('base64')}`;
/** GET /people/-me- with this Authorization header (and no other credentials). */
const me = (authorization: string, query?: Record<string, string>) =>
  server.api.get('/people/-me-', { auth: null, headers: { authorization }, ...(query ? { query } : {}) });
const meWithTicket = (ticket: string) => server.api.get('/people/-me-', { auth: null, query: { alf_ticket: ticket } });

describe('POST /tickets (sign in)', () => {
  it('answers 201 with TICKET_ and 40 hex digits and the user id', async () => {
    const res = await login('alice', alice.password);
    expect(res.status).toBe(201);
    expect(res.body.entry.id).toMatch(/^TICKET_[0-9a-f]{40}$/);
    expect(res.body.entry.userId).toBe('alice');
  });

  it('gives a wrong password, an unknown user and a disabled person the same 403', async () => {
    const disabled = await aUser(server.api, { enabled: false });
    const answers = [
      await login('alice', 'wrong'),
      await login('nobody-at-all', 'whatever'),
      await login(disabled.id, disabled.password),
    ];
    for (const res of answers) {
      expect(res.status).toBe(403);
      expect(res.body.error.errorKey).toBe('framework.exception.PermissionDenied');
    }
    const summaries = answers.map((r) => (r.body.error.briefSummary as string).replace(/^\d+ /, ''));
    expect(new Set(summaries).size).toBe(1);
  });

  it.each([
    [{ userId: 'alice' }],
    [{ password: 'x' }],
    [{ userId: '', password: 'x' }],
    [{ userId: 'alice', password: '' }],
    [{}],
  ])('answers 400 for %j', async (body) => {
    const res = await server.api.post(TICKETS, body, { auth: null });
    expect(res.status).toBe(400);
    expect(res.body.error.statusCode).toBe(400);
  });

  it('answers 400 for fields of the wrong type or unknown fields', async () => {
    expect((await login(1, 'x')).status).toBe(400);
    const extra = await server.api.post(TICKETS, { userId: 'alice', password: alice.password, x: 1 }, { auth: null });
    expect(extra.status).toBe(400);
  });
});

describe('using a ticket', () => {
  it('works as Basic base64(ticket), base64(":"+ticket), base64("ROLE_TICKET:"+ticket) and ?alf_ticket=', async () => {
    const ticket = await ticketOf(alice);
    for (const authorization of [basic(ticket), basic(`:${ticket}`), basic(`ROLE_TICKET:${ticket}`)]) {
      const res = await me(authorization);
      expect(res.status, authorization).toBe(200);
      expect(res.body.entry.id).toBe('alice');
    }
    const res = await meWithTicket(ticket);
    expect(res.status).toBe(200);
    expect(res.body.entry.id).toBe('alice');
  });

  it('works for content downloads with ?alf_ticket= (as ADF does for links)', async () => {
    const ticket = await ticketOf(alice);
    const file = await alice.api.upload('-my-', 'ticket.txt', 'by ticket');
    const res = await server.api.get(`/nodes/${file.body.entry.id}/content`, {
      auth: null,
      query: { alf_ticket: ticket },
    });
    expect(res.status).toBe(200);
    expect(res.raw.toString()).toBe('by ticket');
  });

  it('reads alf_ticket before the Authorization header', async () => {
    const res = await server.api.get('/people/-me-', {
      query: { alf_ticket: `TICKET_${'0'.repeat(40)}` },
    });
    expect(res.status).toBe(401);
    const ticket = await ticketOf(alice);
    const asAlice = await server.api.get('/people/-me-', { query: { alf_ticket: ticket } });
    expect(asAlice.body.entry.id).toBe('alice');
  });

  it('refuses an unknown or malformed ticket with 401 and the AlfTicket challenge', async () => {
    for (const ticket of [`TICKET_${'a'.repeat(40)}`, 'TICKET_nothex', 'nonsense']) {
      for (const res of [await me(basic(ticket)), await meWithTicket(ticket)]) {
        expect(res.status, ticket).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe(CHALLENGE);
        expect(res.body.error.statusCode).toBe(401);
      }
    }
  });

  it('gives each sign-in a ticket of its own; signing out one leaves the other working', async () => {
    const first = await ticketOf(alice);
    const second = await ticketOf(alice);
    expect(second).not.toBe(first);
    expect((await server.api.delete(`${TICKETS}/-me-`, { auth: null, query: { alf_ticket: first } })).status).toBe(204);
    expect((await meWithTicket(first)).status).toBe(401);
    expect((await meWithTicket(second)).status).toBe(200);
  });
});

describe('GET and DELETE /tickets/-me-', () => {
  it('GET answers 200 with the ticket of the request', async () => {
    const ticket = await ticketOf(alice);
    const res = await server.api.get(`${TICKETS}/-me-`, { auth: null, headers: { authorization: basic(ticket) } });
    expect(res.status).toBe(200);
    expect(res.body.entry.id).toBe(ticket);
    const byQuery = await server.api.get(`${TICKETS}/-me-`, { auth: null, query: { alf_ticket: ticket } });
    expect(byQuery.body.entry.id).toBe(ticket);
  });

  it('GET and DELETE answer 404 when the request was signed in with a password', async () => {
    expect((await alice.api.get(`${TICKETS}/-me-`)).status).toBe(404);
    expect((await alice.api.delete(`${TICKETS}/-me-`)).status).toBe(404);
  });

  it('GET and DELETE answer 400 for another ticket id, and the ticket stays valid', async () => {
    const ticket = await ticketOf(alice);
    const auth = { auth: null, headers: { authorization: basic(ticket) } };
    expect((await server.api.get(`${TICKETS}/${ticket}`, auth)).status).toBe(400);
    expect((await server.api.delete(`${TICKETS}/${ticket}`, auth)).status).toBe(400);
    expect((await me(basic(ticket))).status).toBe(200);
  });

  it('GET and DELETE answer 401 without credentials', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await server.api.request(method, `${TICKETS}/-me-`, { auth: null });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe(CHALLENGE);
    }
  });

  it('DELETE answers 204, then the ticket gives 401 everywhere and a second DELETE 401', async () => {
    const ticket = await ticketOf(alice);
    const auth = { auth: null, headers: { authorization: basic(ticket) } };
    expect((await server.api.delete(`${TICKETS}/-me-`, auth)).status).toBe(204);
    const after = await me(basic(ticket));
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toBe(CHALLENGE);
    expect((await meWithTicket(ticket)).status).toBe(401);
    expect((await server.api.get(`${TICKETS}/-me-`, auth)).status).toBe(401);
    expect((await server.api.delete(`${TICKETS}/-me-`, auth)).status).toBe(401);
  });
});

describe('disabled people', () => {
  it('cannot sign in with a password (401 on the API, 403 for a ticket)', async () => {
    const dora = await aUser(server.api, { enabled: false });
    const res = await dora.api.get('/people/-me-');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(CHALLENGE);
    expect((await login(dora.id, dora.password)).status).toBe(403);
  });

  it('lose their tickets and their password access at once when disabled later', async () => {
    const eve = await aUser(server.api);
    const ticket = await ticketOf(eve);
    expect((await meWithTicket(ticket)).status).toBe(200);
    expect((await eve.api.get('/people/-me-')).status).toBe(200);
    expect((await server.api.put(`/people/${eve.id}`, { enabled: false })).status).toBe(200);
    expect((await meWithTicket(ticket)).status).toBe(401);
    expect((await me(basic(ticket))).status).toBe(401);
    // The remembered password check must not outlive the account either.
    expect((await eve.api.get('/people/-me-')).status).toBe(401);
    expect((await login(eve.id, eve.password)).status).toBe(403);
  });
});

describe('tickets end when the account changes', () => {
  it("does not bring back a disabled person's tickets when they are enabled again", async () => {
    const olga = await aUser(server.api);
    const ticket = await ticketOf(olga);
    expect((await server.api.put(`/people/${olga.id}`, { enabled: false })).status).toBe(200);
    expect((await server.api.put(`/people/${olga.id}`, { enabled: true })).status).toBe(200);
    expect((await meWithTicket(ticket)).status).toBe(401);
    expect((await me(basic(ticket))).status).toBe(401);
    // A new sign-in works.
    expect((await meWithTicket(await ticketOf(olga))).status).toBe(200);
  });

  it('ends every ticket of a person whose password an administrator resets, at once', async () => {
    const paul = await aUser(server.api);
    const [first, second] = [await ticketOf(paul), await ticketOf(paul)];
    expect((await meWithTicket(first)).status).toBe(200);
    const password = `reset-${paul.id}`;
    expect((await server.api.put(`/people/${paul.id}`, { password })).status).toBe(200);
    expect((await meWithTicket(first)).status).toBe(401);
    expect((await meWithTicket(second)).status).toBe(401);
    expect((await login(paul.id, password)).status).toBe(201);
  });

  it('ends the other tickets of a person who changes their own password, not the one used for the change', async () => {
    const quinn = await aUser(server.api);
    const [used, other] = [await ticketOf(quinn), await ticketOf(quinn)];
    const password = `changed-${quinn.id}`;
    const res = await server.api.put(
      '/people/-me-',
      { oldPassword: quinn.password, password },
      { auth: null, query: { alf_ticket: used } },
    );
    expect(res.status).toBe(200);
    expect((await meWithTicket(other)).status).toBe(401);
    expect((await meWithTicket(used)).status).toBe(200);
  });

  it('keeps the tickets when only the profile changes', async () => {
    const rita = await aUser(server.api);
    const ticket = await ticketOf(rita);
    expect((await server.api.put(`/people/${rita.id}`, { jobTitle: 'Editor', enabled: true })).status).toBe(200);
    expect((await meWithTicket(ticket)).status).toBe(200);
  });
});

describe('ticket expiry', () => {
  const lastUsed = async (personId: string) =>
    (
      await server.app.database.db
        .selectFrom('tickets')
        .select('lastUsedAt')
        .where('personId', '=', personId)
        .executeTakeFirstOrThrow()
    ).lastUsedAt;
  const setLastUsed = (personId: string, at: number) =>
    server.app.database.db.updateTable('tickets').set({ lastUsedAt: at }).where('personId', '=', personId).execute();

  it('expires after an hour without use and is forgotten', async () => {
    const fred = await aUser(server.api);
    const ticket = await ticketOf(fred);
    await setLastUsed(fred.id, Date.now() - TICKET_IDLE_MS - 60_000);
    const res = await meWithTicket(ticket);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(CHALLENGE);
    const rows = await server.app.database.db
      .selectFrom('tickets')
      .selectAll()
      .where('personId', '=', fred.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('is kept alive by use (the hour counts from the last request)', async () => {
    const gina = await aUser(server.api);
    const ticket = await ticketOf(gina);
    const almost = Date.now() - TICKET_IDLE_MS + 5 * 60_000;
    await setLastUsed(gina.id, almost);
    const before = Date.now();
    expect((await meWithTicket(ticket)).status).toBe(200);
    expect(Number(await lastUsed(gina.id))).toBeGreaterThanOrEqual(before);
    // Ten more minutes later it would have expired had the use not counted.
    await setLastUsed(gina.id, Date.now() - 10 * 60_000);
    expect((await meWithTicket(ticket)).status).toBe(200);
  });
});
