import { randomUUID } from 'node:crypto';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { createNodesRepository, type NewNode } from '../../server/src/modules/nodes/nodes.repository.ts';
import { since } from './stats.ts';

export interface SeededFolder {
  size: number;
  id: string;
  seedMs: number;
}

/** `item-000001`… : every tenth child a folder, the others small text files (no content bytes). */
function child(parentId: string, i: number, now: number): NewNode {
  const name = `item-${String(i).padStart(6, '0')}`;
  const base = { id: randomUUID(), parentId, createdAt: now + i, createdBy: 'admin', aspects: ['cm:auditable'] };
  if (i % 10 === 0) {
    const properties = { 'cm:title': `Folder ${i}` };
    return { ...base, name, nodeType: 'cm:folder', isFolder: true, isFile: false, properties };
  }
  return {
    ...base,
    name: `${name}.txt`,
    nodeType: 'cm:content',
    isFolder: false,
    isFile: true,
    mimeType: 'text/plain',
    encoding: 'UTF-8',
    sizeInBytes: 1000 + i,
    properties: {},
  };
}

/**
 * Opens the SQLite repository in `dataDir` in this process (creating it if needed), adds one
 * folder per size under Company Home holding that many children — each folder in one
 * transaction, through the nodes repository — and closes it again.
 */
export async function seedFolders(dataDir: string, sizes: readonly number[]): Promise<SeededFolder[]> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'admin' });
  const app = await buildApp(config, { sweepIntervalMs: 0 });
  try {
    const nodes = createNodesRepository();
    const seeded: SeededFolder[] = [];
    for (const size of sizes) {
      const start = process.hrtime.bigint();
      const id = randomUUID();
      const now = Date.now();
      await app.database.db.transaction().execute(async (tx) => {
        await nodes.insert(tx, {
          id,
          parentId: app.systemNodes.companyHome,
          name: `bench-${size}`,
          nodeType: 'cm:folder',
          isFolder: true,
          isFile: false,
          aspects: ['cm:auditable'],
          properties: {},
          createdAt: now,
          createdBy: 'admin',
        });
        for (let i = 1; i <= size; i++) await nodes.insert(tx, child(id, i, now));
      });
      seeded.push({ size, id, seedMs: since(start) });
    }
    return seeded;
  } finally {
    await app.fastify.close();
  }
}
