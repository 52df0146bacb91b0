import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder } from '../../../testing/builders.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { reindexBatch, removeOrphans } from './reindex.ts';

const SEARCH = '/alfresco/api/-default-/public/search/versions/1/search';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function found(query: string, folderId: string): Promise<string[]> {
  const res = await server.api.post(SEARCH, { query: { query }, filterQueries: [{ query: `PARENT:"${folderId}"` }] });
  expect(res.status).toBe(200);
  return (res.body.list.entries as { entry: { name: string } }[]).map((e) => e.entry.name);
}

describe('reindexing (npm run search:reindex)', () => {
  it('rebuilds a lost index in batches, while the repository stays usable', async () => {
    const folder = await aFolder(server.api);
    for (const name of ['gecko-1.txt', 'gecko-2.txt', 'gecko-3.txt']) await aFile(server.api, folder.id, 'x', name);
    expect(await found('gecko', folder.id)).toHaveLength(3);
    const { db } = server.app.database;
    // The index lost (as after a damaged file or a bug): nothing is found.
    if (server.databaseUrl) await sql`delete from search_docs`.execute(db);
    else await sql`delete from search_fts`.execute(db);
    expect(await found('gecko', folder.id)).toEqual([]);
    let batches = 0;
    for (let b = await reindexBatch(db, '', 2); b; b = await reindexBatch(db, b.last, 2)) batches += 1;
    expect(batches).toBeGreaterThan(3);
    expect((await found('gecko', folder.id)).sort()).toEqual(['gecko-1.txt', 'gecko-2.txt', 'gecko-3.txt']);
    expect(await removeOrphans(db)).toBe(0);
  });
});
