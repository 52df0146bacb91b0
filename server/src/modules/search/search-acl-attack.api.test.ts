import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder, aSharedFolder, aUser, uniqueName, type TestUser } from '../../testing/builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// An attacker's look at search's copied ACL (migration 0018: each search document carries its
// node's effective ACL and search filters on that copy): does the copy follow every change that
// reaches it, and do counts, facets, highlights and sorts say nothing of the nodes it hides?

const SEARCH = '/alfresco/api/-default-/public/search/versions/1/search';

let server: TestServer;
let bob: TestUser;
beforeAll(async () => {
  server = await startTestServer({ TEXT_EXTRACTION_THREADS: '1' });
  bob = await aUser(server.api);
});
afterAll(() => server.close());

type Body = Record<string, unknown>;
type Page = {
  list: { pagination: { totalItems: number }; context?: Body; entries: { entry: Body & { name: string } }[] };
};
async function found(user: TestUser | undefined, query: string, extra: Body = {}): Promise<Page> {
  const api = user ? user.api : server.api;
  const res = await api.post(SEARCH, { query: { query }, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Page;
}
const names = async (user: TestUser, query: string) =>
  (await found(user, query)).list.entries.map((e) => e.entry.name).sort();
const ok = (res: { status: number; body: unknown }, status = 200) =>
  expect(res.status, JSON.stringify(res.body)).toBe(status);
const setPermissions = async (id: string, permissions: Body) =>
  ok(await server.api.put(`/nodes/${id}`, { permissions }));
const role = (authorityId: string, name: string, accessStatus = 'ALLOWED') => ({ authorityId, name, accessStatus });

describe('the copied ACL follows every change that reaches it (holds)', () => {
  it("an ACL's entries changed two levels up, through a folder with entries of its own", async () => {
    const word = uniqueName('quagga').replace(/-/g, '');
    const top = await aFolder(server.api);
    await setPermissions(top.id, { isInheritanceEnabled: false, locallySet: [role(bob.id, 'Consumer')] });
    const middle = await aFolder(server.api, top.id);
    // The middle folder's own ACL inherits from the top's: its id stays when the top's entries change.
    await setPermissions(middle.id, { locallySet: [role('GROUP_ALFRESCO_ADMINISTRATORS', 'Consumer')] });
    await aFile(server.api, middle.id, 'x', `${word}.txt`);
    expect(await names(bob, word)).toEqual([`${word}.txt`]);
    await setPermissions(top.id, {
      isInheritanceEnabled: false,
      locallySet: [role('GROUP_ALFRESCO_ADMINISTRATORS', 'Consumer')],
    });
    expect(await names(bob, word)).toEqual([]);
    await setPermissions(top.id, { isInheritanceEnabled: false, locallySet: [role(bob.id, 'Consumer')] });
    expect(await names(bob, word)).toEqual([`${word}.txt`]);
    // A DENIED in the middle beats the top's ALLOWED; turning the middle's inheritance off with only
    // an admin entry keeps bob out; turning it on again lets him in.
    await setPermissions(middle.id, { locallySet: [role(bob.id, 'Consumer', 'DENIED')] });
    expect(await names(bob, word)).toEqual([]);
    await setPermissions(middle.id, {
      isInheritanceEnabled: false,
      locallySet: [role('GROUP_ALFRESCO_ADMINISTRATORS', 'Consumer')],
    });
    expect(await names(bob, word)).toEqual([]);
    await setPermissions(middle.id, { isInheritanceEnabled: true, locallySet: [] });
    expect(await names(bob, word)).toEqual([`${word}.txt`]);
  });

  it('a folder moved between open and closed folders takes its files along, with or without entries of its own', async () => {
    const word = uniqueName('dugong').replace(/-/g, '');
    const open = await aFolder(server.api);
    await setPermissions(open.id, { isInheritanceEnabled: false, locallySet: [role(bob.id, 'Consumer')] });
    const closed = await aFolder(server.api);
    await setPermissions(closed.id, { isInheritanceEnabled: false, locallySet: [] });
    const plain = await aFolder(server.api, open.id);
    const own = await aFolder(server.api, open.id);
    await setPermissions(own.id, { locallySet: [role('GROUP_ALFRESCO_ADMINISTRATORS', 'Consumer')] });
    await aFile(server.api, plain.id, 'x', `${word}-plain.txt`);
    await aFile(server.api, own.id, 'x', `${word}-own.txt`);
    const both = [`${word}-own.txt`, `${word}-plain.txt`];
    expect(await names(bob, word)).toEqual(both);
    for (const folder of [plain, own]) {
      ok(await server.api.post(`/nodes/${folder.id}/move`, { targetParentId: closed.id }));
    }
    expect(await names(bob, word)).toEqual([]);
    for (const folder of [plain, own]) {
      ok(await server.api.post(`/nodes/${folder.id}/move`, { targetParentId: open.id }));
    }
    expect(await names(bob, word)).toEqual(both);
  });

  it('a group membership removed is in force for the next search', async () => {
    const word = uniqueName('okapi').replace(/-/g, '');
    const group = (await server.api.post('/groups', { id: uniqueName('crew'), displayName: 'Crew' })).body.entry.id;
    ok(await server.api.post(`/groups/${group}/members`, { id: bob.id, memberType: 'PERSON' }), 201);
    const folder = await aFolder(server.api);
    await setPermissions(folder.id, { isInheritanceEnabled: false, locallySet: [role(group, 'Consumer')] });
    await aFile(server.api, folder.id, 'x', `${word}.txt`);
    expect(await names(bob, word)).toEqual([`${word}.txt`]);
    ok(await server.api.delete(`/groups/${group}/members/${bob.id}`), 204);
    expect(await names(bob, word)).toEqual([]);
  });

  it('ownership gives read in search exactly as it does to GET /nodes', async () => {
    const word = uniqueName('zorilla').replace(/-/g, '');
    const closed = await aFolder(server.api);
    await setPermissions(closed.id, { isInheritanceEnabled: false, locallySet: [] });
    const file = await aFile(server.api, closed.id, 'x', `${word}.txt`);
    expect(await names(bob, word)).toEqual([]);
    expect((await bob.api.get(`/nodes/${file.id}`)).status).toBe(403);
    ok(await server.api.put(`/nodes/${file.id}`, { properties: { 'cm:owner': bob.id } }));
    expect(await names(bob, word)).toEqual([`${word}.txt`]);
    expect((await bob.api.get(`/nodes/${file.id}`)).status).toBe(200);
    // The folder stays closed: neither its listing nor a query naming it answers.
    expect((await bob.api.get(`/nodes/${closed.id}/children`)).status).toBe(403);
    expect(await names(bob, `ID:"${closed.id}"`)).toEqual([]);
  });
});

describe('counts, facets, highlights and sorts say nothing of hidden matches (holds)', () => {
  it('one readable and three hidden matches: totalItems, facet buckets, highlights and a sort by title', async () => {
    const word = uniqueName('narwhal').replace(/-/g, '');
    const open = await aSharedFolder(server.api, { [bob.id]: 'Consumer' });
    const closed = await aFolder(server.api);
    await setPermissions(closed.id, { isInheritanceEnabled: false, locallySet: [] });
    await aFile(server.api, open.id, `${word} visible`, `${word}-visible.txt`);
    for (const n of [1, 2, 3]) {
      const hidden = await aFile(server.api, closed.id, `${word} secretcontent${n}`, `${word}-secret${n}.txt`);
      ok(await server.api.put(`/nodes/${hidden.id}`, { properties: { 'cm:title': `aaa ${word} secret title` } }));
    }
    expect((await found(undefined, word)).list.pagination.totalItems).toBe(4);
    const page = await found(bob, word, {
      facetFields: { facets: [{ field: 'cm:creator' }, { field: 'cm:name' }, { field: 'cm:title' }] },
      facetQueries: [{ query: `cm:name:${word}*` }, { query: 'secretcontent1' }],
      facetIntervals: { intervals: [{ field: 'cm:content.size', sets: [{ label: 'any', start: '0', end: '*' }] }] },
      highlight: { fields: [{ field: 'cm:name' }, { field: 'cm:title' }, { field: 'cm:content' }] },
      sort: [{ type: 'FIELD', field: 'cm:title', ascending: true }],
      facetFormat: 'V2',
    });
    expect(page.list.pagination.totalItems).toBe(1);
    expect(page.list.entries.map((e) => e.entry.name)).toEqual([`${word}-visible.txt`]);
    // (The facet query's own label and filterQuery echo 'secretcontent1', as asked.)
    const said = JSON.stringify(page).replaceAll('secretcontent1', '');
    expect(said).not.toMatch(/secret/);
    expect(said).not.toMatch(/"count":[2-9]/);
    // A second page past the one readable match still counts only it.
    expect((await found(bob, word, { paging: { skipCount: 2, maxItems: 1 } })).list.pagination.totalItems).toBe(1);
    const term = await bob.api.get('/queries/nodes', { query: { term: word } });
    expect(term.body.list.entries.map((e: { entry: { name: string } }) => e.entry.name)).toEqual([
      `${word}-visible.txt`,
    ]);
  });

  it('without credentials, or with wrong ones, search answers 401', async () => {
    expect((await server.api.post(SEARCH, { query: { query: '*' } }, { auth: null })).status).toBe(401);
    const wrong = server.api.as(bob.id, 'wrong');
    expect((await wrong.post(SEARCH, { query: { query: '*' } })).status).toBe(401);
  });
});
