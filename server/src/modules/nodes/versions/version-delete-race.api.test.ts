import { describe, expect, it } from 'vitest';
import { aFile, aFolder } from '../../../testing/builders.ts';
import { stalled } from '../../../testing/stalled.ts';
import { testDialect } from '../../../testing/test-database.ts';
import { serverWithPeer } from '../../../testing/server-with-peer.ts';

// Deleting a file's newest version rolls the node back to the version before; a change of the
// node's properties that committed after the deletion read the node (through a second instance on
// PostgreSQL, held at the node's row) stays: the roll-back starts from the node as it holds it.
// A revert to a version deleted after the revert read it is a 404: it reads the version again
// holding the node, and does not make the node's content one the deletion released.

const t = serverWithPeer({
  skippedOnSqlite: 'a version deletion held half-way: SQLite has one writer, nothing is held half-way.',
});

describe.skipIf(testDialect !== 'postgres')('deleting versions while the node changes (PostgreSQL)', () => {
  it('keeps a property change that committed first', async () => {
    const file = await aFile(t.server.api, (await aFolder(t.server.api)).id, 'one');
    const updated = await t.server.api.put(`/nodes/${file.id}/content`, 'two', {
      headers: { 'content-type': 'text/plain' },
    });
    expect(updated.body.entry.properties['cm:versionLabel']).toBe('1.1');
    const [titled, deleted] = await stalled(
      t.server.databaseUrl!,
      `select id from nodes where id = '${file.id}' for update`,
      () => t.server.api.put(`/nodes/${file.id}`, { properties: { 'cm:title': 'kept' } }),
      () => t.peer.delete(`/nodes/${file.id}/versions/1.1`),
    );
    expect([titled.status, deleted.status]).toEqual([200, 204]);
    const node = await t.server.api.get(`/nodes/${file.id}`);
    expect(node.body.entry.properties).toMatchObject({ 'cm:title': 'kept', 'cm:versionLabel': '1.0' });
  });

  it('a deletion of a version, then a revert to it: the revert is 404, the node keeps its content', async () => {
    const folder = await aFolder(t.server.api);
    const file = await aFile(t.server.api, folder.id, 'one');
    const text = { 'content-type': 'text/plain' };
    expect((await t.server.api.put(`/nodes/${file.id}/content`, 'two', { headers: text })).status).toBe(200);
    // A copy shares 1.1's content, which stays when 1.1 goes (else the revert's write would fail on it).
    const copy = await t.server.api.post(`/nodes/${file.id}/copy`, { targetParentId: folder.id, name: 'copy' });
    expect(copy.status).toBe(201);
    expect((await t.server.api.put(`/nodes/${file.id}/content`, 'three', { headers: text })).status).toBe(200);
    const [deleted, reverted] = await stalled(
      t.server.databaseUrl!,
      `select id from nodes where id = '${file.id}' for update`,
      () => t.server.api.delete(`/nodes/${file.id}/versions/1.1`),
      () => t.peer.post(`/nodes/${file.id}/versions/1.1/revert`, {}),
    );
    expect([deleted.status, reverted.status], JSON.stringify(reverted.body)).toEqual([204, 404]);
    const node = await t.server.api.get(`/nodes/${file.id}`);
    expect(node.body.entry.properties['cm:versionLabel']).toBe('1.2');
    const content = await t.server.api.get(`/nodes/${file.id}/content`);
    expect([content.status, content.raw.toString()]).toEqual([200, 'three']);
    const versions = await t.server.api.get(`/nodes/${file.id}/versions`);
    expect(versions.body.list.entries.map((e: { entry: { id: string } }) => e.entry.id)).toEqual(['1.2', '1.0']);
  });
});
