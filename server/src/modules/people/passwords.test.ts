import { expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

it('hashes with a salt and verifies only the right password', async () => {
  const a = await hashPassword('s3cret');
  const b = await hashPassword('s3cret');
  expect(a).not.toBe(b);
  expect(a).not.toContain('s3cret');
  expect(await verifyPassword('s3cret', a)).toBe(true);
  expect(await verifyPassword('S3cret', a)).toBe(false);
  expect(await verifyPassword('s3cret', 'garbage')).toBe(false);
});
