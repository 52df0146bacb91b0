import { isIP } from 'node:net';
import { z } from 'zod';

/** The value types of configuration settings that need more than a zod primitive (config.ts). */

export const positiveBytes = z
  .string()
  .regex(/^\d+$/, 'must be a whole number of bytes')
  .transform(Number)
  .refine((n) => Number.isSafeInteger(n) && n > 0, 'must be a positive number of bytes');

/** `10.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`, or one of proxy-addr's names. */
function isTrustedProxy(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** false, true, a number of hops, or a list of proxy addresses (Fastify's trustProxy). */
export const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): boolean | number | string[] => {
    if (/^(false|off|no|0)$/i.test(value)) return false;
    // Not Fastify's `true` (trust every hop: the client then picks its address, since proxies
    // append to the X-Forwarded-For it sent): the nearest proxy only.
    if (/^(true|on|yes)$/i.test(value)) return 1;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isTrustedProxy(e));
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `must be true, false, a number of hops or a list of addresses/CIDR ranges (not: ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * CORS_ORIGINS: origins as browsers send them (`https://app.example:8443`), comma-separated. No
 * wildcard and no `null`: cross-origin requests carry credentials, so each origin is named.
 */
export const corsOrigins = z
  .string()
  .trim()
  .transform((value, ctx): string[] => {
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter((e) => e !== '');
    const bad = entries.filter((e) => originOf(e) === undefined);
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `must list origins such as https://app.example:8443, without a path or a wildcard (not: ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return [...new Set(entries.map((e) => originOf(e)!))];
  });

/** The origin an entry names (scheme, host, port; at most a trailing slash), else undefined. */
function originOf(entry: string): string | undefined {
  if (entry.includes('*')) return undefined;
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return undefined;
  }
  const isBare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  return (url.protocol === 'http:' || url.protocol === 'https:') && isBare ? url.origin : undefined;
}

/** true/false, on/off, yes/no, 1/0. */
export const booleanFlag = z
  .string()
  .trim()
  .regex(/^(true|false|on|off|yes|no|1|0)$/i, 'must be true or false')
  .transform((value) => /^(true|on|yes|1)$/i.test(value));

/** An http(s) URL without a path, query or credentials. */
export const endpointUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      const isBare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
      return (url.protocol === 'http:' || url.protocol === 'https:') && isBare;
    } catch {
      return false;
    }
  }, 'must be an http:// or https:// URL without a path, such as http://127.0.0.1:9000')
  .transform((value) => value.replace(/\/+$/, ''));

/** S3_PREFIX: '' or a key prefix ending with '/' (added when missing). */
export const keyPrefix = z
  .string()
  .trim()
  .refine((value) => !value.startsWith('/') && !value.includes('//'), 'must not start with / nor contain //')
  .transform((value) => (value === '' || value.endsWith('/') ? value : `${value}/`));
