import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../testing/api-client.ts';
import { aFile, aFolder } from '../../testing/builders.ts';
import { aUnit, aUnitMember, childIds, memberNames, OC, ORGCHART_PREFIXES } from '../../testing/orgchart-builders.ts';
import { aUser } from '../../testing/site-builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
let admin: ApiClient;
let bob: ApiClient;
let carol: ApiClient;

const NODE_REF = /^workspace:\/\/SpacesStore\/[0-9a-f-]{36}$/;

// acme ─┬─ eng (weight 10) ── (bob, carol, dave, ann)
//       ├─ ops "Operations" (weight 10)
//       └─ sales (weight 5) ── emea (carol)
beforeAll(async () => {
  server = await startTestServer();
  admin = server.api;
  bob = await aUser(admin, 'bob', { lastName: 'Zimmer', jobTitle: 'Engineer', location: 'Leeds', telephone: '123' });
  carol = await aUser(admin, 'carol', { lastName: 'Adams' });
  await aUser(admin, 'dave', { firstName: 'Dave', lastName: 'adams' });
  await aUser(admin, 'ann', { firstName: 'Ann', lastName: 'Adams', googleId: 'ann@g' });
  await aUnit(admin, { id: 'acme', name: 'Acme' });
  await aUnit(admin, { id: 'eng', name: 'Engineering', parentId: 'acme', weight: 10 });
  await aUnit(admin, { id: 'ops', name: 'Operations', parentId: '-root-', weight: 10 });
  await aUnit(admin, { id: 'sales', name: 'Sales', parentId: 'acme', weight: 5 });
  await aUnit(admin, { id: 'emea', name: 'EMEA', parentId: 'sales' });
  await aUnitMember(admin, 'eng', 'bob', 'carol', 'dave', 'ann');
  await aUnitMember(admin, 'emea', 'carol');
});
afterAll(() => server.close());

describe('GET …/unit/{id}/subunits', () => {
  it('answers the same envelope under the three prefixes; -root- is the root unit', async () => {
    const bodies = [];
    for (const prefix of ORGCHART_PREFIXES) {
      const res = await bob.get(`${prefix}/unit/-root-/subunits`);
      expect(res.status, prefix).toBe(200);
      bodies.push(res.body);
    }
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    expect(bodies[0]).toMatchObject({ message: 'OK', status: { code: 200 } });
    expect(bodies[0].data).toMatchObject({
      id: 'acme',
      name: 'Acme',
      groupName: 'GROUP_orgchart_acme',
      hasChild: true,
      weight: 0,
    });
    expect(bodies[0].data.groupId).toMatch(NODE_REF);
  });

  it('orders the children by weight, then name; each child says whether it has children, and has none listed', async () => {
    const res = await bob.get(`${OC}/unit/acme/subunits`);
    expect(childIds(res)).toEqual(['sales', 'eng', 'ops']);
    const [sales, eng] = res.body.data.children;
    expect(sales).toEqual({
      id: 'sales',
      name: 'Sales',
      groupId: expect.stringMatching(NODE_REF),
      groupName: 'GROUP_orgchart_sales',
      hasChild: true,
      weight: 5,
    });
    expect(eng.hasChild).toBe(false);
    expect(eng.groupId).not.toBe(sales.groupId);
  });

  it('gives a leaf unit no children; unit ids are case-insensitive', async () => {
    const res = await carol.get(`${OC}/unit/EMEA/subunits`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: 'emea', hasChild: false, children: [] });
  });

  it('names the ancestors, the root first (none for the root), in any unit answer', async () => {
    expect((await carol.get(`${OC}/unit/emea/subunits`)).body.data.ancestors).toEqual([
      { id: 'acme', name: 'Acme' },
      { id: 'sales', name: 'Sales' },
    ]);
    expect((await carol.get(`${OC}/unit/-root-/subunits`)).body.data.ancestors).toEqual([]);
    expect((await carol.get(`${OC}/unit/sales/subunits`)).body.data.ancestors).toEqual([{ id: 'acme', name: 'Acme' }]);
  });

  it('keeps the group node reference stable', async () => {
    const first = await bob.get(`${OC}/unit/sales/subunits`);
    const again = await bob.get(`${OC}/unit/acme/subunits`);
    expect(again.body.data.children[0].groupId).toBe(first.body.data.groupId);
  });
});

describe('GET …/unit/{id}/members', () => {
  it('lists the members by last name, then first name, under every prefix', async () => {
    for (const prefix of ORGCHART_PREFIXES) {
      const res = await bob.get(`${prefix}/unit/eng/members`);
      expect(res.status, prefix).toBe(200);
      expect(memberNames(res), prefix).toEqual(['ann', 'carol', 'dave', 'bob']);
    }
  });

  it('gives each member the person fields, enabled, quota only when set, quotaUsed and the node reference', async () => {
    await bob.upload('-my-', 'notes.txt', '12345');
    await admin.put('/people/dave', { quota: 1000, enabled: false });
    const res = await carol.get(`${OC}/unit/eng/members`);
    const byName = Object.fromEntries(res.body.data.map((m: { userName: string }) => [m.userName, m]));
    expect(byName.bob).toEqual({
      id: 'bob',
      userName: 'bob',
      firstName: 'Bob',
      lastName: 'Zimmer',
      email: 'bob@example.com',
      jobTitle: 'Engineer',
      location: 'Leeds',
      telephone: '123',
      enabled: true,
      quotaUsed: 5,
      node: { id: expect.any(String), storeRef: { protocol: 'workspace', identifier: 'SpacesStore' } },
      nodeRef: `workspace://SpacesStore/${byName.bob.node.id}`,
    });
    expect(byName.dave).toMatchObject({ enabled: false, quota: 1000, quotaUsed: 0 });
    expect(byName.ann).toMatchObject({ googleId: 'ann@g' });
    expect(byName.ann).not.toHaveProperty('quota');
    expect(new Set(res.body.data.map((m: { node: { id: string } }) => m.node.id)).size).toBe(4);
    await admin.put('/people/dave', { enabled: true });
  });

  it('answers an empty list for a unit without members', async () => {
    const res = await bob.get(`${OC}/unit/ops/members`);
    expect(res.body).toEqual({ data: [], message: 'OK', status: { code: 200 } });
  });
});

describe('GET …/member/{username}', () => {
  it('gives the member with all of their units and their job; -me- is the caller', async () => {
    await admin.post(`${OC}/job`, { id: 'dev', name: 'Developer' });
    await admin.put(`${OC}/member/carol/job`, { jobId: 'dev' });
    for (const prefix of ORGCHART_PREFIXES) {
      const res = await carol.get(`${prefix}/member/-me-`);
      expect(res.status, prefix).toBe(200);
      expect(res.body.data).toEqual({
        userName: 'carol',
        firstName: 'Carol',
        lastName: 'Adams',
        email: 'carol@example.com',
        enabled: true,
        quotaUsed: 0,
        node: { id: expect.any(String), storeRef: { protocol: 'workspace', identifier: 'SpacesStore' } },
        job: { id: 'dev', name: 'Developer' },
        units: [
          { id: 'emea', name: 'EMEA', weight: 0 },
          { id: 'eng', name: 'Engineering', weight: 10 },
        ],
      });
    }
  });

  it('gives the same node reference as the members list; user names are case-insensitive', async () => {
    const member = await bob.get(`${OC}/member/CAROL`);
    const list = await bob.get(`${OC}/unit/emea/members`);
    expect(member.body.data.userName).toBe('carol');
    expect(list.body.data[0].node).toEqual(member.body.data.node);
  });

  it('shows a person in no unit with no units and no job', async () => {
    const res = await bob.get(`${OC}/member/admin`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ userName: 'admin', firstName: 'Administrator', units: [] });
    expect(res.body.data).not.toHaveProperty('job');
  });
});

describe('errors of the read endpoints, in the envelope', () => {
  it('answers 401 without credentials or with wrong ones, under every prefix', async () => {
    for (const prefix of ORGCHART_PREFIXES) {
      for (const path of ['/unit/-root-/subunits', '/unit/eng/members', '/member/-me-']) {
        const res = await admin.get(`${prefix}${path}`, { auth: null });
        expect(res.status, prefix + path).toBe(401);
        expect(res.body).toEqual({ data: null, message: expect.any(String), status: { code: 401 } });
      }
      const wrong = await admin.as('bob', 'nope').get(`${prefix}/unit/-root-/subunits`);
      expect(wrong.status).toBe(401);
      expect(wrong.body.status.code).toBe(401);
    }
  });

  it('accepts a ticket as alf_ticket', async () => {
    const ticket = (
      await bob.post('/alfresco/api/-default-/public/authentication/versions/1/tickets', {
        userId: 'bob',
        password: 'pw-bob-secret',
      })
    ).body.entry.id as string;
    const res = await admin.get(`${OC}/member/-me-`, { auth: null, query: { alf_ticket: ticket } });
    expect(res.status).toBe(200);
    expect(res.body.data.userName).toBe('bob');
  });

  it('answers 404 with data null for an unknown unit or member', async () => {
    for (const path of ['/unit/nope/subunits', '/unit/nope/members', '/member/nobody']) {
      const res = await bob.get(`${OC}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ data: null, message: expect.stringMatching(/nope|nobody/), status: { code: 404 } });
    }
  });

  it('answers 400 for malformed unit ids and user names', async () => {
    const paths = [
      '/unit/bad!id/subunits',
      `/unit/${'x'.repeat(65)}/members`,
      '/unit/-me-/subunits',
      '/member/a%2Fb',
      `/member/${'y'.repeat(101)}`,
    ];
    for (const path of paths) {
      const res = await bob.get(`${OC}${path}`);
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual({ data: null, message: expect.any(String), status: { code: 400 } });
    }
  });

  it('answers paths it does not serve with a 404 envelope under its prefixes, and methods with 405', async () => {
    for (const prefix of ORGCHART_PREFIXES) {
      const res = await fetch(`${server.baseUrl}${prefix}/nothing`, { headers: { authorization: 'x' } });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ data: null, message: expect.any(String), status: { code: 404 } });
    }
    const patch = await fetch(`${server.baseUrl}${OC}/unit/eng/members`, { method: 'PATCH' });
    expect(patch.status).toBe(405);
    expect(((await patch.json()) as { status: { code: number } }).status.code).toBe(405);
  });
});

describe('units are groups', () => {
  it("holds a unit's members in its group, and a subunit's group in its parent's", async () => {
    const members = await admin.get('/groups/GROUP_orgchart_eng/members');
    expect(members.body.list.entries.map((e: { entry: { id: string } }) => e.entry.id).sort()).toEqual([
      'ann',
      'bob',
      'carol',
      'dave',
    ]);
    const sales = await admin.get('/groups/GROUP_orgchart_sales', { query: { include: 'parentIds' } });
    expect(sales.body.entry).toMatchObject({ displayName: 'Sales', isRoot: false, parentIds: ['GROUP_orgchart_acme'] });
    const emea = await admin.get('/groups/GROUP_orgchart_sales/members');
    expect(emea.body.list.entries.map((e: { entry: { id: string } }) => e.entry.id)).toEqual(['GROUP_orgchart_emea']);
  });

  it("grants a unit's permissions to its members and to the members of its subunits", async () => {
    const folder = await aFolder(admin);
    await aFile(admin, folder.id);
    const closed = {
      isInheritanceEnabled: false,
      locallySet: [{ authorityId: 'GROUP_orgchart_sales', name: 'Consumer' }],
    };
    expect((await admin.put(`/nodes/${folder.id}`, { permissions: closed })).status).toBe(200);
    expect((await carol.get(`/nodes/${folder.id}`)).status).toBe(200);
    expect((await bob.get(`/nodes/${folder.id}`)).status).toBe(403);
  });

  it('keeps the groups of units under the chart: not created, nested, unnested or deleted through /groups', async () => {
    expect((await admin.post('/groups', { id: 'GROUP_orgchart_x', displayName: 'X' })).status).toBe(400);
    expect((await admin.delete('/groups/GROUP_orgchart_eng')).status).toBe(409);
    expect((await admin.delete('/groups/GROUP_orgchart_sales/members/GROUP_orgchart_emea')).status).toBe(409);
    const nest = await admin.post('/groups/GROUP_orgchart_eng/members', {
      id: 'GROUP_orgchart_ops',
      memberType: 'GROUP',
    });
    expect(nest.status).toBe(409);
    // People are the unit's members through either API.
    expect((await admin.post('/groups/GROUP_orgchart_ops/members', { id: 'bob', memberType: 'PERSON' })).status).toBe(
      201,
    );
    expect(memberNames(await bob.get(`${OC}/unit/ops/members`))).toEqual(['bob']);
    expect((await admin.delete('/groups/GROUP_orgchart_ops/members/bob')).status).toBe(204);
  });
});
