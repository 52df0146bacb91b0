import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../testing/api-client.ts';
import { aFile, aFolder, uniqueName } from '../../testing/builders.ts';
import { aMember, aSite, aUser, documentLibrary } from '../../testing/site-builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// Every item of a list create passes exactly the checks a single create passes, whatever the
// other items carry (a relativePath on one item used to skip the parent check for the others).

let server: TestServer;
let consumer: ApiClient;
let library: string;
/** A folder below the library where the consumer was made a Contributor. */
let dropBox: string;

beforeAll(async () => {
  server = await startTestServer();
  consumer = await aUser(server.api, 'lc-consumer');
  const site = await aSite(server.api);
  await aMember(server.api, site.id, 'lc-consumer', 'SiteConsumer');
  library = await documentLibrary(server.api, site.id);
  const drop = await aFolder(server.api, library, { name: 'drop' });
  const granted = await server.api.put(`/nodes/${drop.id}`, {
    permissions: { locallySet: [{ authorityId: 'lc-consumer', name: 'Contributor', accessStatus: 'ALLOWED' }] },
  });
  expect(granted.status).toBe(200);
  dropBox = drop.id;
});
afterAll(() => server.close());

const folder = (name: string, extra: object = {}) => ({ name, nodeType: 'cm:folder', ...extra });
const childNames = async (id: string) =>
  (await server.api.get(`/nodes/${id}/children`, { query: { maxItems: 1000 } })).body.list.entries.map(
    (e: { entry: { name: string } }) => e.entry.name,
  );

describe('a list create', () => {
  it('refuses an item the caller may not create in the parent when another item has a relativePath', async () => {
    const before = await childNames(library);
    const planted = uniqueName('planted');
    const res = await consumer.post(`/nodes/${library}/children`, [
      folder(planted),
      folder(uniqueName('x'), { relativePath: 'drop' }),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(await childNames(library)).toEqual(before);
    expect(await childNames(dropBox)).toEqual([]);
  });

  it('refuses the relativePath item itself as a single create does', async () => {
    const res = await consumer.post(`/nodes/${library}/children`, [folder(uniqueName('p'), { relativePath: 'b' })]);
    expect(res.status).toBe(403);
    const ok = await consumer.post(`/nodes/${library}/children`, [folder(uniqueName('p'), { relativePath: 'drop' })]);
    expect(ok.status).toBe(201);
  });

  it('refuses folders in Company Home and User Homes and the id of a future site', async () => {
    const root = await childNames('-root-');
    const userHomes = (await server.api.get('/nodes/-root-', { query: { relativePath: 'User Homes' } })).body.entry
      .id as string;
    const sitesFolder = (await server.api.get('/nodes/-root-', { query: { relativePath: 'Sites' } })).body.entry
      .id as string;
    const siteId = uniqueName('future');
    for (const [parent, name] of [
      ['-root-', uniqueName('x')],
      [userHomes, uniqueName('x')],
      [sitesFolder, siteId],
    ] as const) {
      const home = parent === '-root-' ? 'User Homes/lc-consumer' : parent === userHomes ? 'lc-consumer' : undefined;
      const items = [folder(name), ...(home ? [folder(uniqueName('y'), { relativePath: home })] : [])];
      const res = await consumer.post(`/nodes/${parent}/children`, items);
      expect(res.status, `${parent}: ${JSON.stringify(res.body)}`).toBe(403);
    }
    expect(await childNames('-root-')).toEqual(root);
    const site = await server.api.post('/sites', { id: siteId, title: 'Future', visibility: 'PUBLIC' });
    expect(site.status).toBe(201);
  });

  it('still creates every item where the caller may create', async () => {
    const mine = await aFolder(consumer, '-my-');
    const res = await consumer.post(`/nodes/${mine.id}/children`, [
      folder('one'),
      folder('two', { relativePath: 'sub' }),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await childNames(mine.id)).toEqual(['one', 'sub']);
  });
});

describe('associations in a create body', () => {
  it('are refused (403) when the caller may not read the child or target, and nothing is created', async () => {
    const vault = await aFolder(server.api, '-root-');
    expect((await server.api.put(`/nodes/${vault.id}`, { permissions: { isInheritanceEnabled: false } })).status).toBe(
      200,
    );
    const secret = await aFile(server.api, vault.id, 'secret');
    expect((await consumer.get(`/nodes/${secret.id}`)).status).toBe(403);
    const mine = await aFolder(consumer, '-my-');
    for (const body of [
      folder(uniqueName('s'), { secondaryChildren: [{ childId: secret.id, assocType: 'cm:contains' }] }),
      { name: uniqueName('t'), nodeType: 'cm:content', targets: [{ targetId: secret.id, assocType: 'cm:references' }] },
    ]) {
      const res = await consumer.post(`/nodes/${mine.id}/children`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(403);
    }
    expect(await childNames(mine.id)).toEqual([]);
  });

  it('are 404 for an id that does not exist, as the association endpoints', async () => {
    const mine = await aFolder(consumer, '-my-');
    const res = await consumer.post(
      `/nodes/${mine.id}/children`,
      folder(uniqueName('s'), { secondaryChildren: [{ childId: 'no-such-node', assocType: 'cm:contains' }] }),
    );
    expect(res.status).toBe(404);
  });
});
