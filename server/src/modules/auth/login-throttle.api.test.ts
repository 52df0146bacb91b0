import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createApiClient, type ApiClient } from '../../testing/api-client.ts';
import { aUser, uniqueName } from '../../testing/builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { PAIR_DELAY_STEP_MS, PAIR_FREE_FAILURES, throttleKeys, USER_CEILING } from './login-throttle.ts';

const TICKETS = '/alfresco/api/-default-/public/authentication/versions/1/tickets';

// The server trusts X-Forwarded-For from loopback, so each test picks its client addresses.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'loopback' });
});
afterAll(() => server.close());

type Outcome = 'ok' | 'failed' | 'throttled' | `other ${number}`;

/** What became of an attempt: signed in, checked and refused, or refused by the throttle unchecked. */
function outcome(res: { status: number; body: { error?: { briefSummary?: string } } }): Outcome {
  if (res.status === 201 || res.status === 200) return 'ok';
  const summary = res.body.error?.briefSummary ?? '';
  if (res.status === 403 || res.status === 401) return /too many/i.test(summary) ? 'throttled' : 'failed';
  return `other ${res.status}`;
}

const signIn = async (address: string, userId: string, password: string, api: ApiClient = server.api) =>
  outcome(await api.post(TICKETS, { userId, password }, { auth: null, headers: { 'x-forwarded-for': address } }));

/** GET /people/-me- with Basic credentials from this address. */
const basicFrom = async (address: string, userId: string, password: string) =>
  outcome(
    await server.api.get('/people/-me-', {
      auth: { user: userId, password },
      headers: { 'x-forwarded-for': address },
    }),
  );

let subnet = 0;
/** A fresh /24 of client addresses for a test: `next()` gives its next address. */
function addresses() {
  subnet += 1;
  let host = 0;
  return { next: () => `10.${Math.floor(subnet / 250)}.${subnet % 250}.${(host += 1)}` };
}

/**
 * The throttle's clock moves `ms` on for these users at this address: every time its rows of them
 * hold (last failure, next allowed attempt, expiry) moves back by `ms`, as if the attempts had
 * been made that much earlier. Waiting the real time instead took six seconds per database.
 */
async function timePasses(ms: number, address: string, ...userIds: string[]) {
  const keys = userIds.flatMap((id) => Object.values(throttleKeys(id, address)));
  const earlier = (column: string) => sql<number>`${sql.ref(column)} - ${ms}`;
  const { numUpdatedRows } = await server.app.database.db
    .updateTable('loginAttempts')
    .set({
      lastFailureAt: earlier('lastFailureAt'),
      nextAllowedAt: earlier('nextAllowedAt'),
      expiresAt: earlier('expiresAt'),
    })
    .where('keyHash', 'in', keys)
    .executeTakeFirstOrThrow();
  expect(Number(numUpdatedRows)).toBeGreaterThan(0);
}

const count = (outcomes: Outcome[], which: Outcome) => outcomes.filter((o) => o === which).length;

async function failTimes(address: string, userId: string, times: number): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (let i = 0; i < times; i += 1) out.push(await signIn(address, userId, `guess-${i}`));
  return out;
}

describe('login throttle: per user and address', () => {
  it(`lets ${PAIR_FREE_FAILURES} failures of a user at one address through, then makes that pair wait`, async () => {
    const hank = await aUser(server.api);
    const net = addresses();
    const attacker = net.next();
    expect(await failTimes(attacker, hank.id, PAIR_FREE_FAILURES)).toEqual(Array(PAIR_FREE_FAILURES).fill('failed'));
    // The pair waits: even the right password is refused there, unchecked.
    expect(await signIn(attacker, hank.id, hank.password)).toBe('throttled');
    expect(await basicFrom(attacker, hank.id, hank.password)).toBe('throttled');
    // hank, at his own address, is not refused (with a ticket or with Basic).
    const own = net.next();
    expect(await signIn(own, hank.id, hank.password)).toBe('ok');
    expect(await basicFrom(own, hank.id, hank.password)).toBe('ok');
    // Nor is another user at the attacker's address.
    const other = await aUser(server.api);
    expect(await signIn(attacker, other.id, other.password)).toBe('ok');

    await timePasses(PAIR_DELAY_STEP_MS + 200, attacker, hank.id);
    expect(await signIn(attacker, hank.id, hank.password)).toBe('ok');
  }, 30_000);

  it('does not throttle a whole address (a reverse proxy, an office) for the failures of some of its users', async () => {
    const office = addresses().next();
    const failures = await Promise.all(
      Array.from({ length: 3 * PAIR_FREE_FAILURES }, (_, i) => signIn(office, `sprayed-${uniqueName()}-${i}`, 'pw1')),
    );
    expect(count(failures, 'failed')).toBe(3 * PAIR_FREE_FAILURES);
    const ivan = await aUser(server.api);
    expect(await signIn(office, ivan.id, ivan.password)).toBe('ok');
  });

  it('throttles an unknown user exactly like a known one with a wrong password', async () => {
    const jane = await aUser(server.api);
    const net = addresses();
    const known = await failTimes(net.next(), jane.id, PAIR_FREE_FAILURES + 2);
    const unknown = await failTimes(net.next(), `ghost-${uniqueName()}`, PAIR_FREE_FAILURES + 2);
    expect(known).toEqual(unknown);
    expect(known.slice(-2)).toEqual(['throttled', 'throttled']);
  });

  it("forgets a pair's failures when the right password comes from it", async () => {
    const kate = await aUser(server.api);
    const address = addresses().next();
    expect(count(await failTimes(address, kate.id, PAIR_FREE_FAILURES - 1), 'failed')).toBe(PAIR_FREE_FAILURES - 1);
    expect(await signIn(address, kate.id, kate.password)).toBe('ok');
    // A full allowance again.
    expect(count(await failTimes(address, kate.id, PAIR_FREE_FAILURES), 'failed')).toBe(PAIR_FREE_FAILURES);
    expect(await signIn(address, kate.id, kate.password)).toBe('throttled');
  });

  it('forgets a pair once its state has expired', async () => {
    const liam = await aUser(server.api);
    const address = addresses().next();
    await failTimes(address, liam.id, PAIR_FREE_FAILURES);
    expect(await signIn(address, liam.id, liam.password)).toBe('throttled');
    const { pair } = throttleKeys(liam.id, address);
    await server.app.database.db
      .updateTable('loginAttempts')
      .set({ expiresAt: Date.now() - 1 })
      .where('keyHash', '=', pair)
      .execute();
    expect(await signIn(address, liam.id, liam.password)).toBe('ok');
  });
});

describe('login throttle: an address many people share', () => {
  it("does not hand a guesser a fresh allowance each time the user signs in there: the user's ceiling still comes", async () => {
    const vera = await aUser(server.api);
    const shared = addresses().next();
    const guesses: Outcome[] = [];
    for (let round = 0; guesses.length <= USER_CEILING + PAIR_FREE_FAILURES; round += 1) {
      for (let i = 0; i < PAIR_FREE_FAILURES - 1; i += 1)
        guesses.push(await signIn(shared, vera.id, `guess-${round}-${i}`));
      await signIn(shared, vera.id, vera.password);
    }
    expect(count(guesses, 'failed')).toBeLessThanOrEqual(USER_CEILING + 1);
    expect(count(guesses, 'throttled')).toBeGreaterThan(0);
  }, 120_000);
});

describe('login throttle: the ceiling per user', () => {
  it(`after ${USER_CEILING} failures from many addresses, slows the addresses that failed but never refuses a fresh one`, async () => {
    const mia = await aUser(server.api);
    const net = addresses();
    const attackers = Array.from({ length: USER_CEILING / 2 }, () => net.next());
    // Two failures from each attacker address: the user's ceiling is reached.
    for (const round of [0, 1]) {
      const outcomes = await Promise.all(attackers.map((a) => signIn(a, mia.id, `guess-${round}`)));
      expect(count(outcomes, 'failed')).toBe(attackers.length);
    }
    // An address that failed now waits, even with the right password...
    expect(await signIn(attackers[0]!, mia.id, 'guess-2')).toBe('throttled');
    expect(await signIn(attackers[1]!, mia.id, mia.password)).toBe('throttled');
    // ...an address that has not failed is still checked: one guess, then it waits too.
    const fresh = net.next();
    expect(await signIn(fresh, mia.id, 'guess-3')).toBe('failed');
    expect(await signIn(fresh, mia.id, 'guess-4')).toBe('throttled');
    // mia, from where she has not failed, signs in.
    expect(await signIn(net.next(), mia.id, mia.password)).toBe('ok');
  }, 30_000);
});

describe('login throttle: concurrent guesses', () => {
  it('checks at most the allowance of 100 simultaneous wrong passwords, and then refuses the right one', async () => {
    const nina = await aUser(server.api);
    const address = addresses().next();
    let sawThrottled!: () => void;
    const throttledSeen = new Promise<void>((resolve) => (sawThrottled = resolve));
    const burst = Array.from({ length: 100 }, async (_, i) => {
      const o = await signIn(address, nina.id, `guess-${i}`);
      if (o === 'throttled') sawThrottled();
      return o;
    });
    // The right password, sent while the burst is still being answered, once the limit is reached.
    await Promise.race([throttledSeen, Promise.all(burst)]);
    const right = signIn(address, nina.id, nina.password);
    const outcomes = await Promise.all(burst);
    expect(count(outcomes, 'failed')).toBeLessThanOrEqual(PAIR_FREE_FAILURES);
    expect(count(outcomes, 'failed') + count(outcomes, 'throttled')).toBe(100);
    expect(await right).toBe('throttled');
  }, 60_000);

  it('counts simultaneous wrong Basic credentials the same way', async () => {
    const oscar = await aUser(server.api);
    const address = addresses().next();
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) => basicFrom(address, oscar.id, `guess-${i}`)),
    );
    expect(count(outcomes, 'failed')).toBeLessThanOrEqual(PAIR_FREE_FAILURES);
    expect(count(outcomes, 'throttled')).toBeGreaterThanOrEqual(50 - PAIR_FREE_FAILURES);
  }, 60_000);
});

describe('login throttle: a client using the right password', () => {
  it('is never refused for sending many requests at once with Basic credentials', async () => {
    const pete = await aUser(server.api);
    const address = addresses().next();
    const outcomes = await Promise.all(Array.from({ length: 40 }, () => basicFrom(address, pete.id, pete.password)));
    expect(count(outcomes, 'ok')).toBe(40);
  }, 60_000);
});

describe('login throttle: the old password of a password change', () => {
  /** PUT /people/-me- with a ticket (as a thief with a stolen ticket would), from this address. */
  async function changeFrom(ticket: string, address: string, oldPassword: string) {
    const body = { oldPassword, password: `new-${uniqueName()}` };
    const headers = { 'x-forwarded-for': address };
    return outcome(await server.api.put('/people/-me-', body, { auth: null, headers, query: { alf_ticket: ticket } }));
  }

  it('is throttled like a sign-in, simultaneous guesses included', async () => {
    const pete = await aUser(server.api);
    const net = addresses();
    const address = net.next();
    const signedIn = await server.api.post(TICKETS, { userId: pete.id, password: pete.password }, { auth: null });
    const ticket = signedIn.body.entry.id as string;
    const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => changeFrom(ticket, address, `guess-${i}`)));
    expect(count(outcomes, 'failed')).toBeLessThanOrEqual(PAIR_FREE_FAILURES);
    expect(count(outcomes, 'throttled')).toBeGreaterThanOrEqual(50 - PAIR_FREE_FAILURES);
    // Even the right old password waits at that address; the password did not change.
    expect(await changeFrom(ticket, address, pete.password)).toBe('throttled');
    expect(await signIn(net.next(), pete.id, pete.password)).toBe('ok');
    // Sign-ins from that address wait too: it is one throttle.
    expect(await signIn(address, pete.id, pete.password)).toBe('throttled');
  }, 60_000);
});

describe('login throttle: state shared by server instances', () => {
  it('counts the failures seen by another instance on the same database', async () => {
    const config = loadConfig({
      DATA_DIR: server.dataDir,
      LOG_LEVEL: 'silent',
      TRUST_PROXY: 'loopback',
      ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}),
    });
    const second: App = await buildApp(config, {
      sweepIntervalMs: 0,
      webRoot: path.join(server.dataDir, 'no-web-app'),
    });
    await second.fastify.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = second.fastify.server.address() as AddressInfo;
      const other = createApiClient(`http://127.0.0.1:${port}`, { user: 'admin', password: 'admin' });
      const rose = await aUser(server.api);
      const address = addresses().next();
      // Half the allowance through each instance, at the same time.
      const outcomes = await Promise.all(
        Array.from({ length: 2 * PAIR_FREE_FAILURES }, (_, i) =>
          signIn(address, rose.id, `guess-${i}`, i % 2 ? server.api : other),
        ),
      );
      expect(count(outcomes, 'failed')).toBeLessThanOrEqual(PAIR_FREE_FAILURES);
      expect(await signIn(address, rose.id, rose.password, other)).toBe('throttled');
      expect(await signIn(address, rose.id, rose.password, server.api)).toBe('throttled');
    } finally {
      await second.fastify.close();
    }
  }, 60_000);
});

describe('login throttle without TRUST_PROXY', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
  });
  afterAll(() => plain.close());

  it('ignores X-Forwarded-For: the connection is the address', async () => {
    const sam = await aUser(plain.api);
    for (let i = 0; i < PAIR_FREE_FAILURES; i += 1) {
      expect(await signIn(`10.200.0.${i + 1}`, sam.id, `guess-${i}`, plain.api)).toBe('failed');
    }
    expect(await signIn('10.200.1.1', sam.id, sam.password, plain.api)).toBe('throttled');
  });
});

describe('login throttle with TRUST_PROXY=true', () => {
  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await startTestServer({ TRUST_PROXY: 'true' });
  });
  afterAll(() => proxied.close());

  it('takes the address the nearest proxy appended, not one the client put in front of it', async () => {
    const tom = await aUser(proxied.api);
    const outcomes: Outcome[] = [];
    // The client sends its own X-Forwarded-For each time; the proxy (10.0.0.2 here) appends its view.
    for (let i = 0; i < PAIR_FREE_FAILURES + 2; i += 1) {
      outcomes.push(await signIn(`198.51.100.${i}, 10.0.0.2`, tom.id, `guess-${i}`, proxied.api));
    }
    expect(count(outcomes, 'throttled')).toBeGreaterThan(0);
  });
});
