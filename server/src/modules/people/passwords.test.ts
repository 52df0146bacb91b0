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

it('hashes at N = 2^14 unless told another cost, and checks each hash with the cost it was made with', async () => {
  const strong = await hashPassword('s3cret');
  const cheap = await hashPassword('s3cret', 10);
  expect(strong).toMatch(/^scrypt\$16384\$8\$1\$/);
  expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
  expect(await verifyPassword('s3cret', strong)).toBe(true);
  expect(await verifyPassword('s3cret', cheap)).toBe(true);
  expect(await verifyPassword('secret', cheap)).toBe(false);
  // The highest cost PASSWORD_HASH_COST allows (64 MiB) is within what scrypt is let to use.
  expect(await verifyPassword('s3cret', await hashPassword('s3cret', 16))).toBe(true);
});
