import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { aSharedFolder } from '../../testing/builders.ts';
import { twoPeople } from '../../testing/two-people.ts';

// A create in a folder and a delete of that folder by someone else, at the same moment (through
// two instances on PostgreSQL). Either the delete came first (the create answers 404 and made
// nothing) or the create did (its node went to the trash with the folder): a create that made
// its node answers 201 with that node, not a 404 read after the delete committed.

const t = twoPeople();

const ROUNDS = 100;

/** The node named `new.txt` the create made in the folder (in the trash or not), if any. */
async function made(folder: string): Promise<string | undefined> {
  const { rows } = await sql<{ id: string }>`
    select id from nodes where parent_id = ${folder} and name = 'new.txt'`.execute(t.server.app.database.db);
  return rows[0]?.id;
}

/** The created node's entry from a create's answer (one entry, or a list of one). */
function entryOf(body: { entry?: { id: string; parentId: string }; list?: { entries: { entry: unknown }[] } }) {
  return (body.entry ?? body.list?.entries[0]?.entry) as { id: string; parentId: string; name: string };
}

const CREATES: [string, (folder: string) => Promise<{ status: number; body: unknown }>][] = [
  ['a JSON create', (folder) => t.ann.post(`/nodes/${folder}/children`, { name: 'new.txt', nodeType: 'cm:content' })],
  [
    'a JSON create of a list',
    (folder) => t.ann.post(`/nodes/${folder}/children`, [{ name: 'new.txt', nodeType: 'cm:content' }]),
  ],
  ['a multipart upload', (folder) => t.ann.upload(folder, 'new.txt', 'new')],
];

describe('a create racing a delete of its folder by someone else', () => {
  it.each(CREATES)('%s that made its node answered 201 with it', async (_, create) => {
    const shared = await aSharedFolder(t.server.api, { GROUP_EVERYONE: 'Coordinator' });
    const folders = await Promise.all(
      Array.from({ length: ROUNDS }, async (_, i) => {
        const folder = await t.server.api.post(`/nodes/${shared.id}/children`, {
          name: `box-${i}`,
          nodeType: 'cm:folder',
        });
        expect(folder.status).toBe(201);
        return folder.body.entry.id as string;
      }),
    );
    const outcomes = await Promise.all(
      folders.map(async (folder) => {
        const [created, removed] = await Promise.all([create(folder), t.bob.delete(`/nodes/${folder}`)]);
        expect(removed.status).toBe(204);
        const id = await made(folder);
        if (created.status === 201) {
          const entry = entryOf(created.body as Parameters<typeof entryOf>[0]);
          expect([entry.id, entry.parentId, entry.name]).toEqual([id, folder, 'new.txt']);
        }
        return `${created.status}/${id ? 'made' : 'none'}`;
      }),
    );
    for (const o of outcomes) expect(['201/made', '404/none']).toContain(o);
  });
});
