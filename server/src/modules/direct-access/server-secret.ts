import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';

/**
 * The secret of this name that every server instance on this database shares: the first instance
 * to ask creates it (32 random bytes; a concurrent first start keeps one, by the primary key), the
 * others read it.
 */
export async function sharedSecret(db: Db, name: string): Promise<Buffer> {
  await db
    .insertInto('serverSecrets')
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('serverSecrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}
