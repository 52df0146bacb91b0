import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signDirectAccess, verifyDirectAccess, type DirectAccessGrant } from './direct-access-token.ts';

const secret = randomBytes(32);
const grant: DirectAccessGrant = {
  nodeId: 'a1b2',
  versionId: '1.1',
  personId: 'alice',
  attachment: true,
  expiresAt: 1_000_000,
};

describe('direct access tokens', () => {
  it('carry their grant until they expire', () => {
    const token = signDirectAccess(secret, grant);
    expect(verifyDirectAccess(secret, token, 999_999)).toEqual(grant);
    expect(verifyDirectAccess(secret, token, 1_000_000)).toBeUndefined();
  });

  it("say when they open a zip download's id, not a file's", () => {
    const zip = { ...grant, versionId: undefined, download: true };
    expect(verifyDirectAccess(secret, signDirectAccess(secret, zip), 0)).toEqual(zip);
    expect(verifyDirectAccess(secret, signDirectAccess(secret, grant), 0)).not.toHaveProperty('download');
  });

  it('name no version for the current content', () => {
    const token = signDirectAccess(secret, { ...grant, versionId: undefined });
    expect(verifyDirectAccess(secret, token, 0)?.versionId).toBeUndefined();
  });

  it('are refused when tampered with or signed with another secret', () => {
    const token = signDirectAccess(secret, grant);
    const [payload, signature] = token.split('.') as [string, string];
    const other = Buffer.from(JSON.stringify({ n: 'other', v: '1.1', u: 'alice', a: true, e: 1_000_000 }));
    const forged = `${other.toString('base64url')}.${signature}`;
    const flipped = `${payload}.${signature.slice(0, -2)}${signature.endsWith('A') ? 'B' : 'A'}A`;
    for (const bad of [forged, flipped, `${payload}.`, payload, `${token}.x`, '', 'x'.repeat(2000)]) {
      expect(verifyDirectAccess(secret, bad, 0)).toBeUndefined();
    }
    expect(verifyDirectAccess(randomBytes(32), token, 0)).toBeUndefined();
  });
});
