import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** Every file under DATA_DIR/content (published objects and staging), to prove nothing is left behind. */
export async function contentFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'content');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}
