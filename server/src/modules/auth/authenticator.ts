import { hash } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { onPostgres } from '../../db/row-locks.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { TICKET_PATTERN, type TicketsRepository } from './tickets.repository.ts';
import { GROUP_ADMINISTRATORS, GROUP_EVERYONE, type GroupsRepository } from '../groups/groups.repository.ts';
import type { PeopleRepository, PersonRecord } from '../people/people.repository.ts';
import { hashPassword, verifyPassword } from '../people/passwords.ts';
import { unauthorized } from '../../http/errors.ts';
import type { Credentials, Principal } from '../../http/principal.ts';

/** Tickets expire after an hour without use (Alfresco: validDuration PT1H, AFTER_INACTIVITY). */
export const TICKET_IDLE_MS = 60 * 60_000;
/** Last use is written at most this often per ticket, so reads stay reads. */
const TICKET_TOUCH_MS = 60_000;
const CACHE_TTL_MS = 5 * 60_000;
const CACHE_MAX = 10_000;
/**
 * How long an authenticated principal is reused without reading the database (ADR 0007); it is
 * forgotten sooner when anything of identity changes, here or on another instance (ADR 0021).
 */
const PRINCIPAL_TTL_MS = 1_000;
/** Tables whose writes make this process forget every remembered principal at once. */
export const IDENTITY_TABLES = ['people', 'groups', 'groupMembers', 'tickets'];

type Parsed = { kind: 'ticket'; ticket: string } | { kind: 'password'; userId: string; password: string; raw: string };

/**
 * Where the credentials are: `alf_ticket` first, else `Authorization: Basic`, which carries a
 * ticket when it has no colon, or when the user part is empty or ROLE_TICKET (Alfresco's rules).
 */
export function parseCredentials(authorization: string | undefined, alfTicket: string | undefined): Parsed | undefined {
  if (alfTicket) return { kind: 'ticket', ticket: alfTicket };
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return decoded ? { kind: 'ticket', ticket: decoded } : undefined;
  const user = decoded.slice(0, colon);
  const rest = decoded.slice(colon + 1);
  if (user === '' || user === 'ROLE_TICKET') return rest ? { kind: 'ticket', ticket: rest } : undefined;
  return { kind: 'password', userId: user, password: rest, raw: decoded };
}

export interface AuthDeps {
  db: Db;
  /** Called with a listener when the identity tables are written (here, or by another instance). */
  onIdentityWrite(listener: () => void): void;
  /** Whether remembered principals may be used now (false on PostgreSQL while other instances' changes may go unheard). */
  cachesTrusted(): boolean;
  people: PeopleRepository;
  groups: GroupsRepository;
  tickets: TicketsRepository;
  throttle: LoginThrottle;
  /** PASSWORD_HASH_COST: the decoy hash an unknown user's password is checked against costs what a person's does. */
  passwordHashCost: number;
}

type PasswordCheck = PersonRecord | 'throttled' | undefined;

/**
 * What an authenticator remembers, per instance: verified credentials, recent principals, the
 * password checks in flight and the decoy hash.
 */
interface AuthState {
  verified: Map<string, { passwordHash: string; expires: number }>;
  // The principal of recent credentials, for a second: a burst of requests does not read the
  // person and their groups each time. Any write to the identity tables, in this process or
  // (heard through the database) another instance, forgets them all.
  principals: Map<string, { principal: Principal; expires: number }>;
  // Counts the times principals were forgotten: a principal read before a forgetting is not kept.
  generation: number;
  inFlight: Map<string, Promise<PasswordCheck>>;
  // Unknown users are checked against this hash, so that they cost what a wrong password costs.
  decoy?: Promise<string>;
}

async function principalOf(deps: AuthDeps, person: PersonRecord, ticket?: string): Promise<Principal> {
  const authorities = new Set([person.id, GROUP_EVERYONE, ...(await deps.groups.groupsOf(deps.db, person.id))]);
  return {
    id: person.id,
    isAdmin: authorities.has(GROUP_ADMINISTRATORS),
    homeFolderId: person.homeFolderId,
    authorities,
    ...(ticket ? { ticket } : {}),
  };
}

/**
 * The person when the password is right; 'throttled' while this user must wait at this address
 * (the attempt is then refused without looking at the password). The attempt is counted before
 * the password is checked (login-throttle.ts), so concurrent guesses are counted too.
 */
function checkPassword(
  deps: AuthDeps,
  state: AuthState,
  userId: string,
  password: string,
  clientAddress: string,
): Promise<PasswordCheck> {
  // Requests that arrive together with the same credentials from one address (a client's burst
  // of Basic-authenticated calls) share one check: one attempt for the throttle, one hash.
  const cacheKey = hash('sha256', `${userId}\u0000${password}`, 'base64');
  const flightKey = `${cacheKey}\u0000${clientAddress}`;
  const pending = state.inFlight.get(flightKey);
  if (pending) return pending;
  const check = checkPasswordNow(deps, state, userId, password, clientAddress, cacheKey).finally(() =>
    state.inFlight.delete(flightKey),
  );
  state.inFlight.set(flightKey, check);
  return check;
}

async function checkPasswordNow(
  deps: AuthDeps,
  state: AuthState,
  userId: string,
  password: string,
  clientAddress: string,
  cacheKey: string,
): Promise<PasswordCheck> {
  const { throttle } = deps;
  const { verified } = state;
  const person = await deps.people.findById(deps.db, userId);
  const hit = verified.get(cacheKey);
  const known = !!person?.enabled && hit?.passwordHash === person.passwordHash && hit.expires > Date.now();
  // Remembered credentials skip the slow hash only where this user has not failed: elsewhere
  // they would confirm a right guess without the throttle counting it.
  if (known && !(await throttle.hasFailed(userId, clientAddress))) return person;
  if (!(await throttle.reserve(userId, clientAddress))) return 'throttled';
  const ok =
    known ||
    (await verifyPassword(
      password,
      person?.passwordHash ?? (await (state.decoy ??= hashPassword('decoy', deps.passwordHashCost))),
    ));
  if (!person || !ok || !person.enabled) return undefined;
  await throttle.succeeded(userId, clientAddress);
  if (verified.size >= CACHE_MAX) verified.clear();
  verified.set(cacheKey, { passwordHash: person.passwordHash, expires: Date.now() + CACHE_TTL_MS });
  return person;
}

async function checkTicket(deps: AuthDeps, ticket: string, touch = true): Promise<PersonRecord | undefined> {
  const { db, tickets } = deps;
  if (!TICKET_PATTERN.test(ticket)) return undefined;
  const row = await tickets.find(db, ticket);
  if (!row) return undefined;
  const now = Date.now();
  if (now - row.lastUsedAt > TICKET_IDLE_MS) {
    await tickets.delete(db, ticket);
    return undefined;
  }
  const person = await deps.people.findById(db, row.personId);
  if (!person?.enabled) return undefined;
  if (touch && now - row.lastUsedAt > TICKET_TOUCH_MS) await tickets.touch(db, ticket, now);
  return person;
}

async function authenticateAnew(
  deps: AuthDeps,
  state: AuthState,
  parsed: Parsed | undefined,
  clientAddress: string,
  touch = true,
): Promise<Principal> {
  if (!parsed) throw unauthorized();
  if (parsed.kind === 'ticket') {
    const person = await checkTicket(deps, parsed.ticket, touch);
    if (!person) throw unauthorized();
    return principalOf(deps, person, parsed.ticket);
  }
  const person = await checkPassword(deps, state, parsed.userId, parsed.password, clientAddress);
  if (person === 'throttled') throw unauthorized('Too many failed logins: wait a few seconds before trying again');
  if (!person) throw unauthorized();
  return principalOf(deps, person);
}

// The client address is part of the key: credentials remembered for one address are not a way
// around the throttle at another.
function principalKey(credentials: Credentials): string {
  const text = `${credentials.alfTicket ?? ''}\u0000${credentials.authorization ?? ''}\u0000${credentials.clientAddress}`;
  const { connection } = credentials;
  if (!connection) return hash('sha256', text, 'base64');
  // A keep-alive client sends the same credentials again and again: the digest of the text last
  // seen on its connection is reused (the connection holds that text as long as it lives, as its
  // requests' headers do).
  const last = lastKeys.get(connection);
  if (last?.text === text) return last.key;
  const key = hash('sha256', text, 'base64');
  lastKeys.set(connection, { text, key });
  return key;
}
const lastKeys = new WeakMap<object, { text: string; key: string }>();

/** The principal of credentials authenticated within the last second, if any (no database read). */
function remembered(deps: AuthDeps, state: AuthState, credentials: Credentials): Principal | undefined {
  if (!deps.cachesTrusted()) return undefined;
  const entry = state.principals.get(principalKey(credentials));
  return entry && entry.expires > Date.now() ? entry.principal : undefined;
}

/**
 * Throws 401 unless the request carries valid credentials. `touch: false` checks a ticket without
 * counting it as used (an open event stream does not keep its ticket from expiring: ADR 0022).
 */
async function authenticate(
  deps: AuthDeps,
  state: AuthState,
  credentials: Credentials,
  touch = true,
): Promise<Principal> {
  const known = remembered(deps, state, credentials);
  if (known) return known;
  const key = principalKey(credentials);
  const generation = state.generation;
  const parsed = parseCredentials(credentials.authorization, credentials.alfTicket);
  const principal = await authenticateAnew(deps, state, parsed, credentials.clientAddress, touch);
  // Not kept when identity changed while it was read: it may be of the state before.
  if (state.generation !== generation) return principal;
  if (state.principals.size >= CACHE_MAX) state.principals.clear();
  state.principals.set(key, { principal, expires: Date.now() + PRINCIPAL_TTL_MS });
  return principal;
}

/**
 * Signs in the person whose password was just checked: a new ticket, or undefined when the person
 * changed since (a new password, disabled). The ticket is written with the person's row held in
 * share mode (PostgreSQL): a change of password or of `enabled`, which ends the person's tickets
 * in its transaction, comes either after this ticket (and ends it) or before (and this is refused).
 */
async function login(deps: AuthDeps, checked: PersonRecord): Promise<string | undefined> {
  const now = Date.now();
  // Expired tickets go when someone signs in, so the table does not grow without bound.
  await deps.tickets.deleteExpired(deps.db, now - TICKET_IDLE_MS);
  return deps.db.transaction().execute(async (tx) => {
    const query = tx.selectFrom('people').select(['passwordHash', 'enabled']).where('id', '=', checked.id);
    const person = await (onPostgres(tx) ? query.forShare() : query).executeTakeFirst();
    if (!person || person.enabled !== 1 || person.passwordHash !== checked.passwordHash) return undefined;
    return deps.tickets.create(tx, checked.id, now);
  });
}

/**
 * The principal of an enabled person, read now (no credentials: for a grant this server signed,
 * such as a direct access URL); undefined when the person is gone or disabled.
 */
async function principalFor(deps: AuthDeps, personId: string): Promise<Principal | undefined> {
  const person = await deps.people.findById(deps.db, personId);
  return person?.enabled ? principalOf(deps, person) : undefined;
}

function forget(state: AuthState): void {
  state.principals.clear();
  state.generation += 1;
}

async function logout(deps: AuthDeps, state: AuthState, ticket: string): Promise<void> {
  await deps.tickets.delete(deps.db, ticket);
  // Again once the delete has committed: a request that read the ticket meanwhile remembered it.
  forget(state);
}

/**
 * Authentication by user name and password (HTTP Basic) or by ticket (Basic or `alf_ticket`).
 * A slow password hash on every request would cap throughput, so a verified credential is
 * remembered for a few minutes, keyed by a digest of it, and only while the person's stored hash
 * is unchanged (the person row is read whenever the principal is not remembered). Remembered
 * principals are forgotten on any identity change, here at once and from another instance within
 * 100 ms of its commit (ADR 0021), so a changed password or a disabled account is in force then.
 */
export function createAuthenticator(deps: AuthDeps) {
  const state: AuthState = { verified: new Map(), principals: new Map(), generation: 0, inFlight: new Map() };
  deps.onIdentityWrite(() => forget(state));
  return {
    checkPassword: (userId: string, password: string, clientAddress: string) =>
      checkPassword(deps, state, userId, password, clientAddress),
    remembered: (credentials: Credentials) => remembered(deps, state, credentials),

    /** Forgets every remembered principal (after a change that ended tickets or disabled someone has committed). */
    forgetPrincipals(): void {
      forget(state);
    },

    authenticate: (credentials: Credentials) => authenticate(deps, state, credentials),
    /** As authenticate, but a ticket's use is not recorded (the event streams' checks at delivery). */
    recheck: (credentials: Credentials) => authenticate(deps, state, credentials, false),
    login: (checked: PersonRecord) => login(deps, checked),

    /** The id of the person a valid ticket belongs to (undefined: unknown, expired or disabled). */
    async ticketOwner(ticket: string): Promise<string | undefined> {
      return (await checkTicket(deps, ticket))?.id;
    },

    principalFor: (personId: string) => principalFor(deps, personId),
    logout: (ticket: string) => logout(deps, state, ticket),
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
