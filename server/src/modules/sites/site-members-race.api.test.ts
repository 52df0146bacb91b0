import { describe, expect, it } from 'vitest';
import { aMember, aSite } from '../../testing/site-builders.ts';
import { stalled } from '../../testing/stalled.ts';
import { testDialect } from '../../testing/test-database.ts';
import { serverWithPeer } from '../../testing/server-with-peer.ts';

// Membership changes while the site changes (through two instances on PostgreSQL), each held
// half-way: a join checks the site's visibility as the join's transaction holds the site (no one
// joins a site that has just become PRIVATE or MODERATED), and a change or removal of a member of
// a site deleted meanwhile is a 404, as for a missing site.

const t = serverWithPeer({
  people: ['bob'],
  skippedOnSqlite:
    'membership changes held half-way against a change or deletion of the site: SQLite has one writer, so neither can be held half-way.',
});

/** The site's members as `id:role`, read as admin. */
async function members(siteId: string): Promise<string[]> {
  const res = await t.server.api.get(`/sites/${siteId}/members`);
  expect(res.status).toBe(200);
  return res.body.list.entries.map((e: { entry: { id: string; role: string } }) => `${e.entry.id}:${e.entry.role}`);
}

const join = (siteId: string) =>
  t.peer.as('bob', 'pw').post(`/sites/${siteId}/members`, { id: 'bob', role: 'SiteConsumer' });

describe.skipIf(testDialect !== 'postgres')('joining a site while its visibility changes (PostgreSQL)', () => {
  const holdSite = (guid: string) => `select id from nodes where id = '${guid}' for update`;

  it.each([
    // A PRIVATE site does not exist for a non-member; a MODERATED one takes a join request.
    ['PRIVATE', 404],
    ['MODERATED', 403],
  ])(
    'a change to %s, then a join (held at the site node): the join is %i and adds nobody',
    async (visibility, status) => {
      const site = await aSite(t.server.api);
      const [changed, joined] = await stalled(
        t.server.databaseUrl!,
        holdSite(site.guid),
        () => t.server.api.put(`/sites/${site.id}`, { visibility }),
        () => join(site.id),
      );
      expect([changed.status, joined.status], JSON.stringify(joined.body)).toEqual([200, status]);
      expect(await members(site.id)).toEqual(['admin:SiteManager']);
    },
  );

  it('a join, then a change to PRIVATE: both are in force', async () => {
    const site = await aSite(t.server.api);
    const [joined, changed] = await stalled(
      t.server.databaseUrl!,
      holdSite(site.guid),
      () => join(site.id),
      () => t.server.api.put(`/sites/${site.id}`, { visibility: 'PRIVATE' }),
    );
    expect([joined.status, changed.status]).toEqual([201, 200]);
    expect(await members(site.id)).toEqual(['admin:SiteManager', 'bob:SiteConsumer']);
  });
});

describe.skipIf(testDialect !== 'postgres')('changing a member of a site being deleted (PostgreSQL)', () => {
  it.each([
    ['a change of role', (siteId: string) => t.peer.put(`/sites/${siteId}/members/bob`, { role: 'SiteCollaborator' })],
    ['a removal', (siteId: string) => t.peer.delete(`/sites/${siteId}/members/bob`)],
  ])('the deletion, then %s (held at the site group): 404 as for a missing site', async (_, change) => {
    const site = await aSite(t.server.api);
    await aMember(t.server.api, site.id, 'bob', 'SiteConsumer');
    const [removed, changed] = await stalled(
      t.server.databaseUrl!,
      `select id from groups where id = 'GROUP_site_${site.id}' for update`,
      () => t.server.api.delete(`/sites/${site.id}`),
      () => change(site.id),
    );
    expect([removed.status, changed.status], JSON.stringify(changed.body)).toEqual([204, 404]);
    expect((await t.server.api.get(`/sites/${site.id}`)).status).toBe(404);
  });
});
