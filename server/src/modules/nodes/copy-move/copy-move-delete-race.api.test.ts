import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { aFile, aSharedFolder } from '../../../testing/builders.ts';
import { twoPeople } from '../../../testing/two-people.ts';

// A move or a copy, and a delete by someone else at the same moment (through two instances on
// PostgreSQL) of the folder it goes to or of the node moved. Either the delete came first (the
// move or copy answers 404 and changed nothing) or the move or copy did (and the delete took its
// result to the trash): one that was made answers with its node as it made it, not a 404 read
// after the delete committed.

const t = twoPeople();

const ROUNDS = 60;

/** A file in a folder, and a folder to move or copy it to, each round (everyone Coordinator). */
async function scenes() {
  const shared = await aSharedFolder(t.server.api, { GROUP_EVERYONE: 'Coordinator' });
  return Promise.all(
    Array.from({ length: ROUNDS }, async (_, i) => {
      const [from, to] = await Promise.all(
        ['from', 'to'].map(async (name) => {
          const folder = await t.server.api.post(`/nodes/${shared.id}/children`, {
            name: `${name}-${i}`,
            nodeType: 'cm:folder',
          });
          expect(folder.status).toBe(201);
          return folder.body.entry.id as string;
        }),
      );
      const file = await aFile(t.server.api, from!, `in ${i}`, `file-${i}.txt`);
      return { file: file.id, name: file.name, to: to! };
    }),
  );
}

/**
 * The node of this name in the folder, if any: live, in the trash with the folder, or a trash item
 * of its own deleted from that folder (an item is kept under the archive, `archived_from` naming
 * the folder: the node moved first, then deleted).
 */
async function named(folder: string, name: string): Promise<string | undefined> {
  const { rows } = await sql<{ id: string }>`
    select id from nodes where name = ${name} and (parent_id = ${folder} or archived_from = ${folder})`.execute(
    t.server.app.database.db,
  );
  return rows[0]?.id;
}

type Scene = Awaited<ReturnType<typeof scenes>>[number];

const CASES: [string, 'move' | 'copy', (s: Scene) => string, number][] = [
  ['a move racing a delete of its target', 'move', (s) => s.to, 200],
  ['a move racing a delete of the node', 'move', (s) => s.file, 200],
  ['a copy racing a delete of its target', 'copy', (s) => s.to, 201],
];

describe('a move or copy that was made answers with its node', () => {
  it.each(CASES)('%s', async (_, op, deleted, ok) => {
    const outcomes = await Promise.all(
      (await scenes()).map(async (s) => {
        const [done, removed] = await Promise.all([
          t.ann.post(`/nodes/${s.file}/${op}`, { targetParentId: s.to }),
          t.bob.delete(`/nodes/${deleted(s)}`),
        ]);
        // The node went to the trash; when the move came first (with it, once moved).
        expect([204, 404]).toContain(removed.status);
        const id = await named(s.to, s.name);
        if (done.status === ok) {
          expect([done.body.entry.id, done.body.entry.parentId]).toEqual([id, s.to]);
          if (op === 'move') expect(id).toBe(s.file);
        }
        return `${done.status}/${id ? 'made' : 'none'}`;
      }),
    );
    for (const o of outcomes) expect([`${ok}/made`, '404/none']).toContain(o);
  });
});
