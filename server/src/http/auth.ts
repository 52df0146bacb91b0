import { createHash } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { PeopleRepository, PersonRecord } from '../modules/people/people.repository.ts';
import { verifyPassword } from '../modules/people/passwords.ts';
import { unauthorized } from './errors.ts';

/** The authenticated caller. */
export interface Principal {
  id: string;
  isAdmin: boolean;
  homeFolderId: string | null;
}

const CACHE_TTL_MS = 5 * 60_000;
const CACHE_MAX = 10_000;

/**
 * HTTP Basic authentication with user name and password. A slow password hash on every request
 * would cap throughput, so a verified credential is remembered for a few minutes — keyed by a
 * digest of the header, and only while the person's stored hash is unchanged (the person row is
 * read on every request, so a changed password or a disabled account takes effect at once, on
 * every server instance).
 */
export function createAuthenticator(db: Db, people: PeopleRepository) {
  const verified = new Map<string, { passwordHash: string; expires: number }>();

  async function check(userId: string, password: string, cacheKey: string): Promise<PersonRecord | undefined> {
    const person = await people.findById(db, userId);
    if (!person || !person.enabled) return undefined;
    const hit = verified.get(cacheKey);
    if (hit && hit.passwordHash === person.passwordHash && hit.expires > Date.now()) return person;
    if (!(await verifyPassword(password, person.passwordHash))) return undefined;
    if (verified.size >= CACHE_MAX) verified.clear();
    verified.set(cacheKey, { passwordHash: person.passwordHash, expires: Date.now() + CACHE_TTL_MS });
    return person;
  }

  return {
    /** Throws 401 unless the Authorization header carries valid credentials. */
    async authenticate(authorization: string | undefined): Promise<Principal> {
      const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
      if (!match) throw unauthorized();
      const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon <= 0) throw unauthorized();
      const cacheKey = createHash('sha256').update(decoded).digest('base64');
      const person = await check(decoded.slice(0, colon), decoded.slice(colon + 1), cacheKey);
      if (!person) throw unauthorized();
      return { id: person.id, isAdmin: person.isAdmin, homeFolderId: person.homeFolderId };
    },
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
