import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { aFolder } from '../../testing/builders.ts';
import { aSite } from '../../testing/site-builders.ts';
import { blockedBackends, lockWatcher, stalled, untilWaiting } from '../../testing/stalled.ts';
import { testDialect } from '../../testing/test-database.ts';
import { serverWithPeer } from '../../testing/server-with-peer.ts';

// Two updates of one site, or an update and the site's deletion, at once (through two instances
// on PostgreSQL), each held at the site node's row: the second works from the site as the first
// left it (a title change does not put back the visibility that a change of visibility just
// replaced, nor write to a site deleted meanwhile).

const t = serverWithPeer({
  skippedOnSqlite:
    'two site updates, or an update and a deletion, held half-way: SQLite has one writer, so neither can be held half-way.',
});

describe.skipIf(testDialect !== 'postgres')('site updates meeting half-way (PostgreSQL)', () => {
  const holdSite = (guid: string) => `select id from nodes where id = '${guid}' for update`;

  it('a change of visibility, then a change of title: both are in force, the site node agrees', async () => {
    const site = await aSite(t.server.api);
    const [hidden, renamed] = await stalled(
      t.server.databaseUrl!,
      holdSite(site.guid),
      () => t.server.api.put(`/sites/${site.id}`, { visibility: 'PRIVATE' }),
      () => t.peer.put(`/sites/${site.id}`, { title: 'Renamed' }),
    );
    expect([hidden.status, renamed.status]).toEqual([200, 200]);
    expect(renamed.body.entry).toMatchObject({ title: 'Renamed', visibility: 'PRIVATE' });
    const now = await t.server.api.get(`/sites/${site.id}`);
    expect(now.body.entry).toMatchObject({ title: 'Renamed', visibility: 'PRIVATE' });
    // PRIVATE: everyone's SiteConsumer entry is gone from the site node.
    const node = await t.server.api.get(`/nodes/${site.guid}`, { query: { include: 'permissions' } });
    const everyone = (node.body.entry.permissions.locallySet as { authorityId: string; name: string }[]).filter(
      (e) => e.authorityId === 'GROUP_EVERYONE' && e.name === 'SiteConsumer',
    );
    expect(everyone).toEqual([]);
  });

  it('a change of title, then a deletion before the change reads its answer: the change is 200 with the site it wrote', async () => {
    const site = await aSite(t.server.api);
    const busy = await aFolder(t.server.api);
    const url = t.server.databaseUrl!;
    const [siteHolder, busyHolder] = [
      new pg.Client({ connectionString: url }),
      new pg.Client({ connectionString: url }),
    ];
    await siteHolder.connect();
    await busyHolder.connect();
    const watcher = await lockWatcher(url);
    try {
      await siteHolder.query('begin');
      await siteHolder.query(holdSite(site.guid));
      await busyHolder.query('begin');
      await busyHolder.query(`select id from nodes where id = $1 for update`, [busy.id]);
      let blocked = await blockedBackends(watcher);
      const renamed = t.server.api.put(`/sites/${site.id}`, { title: 'Renamed' });
      await untilWaiting(watcher, blocked, renamed);
      blocked = await blockedBackends(watcher);
      const removed = t.peer.delete(`/sites/${site.id}`);
      await untilWaiting(watcher, blocked, removed);
      // Every other connection of this instance's pool (10) waits on the busy folder, and more
      // requests wait for a connection: once the change commits, its connection goes to them.
      const queued = Array.from({ length: 14 }, (_, i) =>
        t.server.api.put(`/nodes/${busy.id}`, { properties: { 'cm:title': `busy ${i}` } }),
      );
      await untilWaiting(watcher, blocked + 9, Promise.race(queued), 3_000);
      await siteHolder.query('commit');
      expect((await removed).status).toBe(204);
      await busyHolder.query('commit');
      await Promise.all(queued);
      const answer = await renamed;
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.entry).toMatchObject({ id: site.id, title: 'Renamed' });
    } finally {
      await siteHolder.end();
      await busyHolder.end();
      await watcher.end();
    }
  });

  it('a deletion, then a change of title: the change is 404', async () => {
    const site = await aSite(t.server.api);
    const [removed, renamed] = await stalled(
      t.server.databaseUrl!,
      holdSite(site.guid),
      () => t.server.api.delete(`/sites/${site.id}`),
      () => t.peer.put(`/sites/${site.id}`, { title: 'Renamed' }),
    );
    expect([removed.status, renamed.status]).toEqual([204, 404]);
  });
});
