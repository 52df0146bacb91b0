import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// node:crypto's scrypt (memory-hard, salted). Parameters are stored with each hash so they can grow:
// a hash is checked with its own, and new ones take the cost of the day (PASSWORD_HASH_COST).
const PARAMS = { r: 8, p: 1 };
/** log2 of scrypt's N: 2^14 (16 MiB of memory and about 50 ms of CPU per hash here). */
export const DEFAULT_HASH_COST = 14;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // scrypt takes 128·N·r bytes; node refuses more than maxmem (32 MiB by default).
    const maxmem = 256 * (options.N ?? 0) * (options.r ?? 0);
    scrypt(password, salt, KEY_LENGTH, { ...options, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** A salted scrypt hash of the password at N = 2^cost, its parameters stored with it. */
export async function hashPassword(password: string, cost = DEFAULT_HASH_COST): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** cost;
  const key = await derive(password, salt, { N, ...PARAMS });
  return `scrypt$${N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
