import { randomUUID } from 'node:crypto';
import { buildApp, type App } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import type { Db } from '../../server/src/db/database.ts';
import {
  createNodesRepository,
  type NewNode,
  type NodesRepository,
} from '../../server/src/modules/nodes/core/nodes.repository.ts';
import {
  createVersionsRepository,
  type VersionsRepository,
} from '../../server/src/modules/nodes/core/versions.repository.ts';
import { since } from './stats.ts';

export interface SeedContext {
  app: App;
  db: Db;
  /** Company Home's node id. */
  companyHome: string;
  repos: { nodes: NodesRepository; versions: VersionsRepository };
}

/**
 * Opens the SQLite repository in `dataDir` in this process (creating it if needed) with
 * `buildApp`, hands it to `seed`, and closes it again before the server is spawned.
 */
export async function withSeedApp<T>(dataDir: string, seed: (ctx: SeedContext) => Promise<T>): Promise<T> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'admin' });
  const app = await buildApp(config, { sweepIntervalMs: 0 });
  try {
    const repos = { nodes: createNodesRepository(), versions: createVersionsRepository() };
    return await seed({ app, db: app.database.db, companyHome: app.systemNodes.companyHome, repos });
  } finally {
    await app.fastify.close();
  }
}

/** A folder row owned by admin (pass it to `repos.nodes.insert`). */
export function folderNode(parentId: string, name: string, createdAt: number): NewNode {
  const base = { id: randomUUID(), parentId, name, createdAt, createdBy: 'admin', aspects: ['cm:auditable'] };
  return { ...base, nodeType: 'cm:folder', isFolder: true, isFile: false, properties: {} };
}

/** A `cm:content` text file row owned by admin, without content bytes. */
export function fileNode(parentId: string, name: string, createdAt: number, sizeInBytes = 1000): NewNode {
  return {
    id: randomUUID(),
    parentId,
    name,
    nodeType: 'cm:content',
    isFolder: false,
    isFile: true,
    mimeType: 'text/plain',
    encoding: 'UTF-8',
    sizeInBytes,
    aspects: ['cm:auditable'],
    properties: {},
    createdAt,
    createdBy: 'admin',
  };
}

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
 * Adds one folder per size under Company Home of `dataDir` holding that many children — each
 * folder in one transaction, through the nodes repository.
 */
export async function seedFolders(dataDir: string, sizes: readonly number[]): Promise<SeededFolder[]> {
  return withSeedApp(dataDir, async ({ db, companyHome, repos: { nodes } }) => {
    const seeded: SeededFolder[] = [];
    for (const size of sizes) {
      const start = process.hrtime.bigint();
      const now = Date.now();
      const folder = folderNode(companyHome, `bench-${size}`, now);
      await db.transaction().execute(async (tx) => {
        await nodes.insert(tx, folder);
        for (let i = 1; i <= size; i++) await nodes.insert(tx, child(folder.id, i, now));
      });
      seeded.push({ size, id: folder.id, seedMs: since(start) });
    }
    return seeded;
  });
}
