import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../testing/api-client.ts';
import { aMember, aSite, aUser, type SiteJson } from '../../testing/site-builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// Requests to join sites (Alfresco's site membership requests): the Content App's "Join library"
// posts one, reads it back to show "Cancel join request", and deletes it; a moderated site's
// managers list, approve and reject them.

let server: TestServer;
let admin: ApiClient;
/** A SiteManager of the sites made here. */
let bob: ApiClient;
/** Someone with no part in the sites (a bystander). */
let carol: ApiClient;
/** The person asking to join. */
let dave: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = server.api;
  bob = await aUser(admin, 'bob', { firstName: 'Bob', lastName: 'Young' });
  carol = await aUser(admin, 'carol', { firstName: 'Carol', lastName: 'Adams' });
  dave = await aUser(admin, 'dave', { firstName: 'Dave', lastName: 'Adams' });
});
afterAll(() => server.close());

const REQUESTS = '/people/-me-/site-membership-requests';
const ask = (api: ApiClient, siteId: string, body: Record<string, unknown> = {}) =>
  api.post(REQUESTS, { id: siteId, ...body });
const roleOf = async (siteId: string, personId: string) => {
  const res = await admin.get(`/sites/${siteId}/members/${personId}`);
  return res.status === 200 ? (res.body.entry.role as string) : res.status;
};
const relationshipNotFound = (personId: string, siteId: string) => ({
  errorKey: 'framework.exception.RelationshipNotFound',
  statusCode: 404,
  briefSummary: expect.stringContaining(
    `The relationship resource was not found for the entity with id: ${personId} and a relationship id of ${siteId}`,
  ),
});
const moderated = () => aSite(bob, { visibility: 'MODERATED' });
/** A site as someone who is not a member sees it (no role). */
const unjoined = ({ role: _, ...site }: SiteJson) => site;

describe('POST /people/{personId}/site-membership-requests', () => {
  it('joins a PUBLIC site at once as SiteConsumer and leaves no request', async () => {
    const site = await aSite(bob);
    const res = await ask(dave, site.id, { message: 'Hello' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.entry).toEqual({
      id: site.id,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0000$/),
      message: 'Hello',
      site: { ...site, role: 'SiteConsumer' },
    });
    expect(await roleOf(site.id, 'dave')).toBe('SiteConsumer');
    expect((await dave.get(`${REQUESTS}/${site.id}`)).status).toBe(404);
    expect((await dave.get(REQUESTS)).body.list.entries).toEqual([]);
    const again = await ask(dave, site.id);
    expect(again.status).toBe(400);
    expect(again.body.error.briefSummary).toContain(`dave is already a member of site ${site.id}`);
  });

  it('keeps a request to a MODERATED site, which a second request cannot repeat', async () => {
    const site = await moderated();
    const res = await ask(dave, site.id.toUpperCase(), { message: 'Let me in', title: 'ignored', client: 'aca' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.entry).toEqual({
      id: site.id,
      createdAt: expect.any(String),
      message: 'Let me in',
      site: unjoined(site),
    });
    expect(await roleOf(site.id, 'dave')).toBe(404);
    const again = await dave.post('/people/dave/site-membership-requests', { id: site.id });
    expect(again.status).toBe(400);
    expect(again.body.error.briefSummary).toContain(`dave is already invited to site ${site.id}`);
    const read = await dave.get(`${REQUESTS}/${site.id}`);
    expect(read.body.entry).toEqual(res.body.entry);
  });

  it('answers an unknown site and a PRIVATE one alike, 404 before any 400, even to a member', async () => {
    const secret = await aSite(bob, { visibility: 'PRIVATE' });
    await aMember(bob, secret.id, 'carol', 'SiteConsumer');
    const unknown = await ask(dave, 'no-such-site');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject(relationshipNotFound('dave', 'no-such-site'));
    const hidden = await ask(dave, secret.id);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toMatchObject(relationshipNotFound('dave', secret.id));
    // A member of the PRIVATE site: 404 as well (no "already a member" to tell it exists).
    const member = await ask(carol, secret.id);
    expect(member.status).toBe(404);
    expect(member.body.error.errorKey).toBe('framework.exception.RelationshipNotFound');
    expect(await roleOf(secret.id, 'dave')).toBe(404);
  });

  it('is for the caller only: anyone else, administrators included, and unknown people are 404', async () => {
    const site = await moderated();
    for (const [api, personId] of [
      [admin, 'dave'],
      [bob, 'dave'],
      [dave, 'carol'],
      [dave, 'nobody'],
    ] as const) {
      const res = await api.post(`/people/${personId}/site-membership-requests`, { id: site.id });
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ errorKey: 'framework.exception.EntityNotFound' });
    }
    expect(
      (await admin.get('/site-membership-requests', { query: { where: `(siteId='${site.id}')` } })).body.list.entries,
    ).toEqual([]);
  });

  it('refuses a message over 4096 characters, a missing site id and unknown fields with 400', async () => {
    const site = await moderated();
    expect((await ask(dave, site.id, { message: 'x'.repeat(4097) })).status).toBe(400);
    expect((await dave.post(REQUESTS, { message: 'hi' })).status).toBe(400);
    expect((await ask(dave, site.id, { role: 'SiteManager' })).status).toBe(400);
    expect((await dave.get(`${REQUESTS}/${site.id}`)).status).toBe(404);
    expect((await ask(dave, site.id, { message: 'x'.repeat(4096) })).status).toBe(201);
  });

  it('without a message keeps an empty one', async () => {
    const site = await moderated();
    expect((await ask(dave, site.id)).body.entry.message).toBe('');
  });
});

describe('GET, PUT and DELETE /people/{personId}/site-membership-requests/{siteId}', () => {
  it('shows a request to its person, the site managers and administrators; to others it is not there', async () => {
    const site = await moderated();
    await ask(dave, site.id, { message: 'please' });
    for (const api of [dave, bob, admin]) {
      const res = await api.get(`/people/dave/site-membership-requests/${site.id}`);
      expect(res.status).toBe(200);
      expect(res.body.entry).toMatchObject({ id: site.id, message: 'please' });
    }
    expect((await bob.get(`/people/dave/site-membership-requests/${site.id}`)).body.entry.site.role).toBe(
      'SiteManager',
    );
    const bystander = await carol.get(`/people/dave/site-membership-requests/${site.id}`);
    expect(bystander.status).toBe(404);
    expect(bystander.body.error).toMatchObject(relationshipNotFound('dave', site.id));
    expect((await carol.get(`/people/carol/site-membership-requests/${site.id}`)).status).toBe(404);
    expect((await dave.get('/people/nobody/site-membership-requests/x')).body.error.errorKey).toBe(
      'framework.exception.EntityNotFound',
    );
  });

  it('changes the message of the caller own request only', async () => {
    const site = await moderated();
    const created = (await ask(dave, site.id, { message: 'one' })).body.entry;
    const res = await dave.put(`${REQUESTS}/${site.id}`, { message: 'two' });
    expect(res.status).toBe(200);
    expect(res.body.entry).toEqual({ ...created, message: 'two', modifiedAt: expect.any(String) });
    expect((await dave.get(`${REQUESTS}/${site.id}`)).body.entry.message).toBe('two');
    expect((await dave.put(`${REQUESTS}/${site.id}`, {})).body.entry.message).toBe('');
    expect((await bob.put(`/people/dave/site-membership-requests/${site.id}`, { message: 'x' })).status).toBe(404);
    expect((await dave.put(`${REQUESTS}/${site.id}`, { message: 'x'.repeat(4097) })).status).toBe(400);
    expect((await carol.put(`${REQUESTS}/${site.id}`, { message: 'x' })).status).toBe(404);
  });

  it('cancels: the person, a site manager or an administrator; others 403 whether or not there is one', async () => {
    const site = await moderated();
    for (const api of [dave, bob, admin]) {
      await ask(dave, site.id);
      expect((await carol.delete(`/people/dave/site-membership-requests/${site.id}`)).status).toBe(403);
      expect((await api.delete(`/people/dave/site-membership-requests/${site.id}`)).status).toBe(204);
      expect((await dave.get(`${REQUESTS}/${site.id}`)).status).toBe(404);
      expect((await carol.delete(`/people/dave/site-membership-requests/${site.id}`)).status).toBe(403);
    }
    const none = await dave.delete(`${REQUESTS}/${site.id}`);
    expect(none.status).toBe(404);
    expect(none.body.error).toMatchObject(relationshipNotFound('dave', site.id));
    expect((await dave.delete(`${REQUESTS}/no-such-site`)).status).toBe(404);
  });

  it("lists the caller's own requests by site title, paged; anyone else's list is 404", async () => {
    const second = await aSite(bob, { visibility: 'MODERATED', title: 'zz second' });
    const first = await aSite(bob, { visibility: 'MODERATED', title: 'ZZ first' });
    const erin = await aUser(admin, 'erin');
    await ask(erin, second.id);
    await ask(erin, first.id, { message: 'm' });
    const res = await erin.get('/people/erin/site-membership-requests', { query: { maxItems: 1 } });
    expect(res.status).toBe(200);
    expect(res.body.list.pagination).toEqual({
      count: 1,
      hasMoreItems: true,
      totalItems: 2,
      skipCount: 0,
      maxItems: 1,
    });
    expect(res.body.list.entries[0].entry).toEqual({
      id: first.id,
      createdAt: expect.any(String),
      message: 'm',
      site: unjoined(first),
    });
    const rest = await erin.get('/people/-me-/site-membership-requests', { query: { skipCount: 1 } });
    expect(rest.body.list.entries.map((e: { entry: { id: string } }) => e.entry.id)).toEqual([second.id]);
    for (const api of [admin, bob, carol]) {
      expect((await api.get('/people/erin/site-membership-requests')).status).toBe(404);
    }
  });
});

describe('GET /site-membership-requests, approve and reject', () => {
  it("lists the requests of the caller's sites with the person (administrators: all), filtered by where", async () => {
    const site = await aSite(bob, { visibility: 'MODERATED', title: 'AAA requests' });
    const other = await aSite(carol, { visibility: 'MODERATED', title: 'AAB requests' });
    await ask(dave, site.id, { message: 'dave here' });
    await ask(dave, other.id);
    const mine = await bob.get('/site-membership-requests', { query: { where: `(siteId='${site.id}')` } });
    expect(mine.status).toBe(200);
    expect(mine.body.list.entries).toEqual([
      {
        entry: {
          id: site.id,
          createdAt: expect.any(String),
          message: 'dave here',
          site: { ...site, role: 'SiteManager' },
          person: expect.objectContaining({ id: 'dave', firstName: 'Dave', lastName: 'Adams' }),
        },
      },
    ]);
    const ids = async (api: ApiClient, where?: string) =>
      (await api.get('/site-membership-requests', where ? { query: { where } } : {})).body.list.entries
        .map((e: { entry: { id: string; person: { id: string } } }) => `${e.entry.id}:${e.entry.person.id}`)
        .filter((id: string) => id.startsWith(site.id) || id.startsWith(other.id));
    expect(await ids(bob)).toEqual([`${site.id}:dave`]);
    expect(await ids(carol)).toEqual([`${other.id}:dave`]);
    expect(await ids(carol, `(siteId='${site.id}')`)).toEqual([]);
    expect(await ids(dave)).toEqual([]);
    expect(await ids(admin)).toEqual([`${site.id}:dave`, `${other.id}:dave`]);
    expect(await ids(admin, "(personId='DAVE')")).toEqual([`${site.id}:dave`, `${other.id}:dave`]);
    expect(await ids(admin, `(siteId='${other.id}' AND personId='dave')`)).toEqual([`${other.id}:dave`]);
    expect(await ids(admin, "(personId='nobody')")).toEqual([]);
    expect((await admin.get('/site-membership-requests', { query: { where: "(title='x')" } })).status).toBe(400);
  });

  it('approves: the request ends and the person becomes a member, with the role asked for', async () => {
    const site = await moderated();
    await ask(dave, site.id);
    const res = await bob.post(`/sites/${site.id}/site-membership-requests/dave/approve`, {
      role: 'SiteCollaborator',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await roleOf(site.id, 'dave')).toBe('SiteCollaborator');
    expect((await dave.get(`${REQUESTS}/${site.id}`)).status).toBe(404);
    const again = await bob.post(`/sites/${site.id}/site-membership-requests/dave/approve`);
    expect(again.status).toBe(404);
    expect(again.body.error).toMatchObject(relationshipNotFound(site.id, 'dave'));
    // A member asking again: 400.
    expect((await ask(dave, site.id)).status).toBe(400);
  });

  it('approves as SiteConsumer without a body; an unknown role is 400 and keeps the request', async () => {
    const site = await moderated();
    await ask(dave, site.id);
    const approve = `/sites/${site.id}/site-membership-requests/dave/approve`;
    expect((await admin.post(approve, { role: 'Owner' })).status).toBe(400);
    expect((await dave.get(`${REQUESTS}/${site.id}`)).status).toBe(200);
    expect((await admin.post(approve)).status).toBe(200);
    expect(await roleOf(site.id, 'dave')).toBe('SiteConsumer');
  });

  it('rejects: the request ends and nobody becomes a member', async () => {
    const site = await moderated();
    await ask(dave, site.id);
    const reject = `/sites/${site.id}/site-membership-requests/dave/reject`;
    expect((await bob.post(reject, { comment: 'Sorry' })).status).toBe(200);
    expect(await roleOf(site.id, 'dave')).toBe(404);
    expect((await dave.get(`${REQUESTS}/${site.id}`)).status).toBe(404);
    expect((await bob.post(reject)).status).toBe(404);
    expect((await bob.post(reject, { comment: 'x'.repeat(4097) })).status).toBe(400);
  });

  it.each(['approve', 'reject'])(
    'to %s: the person asking is 403, anyone else not managing the site 404, an unknown site 404',
    async (action) => {
      const site = await moderated();
      await ask(dave, site.id);
      const path = `/sites/${site.id}/site-membership-requests/dave/${action}`;
      expect((await dave.post(path)).status).toBe(403);
      const bystander = await carol.post(path);
      expect(bystander.status).toBe(404);
      expect(bystander.body.error).toMatchObject(relationshipNotFound(site.id, 'dave'));
      // Nothing to tell apart: no request at all is the same 404 to a bystander, and to the person.
      expect((await carol.post(`/sites/${site.id}/site-membership-requests/carol/${action}`)).status).toBe(404);
      expect((await carol.post(`/sites/${site.id}/site-membership-requests/nobody/${action}`)).status).toBe(404);
      const unknown = await bob.post(`/sites/no-such-site/site-membership-requests/dave/${action}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.errorKey).toBe('framework.exception.EntityNotFound');
      expect((await dave.get(`${REQUESTS}/${site.id}`)).status).toBe(200);
      expect(await roleOf(site.id, 'dave')).toBe(404);
    },
  );
});

describe('requests and the rest of a site', () => {
  it('a site that is no longer MODERATED hides its requests, and joining it once PUBLIC ends them', async () => {
    const site = await moderated();
    await ask(dave, site.id);
    expect((await bob.put(`/sites/${site.id}`, { visibility: 'PUBLIC' })).status).toBe(200);
    expect((await dave.get(`${REQUESTS}/${site.id}`)).status).toBe(404);
    expect((await bob.post(`/sites/${site.id}/site-membership-requests/dave/approve`)).status).toBe(404);
    expect((await ask(dave, site.id)).status).toBe(201);
    expect(await roleOf(site.id, 'dave')).toBe('SiteConsumer');
    expect((await bob.put(`/sites/${site.id}`, { visibility: 'MODERATED' })).status).toBe(200);
    expect((await dave.get(`${REQUESTS}/${site.id}`)).status).toBe(404);
  });

  it('adding the person as a member ends their request', async () => {
    const site = await moderated();
    await ask(dave, site.id);
    await aMember(bob, site.id, 'dave', 'SiteContributor');
    expect((await dave.get(`${REQUESTS}/${site.id}`)).status).toBe(404);
    expect(await roleOf(site.id, 'dave')).toBe('SiteContributor');
  });

  it('deleting the site deletes its requests (a new site of the same id starts with none)', async () => {
    const site = await moderated();
    await ask(dave, site.id);
    expect((await bob.delete(`/sites/${site.id}`)).status).toBe(204);
    const rows = await server.app.database.db
      .selectFrom('siteMembershipRequests')
      .select('siteId')
      .where('siteId', '=', site.guid)
      .execute();
    expect(rows).toEqual([]);
    await aSite(bob, { id: site.id, visibility: 'MODERATED' });
    expect((await dave.get(`${REQUESTS}/${site.id}`)).status).toBe(404);
    expect((await ask(dave, site.id)).status).toBe(201);
  });

  it('POST /sites/{id}/members still tells a MODERATED site apart: join with a request', async () => {
    const site = await moderated();
    const res = await dave.post(`/sites/${site.id}/members`, { id: 'dave', role: 'SiteConsumer' });
    expect(res.status).toBe(403);
    expect(res.body.error.briefSummary).toContain('site-membership-requests');
  });
});
