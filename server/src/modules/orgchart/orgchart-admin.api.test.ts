import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../testing/api-client.ts';
import { aUnit, aUnitMember, childIds, memberNames, OC, ORGCHART_PREFIXES } from '../../testing/orgchart-builders.ts';
import { aUser } from '../../testing/site-builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
let admin: ApiClient;
let bob: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.api;
  bob = await aUser(admin, 'bob');
  await aUser(admin, 'carol');
});
afterAll(() => server.close());

const envelopeOf = (code: number) => ({ data: null, message: expect.any(String), status: { code } });

/** Member user names of a group, sorted. */
async function groupMembers(groupId: string): Promise<string[]> {
  const res = await admin.get(`/groups/${groupId}/members`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.list.entries.map((e: { entry: { id: string } }) => e.entry.id).sort();
}

describe('units', () => {
  it('has no root unit before one is created (404)', async () => {
    const res = await bob.get(`${OC}/unit/-root-/subunits`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(envelopeOf(404));
  });

  it('creates the root unit with its group, then refuses a second root (409)', async () => {
    const res = await admin.post(`${OC}/unit`, { id: 'acme', name: '  Acme  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: { code: 201 }, message: 'Unit acme created' });
    expect(res.body.data).toMatchObject({ id: 'acme', name: 'Acme', weight: 0, hasChild: false, children: [] });
    expect((await admin.get('/groups/GROUP_orgchart_acme')).body.entry).toMatchObject({
      displayName: 'Acme',
      isRoot: true,
    });
    const second = await admin.post(`${OC}/unit`, { id: 'other', name: 'Other' });
    expect(second.status).toBe(409);
    expect(second.body).toEqual(envelopeOf(409));
  });

  it('creates units under every prefix, with a generated id when none is given', async () => {
    for (const prefix of ORGCHART_PREFIXES) {
      const res = await admin.post(`${prefix}/unit`, { name: `Made under ${prefix}`, parentId: '-root-', weight: 99 });
      expect(res.status, prefix).toBe(201);
      expect(res.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
      expect((await admin.delete(`${prefix}/unit/${res.body.data.id}`)).status).toBe(200);
    }
  });

  it('refuses a taken id (case-insensitively, 409) and an unknown parent (404)', async () => {
    expect((await admin.post(`${OC}/unit`, { id: 'ACME', name: 'x', parentId: 'acme' })).status).toBe(409);
    const res = await admin.post(`${OC}/unit`, { id: 'x', name: 'x', parentId: 'nowhere' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(envelopeOf(404));
  });

  it('refuses bodies the contract does not allow (400, in the envelope)', async () => {
    const bodies = [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x', weight: 'heavy' },
      { name: 'x', weight: 1.5 },
      { name: 'x', colour: 'red' },
      { name: 'x', id: 'bad id' },
      { name: 'x', parentId: 'a/b' },
    ];
    for (const body of bodies) {
      const res = await admin.post(`${OC}/unit`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual(envelopeOf(400));
    }
    const bad = await admin.post(`${OC}/unit`, '{not json', { headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(envelopeOf(400));
  });

  it('renames and re-weights a unit (its group is renamed too); the order of the children follows', async () => {
    await aUnit(admin, { id: 'a', name: 'Alpha', parentId: 'acme', weight: 1 });
    await aUnit(admin, { id: 'b', name: 'Beta', parentId: 'acme', weight: 2 });
    expect(childIds(await bob.get(`${OC}/unit/acme/subunits`))).toEqual(['a', 'b']);
    const res = await admin.put(`${OC}/unit/a`, { name: 'Zeta', weight: 2 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: 'a', name: 'Zeta', weight: 2 });
    expect(childIds(await bob.get(`${OC}/unit/acme/subunits`))).toEqual(['b', 'a']);
    expect((await admin.get('/groups/GROUP_orgchart_a')).body.entry.displayName).toBe('Zeta');
    expect((await admin.put(`${OC}/unit/a`, {})).status).toBe(400);
  });

  it('moves a unit with its subtree; its group moves with it', async () => {
    await aUnit(admin, { id: 'a1', name: 'A1', parentId: 'a' });
    await aUnit(admin, { id: 'a11', name: 'A11', parentId: 'a1' });
    const res = await admin.put(`${OC}/unit/a1`, { parentId: 'b' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: 'a1', hasChild: true, children: [{ id: 'a11' }] });
    expect(childIds(await bob.get(`${OC}/unit/b/subunits`))).toEqual(['a1']);
    expect((await bob.get(`${OC}/unit/a/subunits`)).body.data.hasChild).toBe(false);
    expect(await groupMembers('GROUP_orgchart_b')).toEqual(['GROUP_orgchart_a1']);
    expect(await groupMembers('GROUP_orgchart_a')).toEqual([]);
  });

  it('refuses moves that would make a cycle, and moving the root (400)', async () => {
    for (const [id, parentId] of [
      ['b', 'a11'],
      ['b', 'b'],
      ['a1', 'a11'],
      ['acme', 'b'],
      ['-root-', 'acme'],
    ]) {
      const res = await admin.put(`${OC}/unit/${id}`, { parentId });
      expect(res.status, `${id} under ${parentId}`).toBe(400);
      expect(res.body).toEqual(envelopeOf(400));
    }
    expect((await admin.put(`${OC}/unit/b`, { parentId: 'ghost' })).status).toBe(404);
    expect((await admin.put(`${OC}/unit/ghost`, { name: 'x' })).status).toBe(404);
    expect(childIds(await bob.get(`${OC}/unit/b/subunits`))).toEqual(['a1']);
  });

  it('deletes a unit only when it has neither subunits nor members (409), with its group', async () => {
    await aUnitMember(admin, 'a11', 'carol');
    const withChildren = await admin.delete(`${OC}/unit/a1`);
    expect(withChildren.status).toBe(409);
    expect(withChildren.body).toEqual(envelopeOf(409));
    expect((await admin.delete(`${OC}/unit/a11`)).status).toBe(409);
    expect((await admin.delete(`${OC}/unit/a11/members/carol`)).status).toBe(200);
    const res = await admin.delete(`${OC}/unit/a11`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: null, message: 'Unit a11 deleted', status: { code: 200 } });
    expect((await bob.get(`${OC}/unit/a11/subunits`)).status).toBe(404);
    expect((await admin.get('/groups/GROUP_orgchart_a11')).status).toBe(404);
    expect((await bob.get(`${OC}/unit/a1/subunits`)).body.data.hasChild).toBe(false);
    expect((await admin.delete(`${OC}/unit/a11`)).status).toBe(404);
  });
});

describe('members', () => {
  it('adds people to a unit (201), once (409); unknown people and units are 404', async () => {
    const res = await admin.post(`${OC}/unit/b/members`, { userName: 'BOB' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: { code: 201 }, data: { userName: 'bob', id: 'bob' } });
    expect((await admin.post(`${OC}/unit/b/members`, { userName: 'bob' })).status).toBe(409);
    expect((await admin.post(`${OC}/unit/b/members`, { userName: 'nobody' })).status).toBe(404);
    expect((await admin.post(`${OC}/unit/ghost/members`, { userName: 'bob' })).status).toBe(404);
    expect((await admin.post(`${OC}/unit/b/members`, { user: 'bob' })).status).toBe(400);
    expect(memberNames(await bob.get(`${OC}/unit/b/members`))).toEqual(['bob']);
    expect((await bob.get(`${OC}/member/-me-`)).body.data.units).toEqual([{ id: 'b', name: 'Beta', weight: 2 }]);
  });

  it('removes a member; removing a non-member is 404', async () => {
    expect((await admin.delete(`${OC}/unit/b/members/bob`)).status).toBe(200);
    expect(memberNames(await bob.get(`${OC}/unit/b/members`))).toEqual([]);
    const again = await admin.delete(`${OC}/unit/b/members/bob`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual(envelopeOf(404));
    expect((await admin.delete(`${OC}/unit/b/members/nobody`)).status).toBe(404);
  });
});

describe('jobs', () => {
  it('defines jobs (201, 409 for a taken id) and lists them by name', async () => {
    const res = await admin.post(`${OC}/job`, { id: 'cto', name: 'Chief Technology Officer' });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ id: 'cto', name: 'Chief Technology Officer' });
    expect((await admin.post(`${OC}/job`, { id: 'CTO', name: 'Again' })).status).toBe(409);
    const generated = await admin.post(`${OC}/job`, { name: 'Accountant' });
    expect(generated.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    const list = await bob.get(`${OC}/job`);
    expect(list.body.data.map((j: { name: string }) => j.name)).toEqual(['Accountant', 'Chief Technology Officer']);
  });

  it('renames a job; an unknown one is 404', async () => {
    expect((await admin.put(`${OC}/job/cto`, { name: 'CTO' })).body.data).toEqual({ id: 'cto', name: 'CTO' });
    expect((await admin.put(`${OC}/job/ghost`, { name: 'x' })).status).toBe(404);
  });

  it('gives a person one job at a time, takes it away; a job in use cannot be deleted (409)', async () => {
    await admin.post(`${OC}/job`, { id: 'dev', name: 'Developer' });
    const set = await admin.put(`${OC}/member/bob/job`, { jobId: 'cto' });
    expect(set.status).toBe(200);
    expect(set.body.data.job).toEqual({ id: 'cto', name: 'CTO' });
    const replaced = await admin.put(`${OC}/member/bob/job`, { jobId: 'dev' });
    expect(replaced.body.data.job).toEqual({ id: 'dev', name: 'Developer' });
    expect((await admin.put(`${OC}/member/bob/job`, { jobId: 'ghost' })).status).toBe(404);
    expect((await admin.put(`${OC}/member/nobody/job`, { jobId: 'dev' })).status).toBe(404);
    const inUse = await admin.delete(`${OC}/job/dev`);
    expect(inUse.status).toBe(409);
    expect(inUse.body).toEqual(envelopeOf(409));
    expect(inUse.body.message).toBe('Job dev is the job of 1 person: it cannot be deleted');
    const cleared = await admin.delete(`${OC}/member/bob/job`);
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).not.toHaveProperty('job');
    expect((await admin.delete(`${OC}/member/bob/job`)).status).toBe(404);
    expect((await admin.delete(`${OC}/job/dev`)).status).toBe(200);
    expect((await admin.delete(`${OC}/job/dev`)).status).toBe(404);
  });

  it('lets an administrator set their own job with -me-', async () => {
    const res = await admin.put(`${OC}/member/-me-/job`, { jobId: 'cto' });
    expect(res.body.data).toMatchObject({ userName: 'admin', job: { id: 'cto' } });
  });
});

describe('administration is for administrators', () => {
  it('answers 403 in the envelope to everyone else, for every change', async () => {
    const calls: [string, string, unknown?][] = [
      ['POST', '/unit', { name: 'x', parentId: 'acme' }],
      ['PUT', '/unit/b', { name: 'x' }],
      ['DELETE', '/unit/b'],
      ['POST', '/unit/b/members', { userName: 'bob' }],
      ['DELETE', '/unit/b/members/bob'],
      ['POST', '/job', { name: 'x' }],
      ['PUT', '/job/cto', { name: 'x' }],
      ['DELETE', '/job/cto'],
      ['PUT', '/member/-me-/job', { jobId: 'cto' }],
      ['DELETE', '/member/-me-/job'],
    ];
    for (const [method, path, body] of calls) {
      const res = await bob.request(method, `${OC}${path}`, body === undefined ? {} : { body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual(envelopeOf(403));
    }
  });

  it('answers 401 before anything else', async () => {
    const res = await admin.post(`${OC}/unit`, { name: 'x' }, { auth: null });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(envelopeOf(401));
  });
});
