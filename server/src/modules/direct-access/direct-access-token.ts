import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A direct access token: what one download may read, signed with the repository's secret
 * (HMAC-SHA256). It names one node (and one of its versions, or none for the current content), the
 * person it was issued to, whether it downloads as an attachment, and when it expires. It
 * authorises nothing else: the download route is the only reader, and it reads no other credential.
 *
 * Form: `<payload>.<signature>`, both base64url; the payload is JSON. The signature covers a
 * purpose label and the payload, so no other value signed with the same secret can pass as a token.
 */
export interface DirectAccessGrant {
  nodeId: string;
  /** A version label; undefined for the node's current content. */
  versionId: string | undefined;
  personId: string;
  attachment: boolean;
  /** Epoch milliseconds. */
  expiresAt: number;
  /** `nodeId` is a zip download's id (POST /downloads), not a file's. */
  download?: boolean;
}

const PURPOSE = 'quire-direct-access-v1\u0000';
/** Longer tokens are refused unread (ids and labels are short). */
export const MAX_TOKEN_LENGTH = 1000;

interface Payload {
  n: string;
  v?: string;
  u: string;
  a: boolean;
  e: number;
  d?: true;
}

function sign(secret: Buffer, payload: string): Buffer {
  return createHmac('sha256', secret).update(PURPOSE).update(payload).digest();
}

export function signDirectAccess(secret: Buffer, grant: DirectAccessGrant): string {
  const body: Payload = {
    n: grant.nodeId,
    ...(grant.versionId !== undefined ? { v: grant.versionId } : {}),
    u: grant.personId,
    a: grant.attachment,
    e: grant.expiresAt,
    ...(grant.download ? { d: true as const } : {}),
  };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${sign(secret, payload).toString('base64url')}`;
}

/**
 * The grant of a token signed with this secret and not expired at `now`; undefined for anything
 * else (malformed, tampered with, signed with another secret, expired).
 */
export function verifyDirectAccess(secret: Buffer, token: string, now = Date.now()): DirectAccessGrant | undefined {
  if (token.length > MAX_TOKEN_LENGTH) return undefined;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let body: Partial<Payload>;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Payload>;
  } catch {
    return undefined;
  }
  const { n, v, u, a, e, d } = body;
  if (typeof n !== 'string' || typeof u !== 'string' || typeof a !== 'boolean' || typeof e !== 'number') {
    return undefined;
  }
  if (v !== undefined && typeof v !== 'string') return undefined;
  if (d !== undefined && d !== true) return undefined;
  if (!(now < e)) return undefined;
  return { nodeId: n, versionId: v, personId: u, attachment: a, expiresAt: e, ...(d ? { download: true } : {}) };
}
