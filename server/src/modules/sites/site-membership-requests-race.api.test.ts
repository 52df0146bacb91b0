import { describe, expect, it } from 'vitest';
import { aSite } from '../../testing/site-builders.ts';
import { stalled } from '../../testing/stalled.ts';
import { testDialect } from '../../testing/test-database.ts';
import { serverWithPeer } from '../../testing/server-with-peer.ts';

// Join requests meeting each other (through two instances on PostgreSQL): two requests of one
// person to one site make one request (201) and one 400; an approval and a cancellation of the
// same request, one wins and the other is 404, and a membership is made only by an approval that
// found the request. On SQLite the requests go at once (one writer takes them in turn); on
// PostgreSQL they are also held half-way at the site's node, where each transaction waits.

const t = serverWithPeer({
  people: ['dave'],
  skippedOnSqlite:
    'join requests held half-way at the site node: SQLite has one writer, so neither can be held half-way.',
});

const REQUESTS = '/people/-me-/site-membership-requests';
const here = () => t.server.api.as('dave', 'pw');
const there = () => t.peer.as('dave', 'pw');
const moderated = () => aSite(t.server.api, { visibility: 'MODERATED' });
const holdSite = (guid: string) => `select id from nodes where id = '${guid}' for update`;

/** Dave's role in the site, or the status of asking for it. */
async function roleOfDave(siteId: string) {
  const res = await t.server.api.get(`/sites/${siteId}/members/dave`);
  return res.status === 200 ? (res.body.entry.role as string) : res.status;
}

/** Whether dave's request to the site is there (as admin sees it). */
async function pending(siteId: string) {
  const res = await t.server.api.get('/site-membership-requests', { query: { where: `(siteId='${siteId}')` } });
  return res.body.list.entries.length as number;
}

const approve = (siteId: string) => t.peer.post(`/sites/${siteId}/site-membership-requests/dave/approve`);
const cancel = (siteId: string) => here().delete(`${REQUESTS}/${siteId}`);

/** Exactly one of an approval and a cancellation won, and a membership follows the approval only. */
async function expectOneWinner(siteId: string, approved: number, cancelled: number) {
  expect([approved, cancelled].sort()).toEqual(approved === 200 ? [200, 404] : [204, 404]);
  expect(await roleOfDave(siteId)).toBe(approved === 200 ? 'SiteConsumer' : 404);
  expect(await pending(siteId)).toBe(0);
}

describe('requests at the same time (both databases)', () => {
  it('two requests of one person to one site: one 201, one 400, one request kept', async () => {
    for (let round = 0; round < 5; round += 1) {
      const site = await moderated();
      const answers = await Promise.all([
        here().post(REQUESTS, { id: site.id }),
        there().post(REQUESTS, { id: site.id }),
      ]);
      expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([201, 400]);
      expect(answers.find((a) => a.status === 400)!.body.error.briefSummary).toContain('already invited');
      expect(await pending(site.id)).toBe(1);
    }
  });

  it('two joins of one PUBLIC site: one 201, one 400, one membership', async () => {
    const site = await aSite(t.server.api);
    const answers = await Promise.all([
      here().post(REQUESTS, { id: site.id }),
      there().post(REQUESTS, { id: site.id }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(await roleOfDave(site.id)).toBe('SiteConsumer');
  });

  it('an approval and a cancellation of one request: exactly one wins', async () => {
    for (let round = 0; round < 5; round += 1) {
      const site = await moderated();
      expect((await here().post(REQUESTS, { id: site.id })).status).toBe(201);
      const [approved, cancelled] = await Promise.all([approve(site.id), cancel(site.id)]);
      await expectOneWinner(site.id, approved.status, cancelled.status);
    }
  });
});

describe.skipIf(testDialect !== 'postgres')('requests held half-way at the site node (PostgreSQL)', () => {
  it('two requests of one person, each on its own instance: the second waits, then is 400', async () => {
    const site = await moderated();
    const [first, second] = await stalled(
      t.server.databaseUrl!,
      holdSite(site.guid),
      () => here().post(REQUESTS, { id: site.id, message: 'one' }),
      () => there().post(REQUESTS, { id: site.id, message: 'two' }),
    );
    expect([first.status, second.status], JSON.stringify(second.body)).toEqual([201, 400]);
    expect((await here().get(`${REQUESTS}/${site.id}`)).body.entry.message).toBe('one');
  });

  it.each([
    ['an approval, then a cancellation', true],
    ['a cancellation, then an approval', false],
  ])('%s: the first wins, the second is 404', async (_, approvalFirst) => {
    const site = await moderated();
    expect((await here().post(REQUESTS, { id: site.id })).status).toBe(201);
    const [a, b] = await stalled(
      t.server.databaseUrl!,
      holdSite(site.guid),
      () => (approvalFirst ? approve(site.id) : cancel(site.id)),
      () => (approvalFirst ? cancel(site.id) : approve(site.id)),
    );
    const [approved, cancelled] = approvalFirst ? [a, b] : [b, a];
    expect([a.status, b.status]).toEqual(approvalFirst ? [200, 404] : [204, 404]);
    await expectOneWinner(site.id, approved.status, cancelled.status);
  });

  it('a change to PRIVATE, then a request (held at the site node): 404, and no request kept', async () => {
    const site = await moderated();
    const [changed, asked] = await stalled(
      t.server.databaseUrl!,
      holdSite(site.guid),
      () => t.peer.put(`/sites/${site.id}`, { visibility: 'PRIVATE' }),
      () => here().post(REQUESTS, { id: site.id }),
    );
    expect([changed.status, asked.status], JSON.stringify(asked.body)).toEqual([200, 404]);
    expect((await t.server.api.put(`/sites/${site.id}`, { visibility: 'MODERATED' })).status).toBe(200);
    expect(await pending(site.id)).toBe(0);
  });
});
