import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { aFile, aSharedFolder } from '../../../testing/builders.ts';
import { twoPeople } from '../../../testing/two-people.ts';

// A restore of a file, and a delete by someone else at the same moment (through two instances on
// PostgreSQL) of the folder it goes back to or of the file itself. Either the delete came first
// (the restore answers 404 and the file stays in the trash as it was, or the delete is 404: the
// file was not back yet) or the restore did (and the delete took the file back to the trash): a
// restore that was made answers 200 with the node, not a 404 read after the delete committed.

const t = twoPeople();

const ROUNDS = 100;

/** A file that ann deleted from its folder, each round (everyone Coordinator). */
async function scenes() {
  const shared = await aSharedFolder(t.server.api, { GROUP_EVERYONE: 'Coordinator' });
  return Promise.all(
    Array.from({ length: ROUNDS }, async (_, i) => {
      const folder = await t.server.api.post(`/nodes/${shared.id}/children`, {
        name: `box-${i}`,
        nodeType: 'cm:folder',
      });
      expect(folder.status).toBe(201);
      const file = await aFile(t.server.api, folder.body.entry.id, `in ${i}`);
      expect((await t.ann.delete(`/nodes/${file.id}`)).status).toBe(204);
      return { file: file.id, folder: folder.body.entry.id as string };
    }),
  );
}

/**
 * Whether the file was restored: after a restore that failed it is still its own trash item (a
 * delete of the file itself that passed found it back, and took it to the trash again).
 */
async function restored(file: string, deletedItself: boolean): Promise<boolean> {
  const { rows } = await sql<{ archivedRootId: string | null }>`
    select archived_root_id from nodes where id = ${file}`.execute(t.server.app.database.db);
  return rows[0]!.archivedRootId !== file || deletedItself;
}

const DELETES: [string, (s: { file: string; folder: string }) => string][] = [
  ['the folder it goes back to', (s) => s.folder],
  ['the file', (s) => s.file],
];

describe('a restore racing a delete by someone else', () => {
  it.each(DELETES)('of %s: a restore that was made answers 200', async (_, deleted) => {
    const outcomes = await Promise.all(
      (await scenes()).map(async (s) => {
        const [restore, removed] = await Promise.all([
          t.ann.post(`/deleted-nodes/${s.file}/restore`, {}),
          t.bob.delete(`/nodes/${deleted(s)}`),
        ]);
        expect([204, 404]).toContain(removed.status);
        const back = await restored(s.file, deleted(s) === s.file && removed.status === 204);
        if (restore.status === 200)
          expect([restore.body.entry.id, restore.body.entry.parentId]).toEqual([s.file, s.folder]);
        return `${restore.status}/${back ? 'restored' : 'in the trash'}`;
      }),
    );
    for (const o of outcomes) expect(['200/restored', '404/in the trash']).toContain(o);
  });
});
