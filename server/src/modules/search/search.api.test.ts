import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../testing/api-client.ts';
import { aFile, aFolder, aSharedFolder, aUser } from '../../testing/builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

const SEARCH = '/alfresco/api/-default-/public/search/versions/1/search';

let server: TestServer;
let bob: ApiClient;
let carol: ApiClient;
/** A folder of its own for this file's nodes, so queries can be scoped to it. */
let root: { id: string };
beforeAll(async () => {
  server = await startTestServer();
  bob = (await aUser(server.api, { id: 'bob' })).api;
  carol = (await aUser(server.api, { id: 'carol' })).api;
  root = await aSharedFolder(server.api, { bob: 'Collaborator' });
});
afterAll(() => server.close());

type Entry = { id: string; name: string; [key: string]: unknown };
type Body = Record<string, unknown>;

async function search(api: ApiClient, query: string, extra: Body = {}) {
  const res = await api.post(SEARCH, { query: { query }, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { list: { pagination: Body; context: Body; entries: { entry: Entry }[] } };
}

/** Names found by a query within `root` (ANCESTOR keeps other tests' nodes out), sorted. */
async function names(api: ApiClient, query: string, extra: Body = {}) {
  const res = await search(api, query, { filterQueries: [{ query: `ANCESTOR:"${root.id}"` }], ...extra });
  return res.list.entries.map((e) => e.entry.name).sort();
}

describe('POST /search finds what committed, at once', () => {
  it('finds a file by a word of its name, title or description right after the create, and by its id', async () => {
    const folder = await aFolder(server.api, root.id, { name: 'quarterly_reports' });
    const file = await aFile(server.api, folder.id, 'numbers', 'Budget-2026.txt');
    expect(
      (
        await server.api.put(`/nodes/${file.id}`, {
          properties: { 'cm:title': 'Annual plan', 'cm:description': 'Costs of the zeppelin fleet' },
        })
      ).status,
    ).toBe(200);
    expect(await names(server.api, 'budget')).toEqual(['Budget-2026.txt']);
    expect(await names(server.api, 'cm:name:2026')).toEqual(['Budget-2026.txt']);
    expect(await names(server.api, 'cm:title:"annual plan"')).toEqual(['Budget-2026.txt']);
    expect(await names(server.api, 'zeppelin')).toEqual(['Budget-2026.txt']);
    expect(await names(server.api, 'cm:title:zeppelin')).toEqual([]);
    expect(await names(server.api, 'zep*')).toEqual(['Budget-2026.txt']);
    expect(await names(server.api, 'quarterly')).toEqual(['quarterly_reports']);
    expect(await names(server.api, `ID:"workspace://SpacesStore/${file.id}"`)).toEqual(['Budget-2026.txt']);
    expect(await names(server.api, `PARENT:"${folder.id}"`)).toEqual(['Budget-2026.txt']);
    expect(await names(server.api, 'cm:name:*.txt')).toEqual(['Budget-2026.txt']);
  });

  it('follows renames and deletes: the old name is not found, a trashed node is not found', async () => {
    const file = await aFile(server.api, root.id, 'x', 'walrus.txt');
    expect(await names(server.api, 'walrus')).toEqual(['walrus.txt']);
    expect((await server.api.put(`/nodes/${file.id}`, { name: 'narwhal.txt' })).status).toBe(200);
    expect(await names(server.api, 'walrus')).toEqual([]);
    expect(await names(server.api, 'narwhal')).toEqual(['narwhal.txt']);
    expect((await server.api.delete(`/nodes/${file.id}`)).status).toBe(204);
    expect(await names(server.api, 'narwhal')).toEqual([]);
    expect((await server.api.post(`/deleted-nodes/${file.id}/restore`, {})).status).toBe(200);
    expect(await names(server.api, 'narwhal')).toEqual(['narwhal.txt']);
  });

  it('answers boolean queries, types, aspects, ranges and sorting', async () => {
    const folder = await aFolder(server.api, root.id, { name: 'bool' });
    await aFile(server.api, folder.id, 'a', 'apple-red.txt');
    await aFile(server.api, folder.id, 'bb', 'apple-green.txt');
    await aFile(server.api, folder.id, 'ccc', 'pear-green.txt');
    const within = { filterQueries: [{ query: `PARENT:"${folder.id}"` }] };
    const found = async (q: string) =>
      (await search(server.api, q, within)).list.entries.map((e) => e.entry.name).sort();
    expect(await found('apple AND green')).toEqual(['apple-green.txt']);
    expect(await found('apple OR pear')).toEqual(['apple-green.txt', 'apple-red.txt', 'pear-green.txt']);
    expect(await found('green -apple')).toEqual(['pear-green.txt']);
    expect(await found('green AND NOT pear')).toEqual(['apple-green.txt']);
    expect(await found('TYPE:"cm:content" AND cm:content.size:[2 TO 3]')).toEqual([
      'apple-green.txt',
      'pear-green.txt',
    ]);
    expect(await found('TYPE:"app:filelink"')).toEqual([]);
    expect(await found('cm:content.mimetype:"text/plain" AND cm:creator:admin')).toHaveLength(3);
    expect(await found('ASPECT:"cm:titled"')).toEqual([]);
    const sorted = await search(server.api, '*', {
      ...within,
      sort: [{ type: 'FIELD', field: 'cm:name', ascending: true }],
    });
    expect(sorted.list.entries.map((e) => e.entry.name)).toEqual([
      'apple-green.txt',
      'apple-red.txt',
      'pear-green.txt',
    ]);
    const paged = await search(server.api, '*', {
      ...within,
      sort: [{ type: 'FIELD', field: 'cm:content.size', ascending: false }],
      paging: { maxItems: 2, skipCount: 0 },
    });
    expect(paged.list.entries.map((e) => e.entry.name)).toEqual(['pear-green.txt', 'apple-green.txt']);
    expect(paged.list.pagination).toMatchObject({ count: 2, hasMoreItems: true, totalItems: 3, maxItems: 2 });
    // With facets, the number comes from the facets' statement: the same, on a page and past the end.
    const faceted = { ...within, facetFields: { facets: [{ field: 'content.mimetype' }] } };
    for (const [skipCount, count] of [
      [0, 2],
      [1, 2],
      [5, 0],
    ] as const) {
      const res = await search(server.api, '*', { ...faceted, paging: { maxItems: 2, skipCount } });
      expect(res.list.pagination).toMatchObject({ count, totalItems: 3, hasMoreItems: skipCount + count < 3 });
    }
  });

  it('pages alike with facets and without: the same hits in the same order for every sort and page', async () => {
    const folder = await aFolder(server.api, root.id, { name: 'paged' });
    for (const [name, text] of [
      ['kiwi-b.txt', 'kiwi kiwi'],
      ['kiwi-a.txt', 'k'],
      ['plum-kiwi.txt', 'kiwi'],
      ['plum.txt', 'kiwi plum'],
      ['fig.txt', 'kiwi'],
    ] as const) {
      await aFile(server.api, folder.id, text, name);
    }
    const within = [{ query: `PARENT:"${folder.id}"` }];
    const facets = {
      facetFields: { facets: [{ field: 'creator' }] },
      facetQueries: [{ query: 'cm:name:plum' }],
    };
    const sorts = [
      undefined,
      [{ type: 'FIELD', field: 'cm:name', ascending: true }],
      [{ type: 'FIELD', field: 'cm:name', ascending: false }],
      [{ type: 'FIELD', field: 'cm:content.size', ascending: false }],
      [{ type: 'FIELD', field: 'score', ascending: false }],
    ];
    for (const sort of sorts) {
      for (const skipCount of [0, 1, 3, 5]) {
        const ask = (extra: Body) =>
          search(server.api, 'kiwi', {
            filterQueries: within,
            paging: { maxItems: 2, skipCount },
            ...(sort ? { sort } : {}),
            ...extra,
          });
        const [plain, faceted] = [await ask({}), await ask(facets)];
        const hits = (r: typeof plain) => r.list.entries.map((e) => [e.entry.name, (e.entry.search as Body).score]);
        expect(hits(faceted), JSON.stringify({ sort, skipCount })).toEqual(hits(plain));
        expect(faceted.list.pagination).toEqual(plain.list.pagination);
      }
    }
    const first = await search(server.api, 'kiwi', { filterQueries: within, paging: { maxItems: 5 }, ...facets });
    // A match in the name first.
    const order = first.list.entries.map((e) => e.entry.name);
    expect(order.slice(0, 3).sort()).toEqual(['kiwi-a.txt', 'kiwi-b.txt', 'plum-kiwi.txt']);
    expect(order.slice(3).sort()).toEqual(['fig.txt', 'plum.txt']);
  });

  it('finds words PostgreSQL parses as a number then letters (9e4f2a), whole, by prefix, in phrases and in fields', async () => {
    await aFile(server.api, root.id, 'ticket 3e8b9 opened', 'report-9e4f2a.txt');
    expect(await names(server.api, 'cm:name:9e4f2a')).toEqual(['report-9e4f2a.txt']);
    expect(await names(server.api, '9e4f2a')).toEqual(['report-9e4f2a.txt']);
    expect(await names(server.api, '9E4F2A')).toEqual(['report-9e4f2a.txt']);
    expect(await names(server.api, '9e4f*')).toEqual(['report-9e4f2a.txt']);
    expect(await names(server.api, '"report 9e4f2a"')).toEqual(['report-9e4f2a.txt']);
    expect(await names(server.api, '"9e4f2a report"')).toEqual([]);
    expect(await names(server.api, 'cm:title:9e4f2a')).toEqual([]);
    expect(await names(server.api, 'cm:content:3e8b9 AND TEXT:opened')).toEqual(['report-9e4f2a.txt']);
    expect(await names(server.api, 'cm:name:3e8b9')).toEqual([]);
    expect(await names(server.api, '9e4f2b')).toEqual([]);
  });

  it('follows a change of aspects: ASPECT finds a node once it has one and not after it is removed', async () => {
    const file = await aFile(server.api, root.id, 'x', 'aspected.txt');
    const base = ((await server.api.get(`/nodes/${file.id}`)).body as { entry: { aspectNames: string[] } }).entry
      .aspectNames;
    expect(await names(server.api, 'ASPECT:"cm:titled" AND cm:name:aspected')).toEqual([]);
    const added = await server.api.put(`/nodes/${file.id}`, { aspectNames: [...base, 'cm:titled'] });
    expect(added.status).toBe(200);
    expect(await names(server.api, 'ASPECT:"cm:titled" AND cm:name:aspected')).toEqual(['aspected.txt']);
    expect(await names(server.api, '-ASPECT:"cm:titled" AND cm:name:aspected')).toEqual([]);
    expect((await server.api.put(`/nodes/${file.id}`, { aspectNames: base })).status).toBe(200);
    expect(await names(server.api, 'ASPECT:"cm:titled" AND cm:name:aspected')).toEqual([]);
    expect(await names(server.api, '-ASPECT:"cm:titled" AND cm:name:aspected')).toEqual(['aspected.txt']);
  });

  it('finds a locked node by ASPECT:"cm:lockable", which a lock shows without storing it', async () => {
    const file = await aFile(server.api, root.id, 'x', 'lockme.txt');
    expect(await names(server.api, 'ASPECT:"cm:lockable" AND cm:name:lockme')).toEqual([]);
    expect((await server.api.post(`/nodes/${file.id}/lock`, {})).status).toBe(200);
    expect(await names(server.api, 'ASPECT:"cm:lockable" AND cm:name:lockme')).toEqual(['lockme.txt']);
    expect(await names(server.api, '-ASPECT:"cm:lockable" AND cm:name:lockme')).toEqual([]);
    expect((await server.api.post(`/nodes/${file.id}/unlock`, {})).status).toBe(200);
    expect(await names(server.api, 'ASPECT:"cm:lockable" AND cm:name:lockme')).toEqual([]);
  });

  it('reads a path step named like a property of every object (constructor) as a name', async () => {
    const folder = await aFolder(server.api, '-root-', { name: 'constructor' });
    await aFile(server.api, folder.id, 'x', 'built.txt');
    for (const path of ['/app:company_home/constructor/*', '/app:company_home/cm:constructor/*', '//constructor/*']) {
      const found = await search(server.api, `PATH:"${path}"`);
      expect(
        found.list.entries.map((e) => e.entry.name),
        path,
      ).toEqual(['built.txt']);
    }
  });

  it('reads PATH from anywhere: //cm:wiki/* is the children of every folder named wiki', async () => {
    const team = await aFolder(server.api, root.id, { name: 'teamspace' });
    const wiki = await aFolder(server.api, team.id, { name: 'wiki' });
    await aFile(server.api, wiki.id, 'x', 'wikipage.txt');
    const deeper = await aFolder(server.api, wiki.id, { name: 'archive' });
    await aFile(server.api, deeper.id, 'x', 'oldpage.txt');
    await aFile(server.api, team.id, 'x', 'plan.txt');
    expect(await names(server.api, 'PATH:"//cm:wiki/*"')).toEqual(['archive', 'wikipage.txt']);
    expect(await names(server.api, 'PATH:"//cm:teamspace/cm:wiki/*"')).toEqual(['archive', 'wikipage.txt']);
    expect(await names(server.api, 'PATH:"//cm:plan.txt"')).toEqual(['plan.txt']);
    expect(await names(server.api, 'PATH:"//cm:wiki//*"')).toEqual(['archive', 'oldpage.txt', 'wikipage.txt']);
    expect(await names(server.api, 'PATH:"//cm:wiki//."')).toEqual(['archive', 'oldpage.txt', 'wiki', 'wikipage.txt']);
    expect(await names(server.api, 'PATH:"//cm:nosuchfolder/cm:wiki/*"')).toEqual([]);
    // QNAME, the association's name (cm: and the node's name); older ADF filters with -QNAME:comment.
    expect(await names(server.api, 'QNAME:"cm:plan.txt"')).toEqual(['plan.txt']);
    expect(await names(server.api, `PARENT:"${team.id}" AND -QNAME:wiki`)).toEqual(['plan.txt']);
    expect(await names(server.api, 'QNAME:"app:plan.txt"')).toEqual([]);
    expect(await names(server.api, `PARENT:"${team.id}" AND -PATH:"//cm:wiki/*"`)).toEqual(['plan.txt', 'wiki']);
    // A name the index holds words of is looked up through it, then compared whole: "wiki_notes"
    // and "my-wiki" hold the word but are not named wiki; a name of other characters, and a name
    // of no words, are compared node by node; a renamed folder is no longer on the path.
    const notes = await aFolder(server.api, team.id, { name: 'wiki_notes' });
    await aFile(server.api, notes.id, 'x', 'note.txt');
    const dashed = await aFolder(server.api, team.id, { name: 'my-wiki.v2' });
    await aFile(server.api, dashed.id, 'x', 'dashed.txt');
    const accented = await aFolder(server.api, team.id, { name: 'Wïki' });
    await aFile(server.api, accented.id, 'x', 'accented.txt');
    const wordless = await aFolder(server.api, team.id, { name: '+-+' });
    await aFile(server.api, wordless.id, 'x', 'wordless.txt');
    expect(await names(server.api, 'PATH:"//cm:wiki/*"')).toEqual(['archive', 'wikipage.txt']);
    expect(await names(server.api, 'PATH:"//cm:wiki_notes/*"')).toEqual(['note.txt']);
    expect(await names(server.api, 'PATH:"//cm:my-wiki.v2/*"')).toEqual(['dashed.txt']);
    expect(await names(server.api, 'PATH:"//cm:wïki/*"')).toEqual(['accented.txt']);
    expect(await names(server.api, 'PATH:"//cm:+-+/*"')).toEqual(['wordless.txt']);
    expect(await names(server.api, 'PATH:"//cm:teamspace/cm:my-wiki.v2//."')).toEqual(['dashed.txt', 'my-wiki.v2']);
    expect((await server.api.put(`/nodes/${wiki.id}`, { name: 'formerwiki' })).status).toBe(200);
    expect(await names(server.api, 'PATH:"//cm:wiki/*"')).toEqual([]);
    expect(await names(server.api, 'PATH:"//cm:formerwiki//*"')).toEqual(['archive', 'oldpage.txt', 'wikipage.txt']);
    // Steps of a path are names: a wildcard step is refused, saying what is answered.
    const refused = await server.api.post(SEARCH, { query: { query: 'PATH:"//*/cm:wiki"' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.briefSummary).toMatch(/from anywhere \(\/\/cm:name/);
  });

  it('reads PATH from anywhere to a folder whose name PostgreSQL parses as a number then letters', async () => {
    // PostgreSQL's parser reads 3e7a1bc as the words 3e7 and a1bc (a number, 3e7), where wordsOf
    // sees one word: the index of names cannot narrow such a step there.
    for (const name of ['3e7a1bc', 'build_2e3x', 'v1e5b']) {
      const folder = await aFolder(server.api, root.id, { name });
      await aFile(server.api, folder.id, 'x', `in-${name}.txt`);
      for (const path of [`//cm:${name}/*`, `//cm:${name}//*`]) {
        expect(await names(server.api, `PATH:"${path}"`), path).toEqual([`in-${name}.txt`]);
      }
      expect(await names(server.api, `PARENT:"${folder.id}" AND -PATH:"//cm:${name}/*"`)).toEqual([]);
    }
  });

  it("answers the Content App's Recent Files query as it sends it", async () => {
    const mine = await aFile(bob, root.id, 'b', 'bobs-recent.txt');
    const res = await search(bob, '*', {
      filterQueries: [
        { query: 'cm:modified:[NOW/DAY-30DAYS TO NOW/DAY+1DAY]' },
        { query: 'cm:modifier:bob OR cm:creator:bob' },
        { query: "TYPE:'content' AND -TYPE:'app:filelink'" },
        { query: '-PNAME:"0/wiki" AND -TYPE:"fm:post" AND -ASPECT:"sys:hidden"' },
      ],
      sort: [{ type: 'FIELD', field: 'cm:modified', ascending: false }],
      include: ['path', 'properties', 'allowableOperations'],
      paging: { maxItems: 25, skipCount: 0 },
    });
    expect(res.list.entries.map((e) => e.entry.id)).toEqual([mine.id]);
    const [entry] = res.list.entries;
    expect(entry!.entry).toMatchObject({ name: 'bobs-recent.txt', search: { score: 1 } });
    expect(entry!.entry.path).toMatchObject({ isComplete: true });
    expect(entry!.entry.allowableOperations).toEqual(expect.arrayContaining(['update']));
  });

  it('answers the Content App\'s Recent Files query as ADF sends it (-PATH:"//cm:wiki/*" and the types it leaves out)', async () => {
    const mine = await aFile(bob, root.id, 'b', 'bobs-adf-recent.txt');
    const wiki = await aFolder(bob, root.id, { name: 'wiki' });
    await aFile(bob, wiki.id, 'b', 'bobs-wiki-page.txt');
    const excluded = ['app:filelink', 'fm:post', 'cm:thumbnail', 'cm:failedThumbnail', 'cm:rating', 'dl:dataList'];
    const filters = ['TYPE:"content"', '-PATH:"//cm:wiki/*"', ...excluded.map((t) => `-TYPE:"${t}"`)];
    const res = await search(bob, '*', {
      filterQueries: [
        { query: 'cm:modified:[NOW/DAY-30DAYS TO NOW/DAY+1DAY]' },
        { query: "cm:modifier:'bob' OR cm:creator:'bob'" },
        { query: filters.join(' AND ') },
      ],
      sort: [{ type: 'FIELD', field: 'cm:modified', ascending: false }],
      include: ['path', 'properties', 'allowableOperations'],
      paging: { maxItems: 25, skipCount: 0 },
    });
    const found = res.list.entries.map((e) => e.entry.name);
    expect(found).toContain(mine.name);
    expect(found).not.toContain('bobs-wiki-page.txt');
  });

  it("finds a site's node as ADF's permission dialog asks for it (name: \"…\" OR …, TYPE:'st:site')", async () => {
    const created = await server.api.post('/sites', { id: 'roles-site', title: 'Roles', visibility: 'PUBLIC' });
    expect(created.status).toBe(201);
    const res = await search(
      server.api,
      'name: "Company Home" OR name: "Sites" OR name: "roles-site" OR name: "documentLibrary"',
      {
        filterQueries: [{ query: "TYPE:'st:site'" }],
      },
    );
    expect(res.list.entries.map((e) => [e.entry.name, e.entry.nodeType])).toEqual([['roles-site', 'st:site']]);
  });
});

describe('POST /search ranks, highlights and counts facets', () => {
  it('ranks a match in the name above one in the title, and that above the description', async () => {
    const folder = await aFolder(server.api, root.id, { name: 'ranking' });
    const inDescription = await aFile(server.api, folder.id, 'x', 'c-notes.txt');
    await server.api.put(`/nodes/${inDescription.id}`, { properties: { 'cm:description': 'about the marmot' } });
    await aFile(server.api, folder.id, 'x', 'marmot-facts.txt');
    const inTitle = await aFile(server.api, folder.id, 'x', 'b-notes.txt');
    await server.api.put(`/nodes/${inTitle.id}`, { properties: { 'cm:title': 'Marmot' } });
    const res = await search(server.api, 'marmot', { filterQueries: [{ query: `PARENT:"${folder.id}"` }] });
    expect(res.list.entries.map((e) => e.entry.name)).toEqual(['marmot-facts.txt', 'b-notes.txt', 'c-notes.txt']);
    const scores = res.list.entries.map((e) => (e.entry.search as { score: number }).score);
    expect(scores[0]).toBeGreaterThan(scores[1]!);
    expect(scores[1]).toBeGreaterThan(scores[2]!);
  });

  it('highlights the words of the query in the name, title and description, with the markers asked for', async () => {
    const file = await aFile(server.api, root.id, 'x', 'lemur-report.txt');
    await server.api.put(`/nodes/${file.id}`, {
      properties: { 'cm:title': 'All about lemurs and lemur <b>habits</b>' },
    });
    const res = await search(server.api, 'lemur*', {
      filterQueries: [{ query: `ID:"${file.id}"` }],
      highlight: { prefix: '[', postfix: ']', fields: [{ field: 'cm:name' }, { field: 'cm:title' }] },
    });
    expect(res.list.entries[0]!.entry.search).toMatchObject({
      highlight: [
        { field: 'cm:name', snippets: ['[lemur]-report.txt'] },
        { field: 'cm:title', snippets: ['All about [lemurs] and [lemur] <b>habits</b>'] },
      ],
    });
  });

  it('counts field facets, facet queries and intervals over what the caller may read (V1 and V2)', async () => {
    const folder = await aFolder(server.api, root.id);
    const locallySet = [
      { authorityId: 'bob', name: 'Collaborator', accessStatus: 'ALLOWED' },
      { authorityId: 'carol', name: 'Consumer', accessStatus: 'ALLOWED' },
    ];
    const shared = await server.api.put(`/nodes/${folder.id}`, {
      permissions: { isInheritanceEnabled: false, locallySet },
    });
    expect(shared.status).toBe(200);
    await aFile(server.api, folder.id, 'a', 'facet-one.txt');
    await aFile(server.api, folder.id, 'bb', 'facet-two.txt');
    await aFile(bob, folder.id, 'c'.repeat(20_000), 'facet-three.html');
    const body = {
      filterQueries: [{ query: `PARENT:"${folder.id}"` }],
      facetFields: { facets: [{ field: 'creator', label: 'Creator' }, { field: 'content.mimetype' }] },
      facetQueries: [
        { query: 'content.size:[0 TO 10240]', label: 'Small', group: 'Size' },
        { query: 'content.size:[10240 TO MAX]', label: 'Large', group: 'Size' },
      ],
      facetIntervals: {
        intervals: [
          {
            field: 'cm:created',
            label: 'Created',
            sets: [{ label: 'this year', start: 'NOW/YEAR', end: 'NOW/YEAR+1YEAR', endInclusive: false }],
          },
        ],
      },
    };
    const v1 = await search(carol, '*', body);
    expect(v1.list.context.facetsFields).toEqual([
      {
        label: 'Creator',
        buckets: [
          { label: 'admin', filterQuery: 'creator:"admin"', count: 2, display: 'Administrator' },
          { label: 'bob', filterQuery: 'creator:"bob"', count: 1, display: expect.any(String) },
        ],
      },
      {
        label: 'content.mimetype',
        buckets: [
          { label: 'text/plain', filterQuery: 'content.mimetype:"text/plain"', count: 2 },
          { label: 'text/html', filterQuery: 'content.mimetype:"text/html"', count: 1 },
        ],
      },
    ]);
    expect(v1.list.context.facetQueries).toEqual([
      { label: 'Small', filterQuery: 'content.size:[0 TO 10240]', count: 2 },
      { label: 'Large', filterQuery: 'content.size:[10240 TO MAX]', count: 1 },
    ]);
    expect(v1.list.context.facets).toEqual([
      {
        type: 'interval',
        label: 'Created',
        buckets: [
          {
            label: 'this year',
            filterQuery: 'cm:created:[NOW/YEAR TO NOW/YEAR+1YEAR>',
            metrics: [{ type: 'count', value: { count: 3 } }],
          },
        ],
      },
    ]);
    // Each filterQuery a bucket gives narrows the search to it.
    const narrowed = await search(carol, '*', {
      filterQueries: [...body.filterQueries, { query: 'creator:"bob"' }, { query: 'content.size:[10240 TO MAX]' }],
    });
    expect(narrowed.list.entries.map((e) => e.entry.name)).toEqual(['facet-three.html']);
    const v2 = await search(carol, '*', { ...body, facetFormat: 'V2' });
    expect((v2.list.context.facets as { type: string; label: string }[]).map((f) => `${f.type}:${f.label}`)).toEqual([
      'query:Size',
      'field:Creator',
      'field:content.mimetype',
      'interval:Created',
    ]);
    // A multi-select facet: counted as if its own tagged filter were not there.
    const picked = await search(carol, '*', {
      filterQueries: [...body.filterQueries, { query: 'content.mimetype:"text/html"', tags: ['type'] }],
      facetFields: { facets: [{ field: 'content.mimetype', excludeFilters: ['type'] }] },
    });
    expect(picked.list.entries.map((e) => e.entry.name)).toEqual(['facet-three.html']);
    expect(picked.list.context.facetsFields).toEqual([
      {
        label: 'content.mimetype',
        buckets: [
          { label: 'text/plain', filterQuery: 'content.mimetype:"text/plain"', count: 2 },
          { label: 'text/html', filterQuery: 'content.mimetype:"text/html"', count: 1 },
        ],
      },
    ]);
    // Someone who may read none of them counts none.
    const outsider = (await aUser(server.api)).api;
    const none = await search(outsider, '*', body);
    expect(none.list.context.facetsFields).toEqual([
      { label: 'Creator', buckets: [] },
      { label: 'content.mimetype', buckets: [] },
    ]);
    // Each field's own order, page, prefix and minimum count, in one request.
    const options = await search(carol, '*', {
      filterQueries: body.filterQueries,
      facetIntervals: body.facetIntervals,
      facetFields: {
        facets: [
          { field: 'cm:name', label: 'by name', sort: 'INDEX', limit: 2 },
          { field: 'cm:name', label: 'second page', sort: 'INDEX', limit: 2, offset: 2 },
          { field: 'cm:name', label: 'prefix', prefix: 'facet-t' },
          { field: 'content.mimetype', label: 'twice', mincount: 2 },
          { field: 'content.size', label: 'sizes', sort: 'INDEX' },
        ],
      },
    });
    const labels = (label: string) =>
      (options.list.context.facetsFields as { label: string; buckets: { label: string; count: number }[] }[])
        .find((f) => f.label === label)!
        .buckets.map((b) => `${b.label}=${b.count}`);
    expect(labels('by name')).toEqual(['facet-one.txt=1', 'facet-three.html=1']);
    expect(labels('second page')).toEqual(['facet-two.txt=1']);
    expect(labels('prefix')).toEqual(['facet-three.html=1', 'facet-two.txt=1']);
    expect(labels('twice')).toEqual(['text/plain=2']);
    // Sizes in numeric order (1, 2, 20000), not as text.
    expect(labels('sizes')).toEqual(['1=1', '2=1', '20000=1']);
    expect((options.list.context.facets as { buckets: unknown[] }[])[0]!.buckets).toHaveLength(1);
  });
});

describe("the Content App's search request", () => {
  it('is answered as the app sends it: V2 facets, highlight with its markers, its filter queries', async () => {
    const folder = await aFolder(server.api, root.id, { name: 'aca' });
    const file = await aFile(server.api, folder.id, 'x', 'Tapir-Handbook.txt');
    await server.api.put(`/nodes/${file.id}`, { properties: { 'cm:description': 'Everything on tapirs' } });
    const term = 'tapir';
    const res = await search(
      server.api,
      `(cm:name:"${term}*" OR cm:title:"${term}*" OR cm:description:"${term}*" OR TEXT:"${term}*" OR TAG:"${term}*")`,
      {
        include: ['path', 'allowableOperations', 'properties'],
        paging: { maxItems: 25, skipCount: 0 },
        filterQueries: [
          { query: "+TYPE:'cm:folder' OR +TYPE:'cm:content'" },
          { query: "-TYPE:'cm:thumbnail' AND -TYPE:'cm:failedThumbnail' AND -TYPE:'cm:rating'" },
          { query: "-ASPECT:'st:siteContainer' AND -ASPECT:'sys:hidden' AND -cm:creator:System" },
          { query: `ANCESTOR:"${root.id}"` },
        ],
        facetFields: {
          facets: [
            { field: 'content.mimetype', mincount: 1, label: 'SEARCH.FACET_FIELDS.TYPE' },
            { field: 'content.size', mincount: 1, label: 'SEARCH.FACET_FIELDS.SIZE' },
            { field: 'creator', mincount: 1, label: 'SEARCH.FACET_FIELDS.CREATOR' },
            { field: 'modifier', mincount: 1, label: 'SEARCH.FACET_FIELDS.MODIFIER' },
            { field: 'created', mincount: 1, label: 'SEARCH.FACET_FIELDS.CREATED' },
          ],
        },
        facetQueries: [
          { query: 'created:2019', label: 'SEARCH.FACET_QUERIES.CREATED_THIS_YEAR' },
          { query: 'content.mimetype:text/html', label: 'SEARCH.FACET_QUERIES.MIMETYPE', group: 'Type facet queries' },
          { query: 'content.size:[0 TO 10240]', label: 'SEARCH.FACET_QUERIES.XTRASMALL', group: 'Size facet queries' },
        ],
        facetIntervals: {
          intervals: [
            {
              label: 'The Created',
              field: 'cm:created',
              sets: [
                { label: 'lastYear', start: '2018', end: '2019', endInclusive: false },
                { label: 'currentYear', start: 'NOW/YEAR', end: 'NOW/YEAR+1YEAR' },
              ],
            },
          ],
        },
        highlight: {
          prefix: "<span class='aca-highlight'>",
          postfix: '</span>',
          mergeContiguous: true,
          fields: [
            { field: 'cm:title' },
            { field: 'description', prefix: '<span class="aca-highlight">', postfix: '</span>' },
          ],
        },
        sort: [{ type: 'FIELD', field: 'score', ascending: false }],
        facetFormat: 'V2',
      },
    );
    expect(res.list.entries.map((e) => e.entry.name)).toEqual(['Tapir-Handbook.txt']);
    expect(res.list.entries[0]!.entry.search).toMatchObject({
      highlight: [{ field: 'cm:description', snippets: ['Everything on <span class="aca-highlight">tapirs</span>'] }],
    });
    const facets = res.list.context.facets as {
      type: string;
      label: string;
      buckets: { label: string; metrics: { value: { count: number } }[] }[];
    }[];
    expect(facets.map((f) => `${f.type}:${f.label}`)).toEqual([
      'query:Query',
      'query:Type facet queries',
      'query:Size facet queries',
      'field:SEARCH.FACET_FIELDS.TYPE',
      'field:SEARCH.FACET_FIELDS.SIZE',
      'field:SEARCH.FACET_FIELDS.CREATOR',
      'field:SEARCH.FACET_FIELDS.MODIFIER',
      'field:SEARCH.FACET_FIELDS.CREATED',
      'interval:The Created',
    ]);
    const created = facets.find((f) => f.label === 'The Created')!;
    expect(created.buckets.map((b) => [b.label, b.metrics[0]!.value.count])).toEqual([
      ['lastYear', 0],
      ['currentYear', 1],
    ]);
  });
});

describe('POST /search shows exactly what the caller may read', () => {
  it('keeps others out of a private folder, totalItems included, and lets them in once shared', async () => {
    const secret = await aFolder(server.api, root.id, { name: 'vault' });
    const put = await server.api.put(`/nodes/${secret.id}`, { permissions: { isInheritanceEnabled: false } });
    expect(put.status).toBe(200);
    await aFile(server.api, secret.id, 'x', 'obsidian-plan.txt');
    expect(await names(server.api, 'obsidian')).toEqual(['obsidian-plan.txt']);
    const forBob = await search(bob, 'obsidian');
    expect(forBob.list.entries).toEqual([]);
    expect(forBob.list.pagination).toMatchObject({ count: 0, totalItems: 0 });
    expect((await search(carol, 'obsidian')).list.entries).toEqual([]);
    const share = await server.api.put(`/nodes/${secret.id}`, {
      permissions: {
        isInheritanceEnabled: false,
        locallySet: [{ authorityId: 'carol', name: 'Consumer', accessStatus: 'ALLOWED' }],
      },
    });
    expect(share.status).toBe(200);
    expect((await search(carol, 'obsidian')).list.entries.map((e) => e.entry.name)).toEqual(['obsidian-plan.txt']);
    expect((await search(bob, 'obsidian')).list.entries).toEqual([]);
  });
});

describe('POST /search refuses what it cannot answer, with a 400 that says why', () => {
  it.each([
    ['cm:name:(a', 'ends too early'],
    ['foo:bar:baz', 'namespace prefix foo is not mapped'],
    ['cm:nosuch:x', 'not in the content model'],
    ['big *(3) dog', 'Proximity'],
    ['TEXT:*port', 'does not take a wildcard'],
    ['roam~0.8', 'Fuzzy'],
    ['cm:name:*a*a*a*a*a*a*a*a*a*', 'more than 8 wildcards'],
  ])('%s', async (query, message) => {
    const res = await server.api.post(SEARCH, { query: { query } });
    expect(res.status).toBe(400);
    expect(res.body.error.briefSummary).toContain(message);
  });

  it('refuses CMIS, other scopes and unknown request fields', async () => {
    expect(
      (await server.api.post(SEARCH, { query: { query: 'select * from cmis:document', language: 'cmis' } })).status,
    ).toBe(400);
    expect(
      (await server.api.post(SEARCH, { query: { query: '*' }, scope: { locations: 'deleted-nodes' } })).status,
    ).toBe(400);
    expect((await server.api.post(SEARCH, { query: { query: '*' }, pivots: [] })).status).toBe(400);
    expect((await server.api.post(SEARCH, { query: { query: '*' }, localization: { locales: ['fr'] } })).status).toBe(
      200,
    );
  });

  it('needs a signed-in caller', async () => {
    const res = await fetch(new URL(SEARCH, server.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: { query: '*' } }),
    });
    expect(res.status).toBe(401);
  });
});

describe("POST /search finds people and groups as ADF's permission dialog asks (TYPE:'cm:authority')", () => {
  const authorities = { filterQueries: [{ query: "TYPE:'cm:authority'" }], include: ['properties', 'aspectNames'] };
  /** ADF's query for the "add user or group" picker: the newer (PATH) or the older (ANAME) form. */
  const picker = (term: string, zone: 'PATH' | 'ANAME') =>
    `(userName:*${term}* OR email:*${term}* OR firstName:*${term}* OR lastName:*${term}* OR displayName:*${term}* ` +
    `OR authorityName:*${term}* OR authorityDisplayName:*${term}*) AND ` +
    (zone === 'PATH' ? 'PATH:"//cm:APP.DEFAULT/*"' : 'ANAME:("0/APP.DEFAULT")');
  let group: string;

  beforeAll(async () => {
    await aUser(server.api, { id: 'quillon', firstName: 'Quentin', lastName: 'Marlowe', email: 'qm@example.org' });
    await aUser(server.api, { id: 'rosamund', firstName: 'Rosa', lastName: 'Quillfeather', email: 'rosa@example.org' });
    const created = await server.api.post('/groups', { id: 'quillwrights', displayName: 'Quill Wrights' });
    expect(created.status).toBe(201);
    group = created.body.entry.id;
    const site = await server.api.post('/sites', { id: 'quillsecret', title: 'Secret', visibility: 'PRIVATE' });
    expect(site.status).toBe(201);
  });

  it('finds people by any of their names, ids or email and groups by id or display name, as entries ADF reads', async () => {
    for (const zone of ['PATH', 'ANAME'] as const) {
      const res = await search(bob, picker('quill', zone), authorities);
      const found = res.list.entries.map((e) => [e.entry.nodeType, e.entry.name]);
      expect(found, zone).toEqual([
        ['cm:authorityContainer', group],
        ['cm:person', 'quillon'],
        ['cm:person', 'rosamund'],
      ]);
      expect(res.list.pagination).toMatchObject({ count: 3, totalItems: 3, hasMoreItems: false });
    }
    const res = await search(bob, picker('marlowe', 'PATH'), authorities);
    expect(res.list.entries).toHaveLength(1);
    expect(res.list.entries[0]!.entry).toMatchObject({
      nodeType: 'cm:person',
      isFile: false,
      isFolder: false,
      properties: {
        'cm:userName': 'quillon',
        'cm:firstName': 'Quentin',
        'cm:lastName': 'Marlowe',
        'cm:email': 'qm@example.org',
      },
      aspectNames: [],
      search: { score: 1 },
    });
    const groups = await search(bob, 'authorityDisplayName:"quill wrights"', authorities);
    expect(groups.list.entries.map((e) => e.entry.properties)).toEqual([
      { 'cm:authorityName': group, 'cm:authorityDisplayName': 'Quill Wrights' },
    ]);
  });

  it('narrows to people or to groups by type, pages with an exact count, and sorts by name', async () => {
    const people = await search(bob, picker('quill', 'PATH'), { filterQueries: [{ query: 'TYPE:"cm:person"' }] });
    expect(people.list.entries.map((e) => e.entry.name)).toEqual(['quillon', 'rosamund']);
    const groups = await search(bob, '*', {
      filterQueries: [{ query: "TYPE:'cm:authorityContainer'" }, { query: `authorityName:"${group}"` }],
    });
    expect(groups.list.entries.map((e) => e.entry.name)).toEqual([group]);
    const second = await search(bob, picker('quill', 'PATH'), {
      ...authorities,
      sort: [{ type: 'FIELD', field: 'cm:name', ascending: false }],
      paging: { maxItems: 1, skipCount: 1 },
    });
    expect(second.list.entries.map((e) => e.entry.name)).toEqual(['quillon']);
    expect(second.list.pagination).toMatchObject({ count: 1, totalItems: 3, hasMoreItems: true, skipCount: 1 });
  });

  it("does not find a private site's groups for someone outside it; an administrator finds them", async () => {
    const query = 'authorityName:*quillsecret*';
    expect((await search(bob, query, authorities)).list.entries).toEqual([]);
    const admin = await search(server.api, query, authorities);
    expect(admin.list.entries.map((e) => e.entry.name)).toContain('GROUP_site_quillsecret_SiteManager');
  });

  it('refuses, naming it, what it does not answer for people and groups', async () => {
    for (const [query, extra, message] of [
      ['cm:organization:acme', {}, /cm:organization is not a field of people or groups/],
      ['PATH:"/app:company_home/*"', {}, /PATH .* is not answered for people and groups/],
      ['*', { facetFields: { facets: [{ field: 'creator' }] } }, /facetFields: not answered/],
      ['*', { sort: [{ type: 'FIELD', field: 'cm:modified' }] }, /sorts by name only/],
    ] as const) {
      const res = await bob.post(SEARCH, { query: { query }, ...authorities, ...extra });
      expect(res.status, query).toBe(400);
      expect(res.body.error.briefSummary).toMatch(message);
    }
  });
});
