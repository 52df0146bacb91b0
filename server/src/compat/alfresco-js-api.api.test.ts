import {
  AlfrescoApi,
  AuthenticationApi,
  CommentsApi,
  ContentApi,
  DiscoveryApi,
  DownloadsApi,
  FavoritesApi,
  GroupsApi,
  NodesApi,
  PeopleApi,
  QueriesApi,
  SearchApi,
  SitesApi,
  TrashcanApi,
  UploadApi,
  VersionsApi,
} from '@alfresco/js-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_APP_SEARCH_FILTERS } from '../testing/content-app-queries.ts';
import { entriesOf, failureOf, signedInClient } from '../testing/js-api.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { unzip } from '../testing/unzip.ts';

// The official Alfresco JavaScript client, unchanged, through the flows of the Alfresco Content
// App (ACA) and ADF, asserting on what the client parses: what the Content App would show.

let server: TestServer;
let admin: AlfrescoApi;
let jane: AlfrescoApi;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInClient(server.baseUrl, 'admin', 'admin');
  const people = new PeopleApi(admin);
  for (const [id, firstName] of [
    ['jane', 'Jane'],
    ['bob', 'Bob'],
  ] as const) {
    await people.createPerson({ id, firstName, lastName: 'Doe', email: `${id}@example.com`, password: `${id}-secret` });
  }
  jane = await signedInClient(server.baseUrl, 'jane', 'jane-secret');
});
afterAll(() => server.close());

const aFile = (text: string, name: string) => new File([text], name, { type: 'text/plain' });
/** ADF's upload (UploadService): the file's own name, a number added when it is taken. */
const upload = (api: AlfrescoApi, file: File, parentId = '-my-', path?: string) =>
  new UploadApi(api).uploadFile(
    file,
    path,
    parentId,
    { name: file.name, nodeType: 'cm:content' },
    {
      include: ['allowableOperations'],
      autoRename: true,
    },
  );

describe('signing in and out', () => {
  it('signs in with a ticket, reads the repository, -root- and -my-', async () => {
    expect(jane.isLoggedIn()).toBe(true);
    expect(jane.getTicketEcm()).toMatch(/^TICKET_[0-9a-f]{40}$/);
    const repository = (await new DiscoveryApi(jane).getRepositoryInformation()).entry.repository;
    expect(repository.version.major).toBe('7');
    expect(repository.status.isThumbnailGenerationEnabled).toBe(false);
    const nodes = new NodesApi(jane);
    expect((await nodes.getNode('-root-')).entry.name).toBe('Company Home');
    const my = (await nodes.getNode('-my-', { include: ['path', 'allowableOperations'] })).entry;
    expect(my).toMatchObject({ name: 'jane', isFolder: true });
    expect(my.path?.name).toBe('/Company Home/User Homes');
    expect(my.allowableOperations).toEqual(expect.arrayContaining(['create', 'update', 'delete']));
    expect(my.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(my.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('refuses a wrong password with 403, and a reloaded page signs in again with its stored ticket', async () => {
    const wrong = await failureOf(new AuthenticationApi(jane).createTicket({ userId: 'jane', password: 'nope' }));
    expect(wrong).toMatchObject({ status: 403, error: { statusCode: 403 } });
    // A reload: the client signs in with the ticket it kept, checking it (GET /tickets/-me-).
    const reloaded = new AlfrescoApi({ hostEcm: server.baseUrl });
    await expect(reloaded.loginTicket(jane.getTicketEcm(), '')).resolves.toBe(jane.getTicketEcm());
    expect((await new PeopleApi(reloaded).getPerson('-me-')).entry.id).toBe('jane');
  });

  it('signs out: the ticket is deleted, and a later call with it is 401', async () => {
    const bob = await signedInClient(server.baseUrl, 'bob', 'bob-secret');
    const ticket = bob.getTicketEcm();
    await bob.logout();
    expect(bob.isLoggedIn()).toBe(false);
    const stale = new AlfrescoApi({ hostEcm: server.baseUrl });
    expect((await failureOf(stale.loginTicket(ticket, ''))).status).toBe(401);
    expect((await failureOf(new NodesApi(stale).getNode('-my-'))).status).toBe(401);
  });
});

describe('files and folders', () => {
  it('creates a folder, uploads as ADF does, reads the content back and lists the folder', async () => {
    const nodes = new NodesApi(jane);
    const folder = (await nodes.createFolder('Reports', '', '-my-')).entry;
    expect(folder).toMatchObject({ name: 'Reports', isFolder: true, nodeType: 'cm:folder' });
    const file = (await upload(jane, aFile('hello quire', 'hello.txt'), folder.id)).entry;
    expect(file).toMatchObject({ name: 'hello.txt', isFile: true, parentId: folder.id });
    expect(file.content).toMatchObject({ mimeType: 'text/plain', sizeInBytes: 11 });
    expect(file.allowableOperations).toEqual(expect.arrayContaining(['delete', 'update']));
    expect((await upload(jane, aFile('x', 'hello.txt'), folder.id)).entry.name).toBe('hello-1.txt');
    // A folder dropped on the app: ADF sends its relative path.
    const dropped = (await upload(jane, aFile('y', 'deep.txt'), folder.id, 'a/b')).entry;
    expect((await nodes.getNode(dropped.id, { include: ['path'] })).entry.path?.name).toBe(
      '/Company Home/User Homes/jane/Reports/a/b',
    );
    expect(String(await nodes.getNodeContent(file.id))).toBe('hello quire');
    // The viewer and the download button use the content URL with the ticket in it.
    const viewed = await fetch(new ContentApi(jane).getContentUrl(file.id, true));
    expect(viewed.status).toBe(200);
    expect(await viewed.text()).toBe('hello quire');
    const children = await nodes.listNodeChildren(folder.id, {
      include: ['isLocked', 'path', 'properties', 'allowableOperations', 'permissions'],
      includeSource: true,
      maxItems: 25,
      skipCount: 0,
    });
    expect(entriesOf(children).map((e) => e.name)).toEqual(['a', 'hello-1.txt', 'hello.txt']);
    expect(children.list?.pagination).toMatchObject({ count: 3, totalItems: 3, hasMoreItems: false });
    expect(children.list?.source?.id).toBe(folder.id);
    expect(entriesOf(children)[1]).toMatchObject({ isLocked: false, path: { isComplete: true } });
  });

  it('updates properties, renames, adds versions, reverts, locks and unlocks', async () => {
    const nodes = new NodesApi(jane);
    const { id } = (await upload(jane, aFile('v1', 'draft.txt'))).entry;
    const props = { 'cm:title': 'Final', 'cm:description': 'The final one' };
    const updated = (await nodes.updateNode(id, { name: 'final.txt', properties: props })).entry;
    expect(updated).toMatchObject({ name: 'final.txt', properties: props });
    expect(updated.aspectNames).toEqual(expect.arrayContaining(['cm:titled', 'cm:versionable']));
    // js-api 10 sends a string body as it is (it JSON-encodes a File or Buffer: see the report).
    const v2 = await nodes.updateNodeContent(id, 'version two', { majorVersion: true, comment: 'second' });
    expect(v2.entry.properties?.['cm:versionLabel']).toBe('2.0');
    // ADF's "upload new version": the upload again, with overwrite and the node's name.
    const v21 = await new UploadApi(jane).uploadFile(
      aFile('version 2.1', 'final.txt'),
      undefined,
      '-my-',
      { name: 'final.txt', nodeType: 'cm:content' },
      {
        include: ['allowableOperations'],
        overwrite: true,
        majorVersion: false,
        comment: 'minor',
        name: 'final.txt',
      },
    );
    expect(v21.entry).toMatchObject({ id, properties: { 'cm:versionLabel': '2.1' } });
    const versions = new VersionsApi(jane);
    const history = await versions.listVersionHistory(id, { include: ['properties'], skipCount: 0, maxItems: 25 });
    expect(entriesOf(history).map((e) => [e.id, e.versionComment])).toEqual([
      ['2.1', 'minor'],
      ['2.0', 'second'],
      ['1.0', undefined],
    ]);
    expect(await (await fetch(new ContentApi(jane).getVersionContentUrl(id, '1.0', true))).text()).toBe('v1');
    expect((await versions.revertVersion(id, '1.0', { majorVersion: true, comment: 'back' })).entry?.id).toBe('3.0');
    expect(String(await nodes.getNodeContent(id))).toBe('v1');

    const lock = { type: 'ALLOW_OWNER_CHANGES', lifetime: 'PERSISTENT' } as const;
    const locked = (await nodes.lockNode(id, lock, { include: ['isLocked'] })).entry;
    expect(locked.isLocked).toBe(true);
    expect(locked.properties?.['cm:lockOwner']).toMatchObject({ id: 'jane' });
    const byAdmin = await failureOf(new NodesApi(admin).updateNode(id, { name: 'taken.txt' }));
    expect(byAdmin.status).toBe(409);
    expect((await nodes.unlockNode(id, { include: ['isLocked'] })).entry.isLocked).toBe(false);
  });

  it('copies, moves, deletes to the trashcan, restores and purges', async () => {
    const nodes = new NodesApi(jane);
    const trash = new TrashcanApi(jane);
    const a = (await nodes.createFolder('A', '', '-my-')).entry;
    const b = (await nodes.createFolder('B', '', '-my-')).entry;
    const file = (await upload(jane, aFile('moving', 'm.txt'), a.id)).entry;
    const copy = (await nodes.copyNode(file.id, { targetParentId: b.id, name: 'copy.txt' })).entry;
    expect(copy).toMatchObject({ name: 'copy.txt', parentId: b.id });
    expect((await nodes.moveNode(file.id, { targetParentId: b.id })).entry.parentId).toBe(b.id);
    await nodes.deleteNode(file.id);
    // The Trash page.
    const deleted = await trash.listDeletedNodes({ include: ['path', 'properties'], maxItems: 25, skipCount: 0 });
    const trashed = entriesOf(deleted).find((e) => e.id === file.id);
    expect(trashed).toMatchObject({ name: 'm.txt', archivedByUser: { id: 'jane' } });
    expect(trashed?.archivedAt).toBeInstanceOf(Date);
    expect((await trash.restoreDeletedNode(file.id)).entry.parentId).toBe(b.id);
    await nodes.deleteNode(file.id);
    await trash.deleteDeletedNode(file.id);
    expect((await failureOf(nodes.getNode(file.id))).status).toBe(404);
    expect((await failureOf(trash.getDeletedNode(file.id))).status).toBe(404);
  });
});

describe('downloading a folder as a zip', () => {
  it("runs ADF's download dialog: create, read the node's name, poll until DONE, fetch the zip", async () => {
    const nodes = new NodesApi(jane);
    const folder = (await nodes.createFolder('Zipped', '', '-my-')).entry;
    await upload(jane, aFile('in the zip', 'inside.txt'), folder.id, 'sub');
    const downloads = new DownloadsApi(jane);
    const created = (await downloads.createDownload({ nodeIds: [folder.id] })).entry;
    expect(created).toMatchObject({ status: 'PENDING', filesAdded: 0 });
    const id = created.id!;
    expect((await nodes.getNode(id)).entry.name).toBe('Zipped.zip');
    let status = created.status;
    // The dialog polls once a second; here as fast as the answers come, a bounded number of times.
    for (let i = 0; i < 2000 && status !== 'DONE'; i += 1) status = (await downloads.getDownload(id)).entry.status;
    expect(status).toBe('DONE');
    const zip = await fetch(new ContentApi(jane).getContentUrl(id, true));
    expect(zip.status).toBe(200);
    const entries = await unzip(Buffer.from(await zip.arrayBuffer()));
    expect(entries.get('Zipped/sub/inside.txt')?.toString()).toBe('in the zip');
    // Bob sees nothing of Jane's download.
    const bob = await signedInClient(server.baseUrl, 'bob', 'bob-secret');
    expect((await failureOf(new DownloadsApi(bob).getDownload(id))).status).toBe(404);
    await downloads.cancelDownload(id);
  });
});

describe('search and finders', () => {
  it("answers the Content App's Recent Files, its search page and the queries API", async () => {
    const mine = (await upload(jane, aFile('zebra stripes', 'zebra-notes.txt'))).entry;
    const search = new SearchApi(jane);
    const recent = await search.search({
      query: { query: '*' },
      filterQueries: [
        { query: 'cm:modified:[NOW/DAY-30DAYS TO NOW/DAY+1DAY]' },
        { query: 'cm:modifier:jane OR cm:creator:jane' },
        { query: "TYPE:'content' AND -TYPE:'app:filelink'" },
      ],
      sort: [{ type: 'FIELD', field: 'cm:modified', ascending: false }],
      include: ['path', 'properties', 'allowableOperations'],
    });
    const newest = entriesOf(recent)[0]!;
    expect(newest).toMatchObject({ id: mine.id, isFile: true, path: { name: '/Company Home/User Homes/jane' } });
    expect(newest.modifiedAt).toBeInstanceOf(Date);
    expect(entriesOf(recent).every((e) => e.isFile && e.modifiedByUser?.id === 'jane')).toBe(true);
    // The search page: the query and filters the Content App builds from its app.extensions.json.
    const fields = ['cm:name', 'cm:title', 'cm:description', 'TEXT', 'TAG'];
    const page = await search.search({
      query: { query: `(${fields.map((f) => `${f}:"zebra*"`).join(' OR ')})`, language: 'afts' },
      include: ['path', 'allowableOperations', 'properties'],
      paging: { maxItems: 25, skipCount: 0 },
      filterQueries: CONTENT_APP_SEARCH_FILTERS.map((query) => ({ query })),
      facetFields: { facets: [{ field: 'creator', mincount: 1, label: 'SEARCH.FACET_FIELDS.CREATOR' }] },
      highlight: { prefix: "<span class='aca-highlight'>", postfix: '</span>', fields: [{ field: 'cm:name' }] },
      sort: [{ type: 'SCORE', field: 'score', ascending: false }],
    });
    expect(entriesOf(page).map((e) => e.name)).toEqual(['zebra-notes.txt']);
    const queries = new QueriesApi(jane);
    expect(entriesOf(await queries.findNodes('zebra', { rootNodeId: '-my-' })).map((e) => e.id)).toEqual([mine.id]);
    expect(entriesOf(await queries.findPeople('bob')).map((e) => e.id)).toEqual(['bob']);
  });
});

describe('people, groups, sites and favorites', () => {
  it('reads people, makes a group and lists its members', async () => {
    const people = new PeopleApi(jane);
    expect((await people.getPerson('-me-')).entry).toMatchObject({ id: 'jane', firstName: 'Jane' });
    const everyone = await people.listPeople({ maxItems: 100 });
    expect(entriesOf(everyone).map((e) => e.id)).toEqual(expect.arrayContaining(['admin', 'bob', 'jane']));
    const groups = new GroupsApi(admin);
    expect((await groups.createGroup({ id: 'editors', displayName: 'Editors' })).entry.id).toBe('GROUP_editors');
    await groups.createGroupMembership('GROUP_editors', { id: 'jane', memberType: 'PERSON' });
    const members = await groups.listGroupMemberships('GROUP_editors');
    expect(entriesOf(members).map((e) => [e.id, e.memberType])).toEqual([['jane', 'PERSON']]);
    const janes = await new GroupsApi(jane).listGroupMembershipsForPerson('-me-');
    expect(entriesOf(janes).map((e) => e.id)).toContain('GROUP_editors');
    // The permission dialog's "add user or group" picker (ADF's SearchPermissionConfigurationService).
    const term = 'ed';
    const picked = await new SearchApi(jane).search({
      query: {
        query:
          `(userName:*${term}* OR email:*${term}* OR firstName:*${term}* OR lastName:*${term}* ` +
          `OR authorityName:*${term}* OR authorityDisplayName:*${term}*) AND PATH:"//cm:APP.DEFAULT/*"`,
      },
      include: ['properties', 'aspectNames'],
      paging: { skipCount: 0, maxItems: 20 },
      filterQueries: [{ query: "TYPE:'cm:authority'" }],
    });
    expect(entriesOf(picked).map((e) => [e.nodeType, e.properties?.['cm:authorityName']])).toEqual([
      ['cm:authorityContainer', 'GROUP_editors'],
    ]);
    const person = await new SearchApi(jane).search({
      query: { query: 'firstName:*bo* AND ANAME:("0/APP.DEFAULT")' },
      include: ['properties'],
      filterQueries: [{ query: "TYPE:'cm:authority'" }],
    });
    expect(entriesOf(person).map((e) => e.properties)).toEqual([
      { 'cm:userName': 'bob', 'cm:firstName': 'Bob', 'cm:lastName': 'Doe', 'cm:email': 'bob@example.com' },
    ]);
  });

  it('creates a library, adds a member, reads its document library', async () => {
    const sites = new SitesApi(jane);
    const site = await sites.createSite({ id: 'marketing', title: 'Marketing', visibility: 'PUBLIC' });
    expect(site.entry).toMatchObject({ id: 'marketing', role: 'SiteManager', visibility: 'PUBLIC' });
    expect((await sites.createSiteMembership('marketing', { id: 'bob', role: 'SiteConsumer' })).entry.role).toBe(
      'SiteConsumer',
    );
    const members = await sites.listSiteMemberships('marketing');
    expect(
      entriesOf(members)
        .map((e) => [e.id, e.role])
        .sort(),
    ).toEqual([
      ['bob', 'SiteConsumer'],
      ['jane', 'SiteManager'],
    ]);
    expect((await sites.getSiteContainer('marketing', 'documentLibrary')).entry.folderId).toBe('documentLibrary');
    const bob = await signedInClient(server.baseUrl, 'bob', 'bob-secret');
    const libraries = await new SitesApi(bob).listSiteMembershipsForPerson('-me-');
    expect(entriesOf(libraries).map((e) => [e.id, e.role])).toEqual([['marketing', 'SiteConsumer']]);
  });

  it('favorites a file and lists favorites as the Favorites page does', async () => {
    const file = (await upload(jane, aFile('fav', 'fav.txt'))).entry;
    const favorites = new FavoritesApi(jane);
    const added = await favorites.createFavorite('-me-', { target: { file: { guid: file.id } } });
    expect(added.entry.targetGuid).toBe(file.id);
    const page = await favorites.listFavorites('-me-', {
      where: '(EXISTS(target/file) OR EXISTS(target/folder))',
      include: ['path', 'properties', 'allowableOperations'],
      maxItems: 25,
      skipCount: 0,
    });
    const listed = entriesOf(page).find((e) => e.targetGuid === file.id);
    expect(listed?.target.file).toMatchObject({ name: 'fav.txt', path: { isComplete: true } });
    expect((await new NodesApi(jane).getNode(file.id, { include: ['isFavorite'] })).entry.isFavorite).toBe(true);
    await favorites.deleteFavorite('-me-', file.id);
    expect((await failureOf(favorites.getFavorite('-me-', file.id))).status).toBe(404);
  });

  it("favorites a library as the Content App's star does (favorite-sites)", async () => {
    const sites = new SitesApi(jane);
    const site = (await sites.createSite({ id: 'stars', title: 'Stars', visibility: 'PUBLIC' })).entry;
    const favorites = new FavoritesApi(jane);
    // ADF's library star asks whether the library is a favorite; a new one is its creator's.
    expect((await favorites.getFavoriteSite('-me-', 'stars')).entry).toMatchObject({ id: 'stars', guid: site.guid });
    const listed = await favorites.listFavoriteSitesForPerson('-me-');
    expect(entriesOf(listed).map((e) => e.id)).toContain('stars');
    await favorites.deleteFavorite('-me-', site.guid);
    expect((await failureOf(favorites.getFavoriteSite('-me-', 'stars'))).status).toBe(404);
    expect((await favorites.createSiteFavorite('-me-', { id: 'stars' })).entry.id).toBe('stars');
    expect((await failureOf(favorites.createSiteFavorite('-me-', { id: 'stars' }))).status).toBe(409);
    await favorites.deleteSiteFavorite('-me-', 'stars');
    expect((await failureOf(favorites.deleteSiteFavorite('-me-', 'stars'))).status).toBe(404);
  });
});

describe("joining a library (the Content App's Join library)", () => {
  it('asks to join a moderated library, reads the request back, cancels it, and a manager approves one', async () => {
    const sites = new SitesApi(jane);
    await sites.createSite({ id: 'design', title: 'Design', visibility: 'MODERATED' });
    const bob = new SitesApi(await signedInClient(server.baseUrl, 'bob', 'bob-secret'));
    const asked = await bob.createSiteMembershipRequestForPerson('-me-', { id: 'design', message: 'Please' });
    expect(asked.entry).toMatchObject({ id: 'design', message: 'Please', site: { id: 'design', title: 'Design' } });
    expect(asked.entry.createdAt).toBeInstanceOf(Date);
    // ADF's library join state: a pending request shows "Cancel join request".
    expect((await bob.getSiteMembershipRequestForPerson('-me-', 'design')).entry.message).toBe('Please');
    await bob.deleteSiteMembershipRequestForPerson('-me-', 'design');
    expect((await failureOf(bob.getSiteMembershipRequestForPerson('-me-', 'design'))).status).toBe(404);
    await bob.createSiteMembershipRequestForPerson('-me-', { id: 'design', message: 'Again' });
    const pending = entriesOf(await sites.getSiteMembershipRequests({ where: "(siteId='design')" }));
    expect(pending.map((r) => [r.id, r.person.id, r.message])).toEqual([['design', 'bob', 'Again']]);
    await sites.approveSiteMembershipRequest('design', 'bob');
    expect((await sites.getSiteMembership('design', 'bob')).entry.role).toBe('SiteConsumer');
    expect(entriesOf(await sites.getSiteMembershipRequests())).toEqual([]);
  });

  it('joins a public library at once, and a private one is not there', async () => {
    await new SitesApi(jane).createSite({ id: 'open-lib', title: 'Open', visibility: 'PUBLIC' });
    await new SitesApi(jane).createSite({ id: 'closed-lib', title: 'Closed', visibility: 'PRIVATE' });
    const bob = new SitesApi(await signedInClient(server.baseUrl, 'bob', 'bob-secret'));
    expect((await bob.createSiteMembershipRequestForPerson('-me-', { id: 'open-lib' })).entry.id).toBe('open-lib');
    expect((await bob.getSiteMembership('open-lib', 'bob')).entry.role).toBe('SiteConsumer');
    const closed = await failureOf(bob.createSiteMembershipRequestForPerson('-me-', { id: 'closed-lib' }));
    expect(closed).toMatchObject({ status: 404, error: { errorKey: 'framework.exception.RelationshipNotFound' } });
  });
});

describe('what Quire does not serve', () => {
  it('answers comments with a 404 that names the resource', async () => {
    const file = (await upload(jane, aFile('c', 'commented.txt'))).entry;
    const comments = await failureOf(new CommentsApi(jane).listComments(file.id));
    expect(comments).toMatchObject({ status: 404, error: { errorKey: 'framework.exception.NotFound' } });
    expect(comments.error?.briefSummary).toMatch(/Unsupported resource: GET .*\/comments$/);
  });
});
