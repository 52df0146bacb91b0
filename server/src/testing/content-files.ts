import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { App } from '../app.ts';

/** Every file under DATA_DIR/content (published objects and staging), to prove nothing is left behind. */
export async function contentFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'content');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** How many contents are kept in the database (ADR 0008: those up to 64 KiB). */
export async function inlineContents(app: App): Promise<number> {
  const row = await app.database.db
    .selectFrom('contentObjects')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('data', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A content too big to be kept in the database, so it goes to the content store's files. */
export const bigContent = (label: string) => `${label}\n`.padEnd(70 * 1024, '.');
