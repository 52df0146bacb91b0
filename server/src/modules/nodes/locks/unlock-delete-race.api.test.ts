import { describe, expect, it } from 'vitest';
import { aFile, aSharedFolder } from '../../../testing/builders.ts';
import { twoPeople } from '../../../testing/two-people.ts';

// An unlock and a delete of the locked file (or of its folder) by someone else, at the same
// moment, through two instances on PostgreSQL. The delete can only pass once the unlock has
// committed, so a delete that passed means an unlock that happened: its answer is 200, not a 404
// read after the delete committed.

const t = twoPeople();

const ROUNDS = 30;

const DELETES: [string, (file: string, folder: string) => string][] = [
  ['the file', (file) => `/nodes/${file}`],
  ['its folder', (_, folder) => `/nodes/${folder}`],
];

describe('an unlock racing a delete by someone else', () => {
  it.each(DELETES)('of %s: a delete that passed followed an unlock answered 200', async (_, path) => {
    const shared = await aSharedFolder(t.server.api, { GROUP_EVERYONE: 'Coordinator' });
    const scenes = await Promise.all(
      Array.from({ length: ROUNDS }, async (_, i) => {
        const folder = await t.server.api.post(`/nodes/${shared.id}/children`, {
          name: `box-${i}`,
          nodeType: 'cm:folder',
        });
        const file = await aFile(t.server.api, folder.body.entry.id, `in ${i}`);
        expect((await t.ann.post(`/nodes/${file.id}/lock`, {})).status).toBe(200);
        return { file: file.id, folder: folder.body.entry.id as string };
      }),
    );
    const outcomes = await Promise.all(
      scenes.map(async ({ file, folder }) => {
        const [unlock, remove] = await Promise.all([
          t.ann.post(`/nodes/${file}/unlock`, {}),
          t.bob.delete(path(file, folder)),
        ]);
        return `${unlock.status}/${remove.status}`;
      }),
    );
    for (const o of outcomes) expect(['200/204', '200/409']).toContain(o);
  });
});
