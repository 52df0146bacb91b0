import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFolder } from '../../testing/builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// MAX_FOLDER_DEPTH (issue 15 item 2): a folder may lie at most that many levels below Company
// Home (its children are level 1). Creates, uploads, copies and moves beyond it are 422 and change
// nothing. A small limit keeps the trees small.
const LIMIT = 10;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ MAX_FOLDER_DEPTH: String(LIMIT) });
});
afterAll(() => server.close());

const path = (levels: number, name = 'p') => Array.from({ length: levels }, (_, i) => `${name}${i}`).join('/');

function expectTooDeep(res: { status: number; body: { error: { briefSummary: string } } }) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.error.briefSummary).toContain(`at most ${LIMIT} levels below Company Home (MAX_FOLDER_DEPTH)`);
}

/** A chain of folders from level 1 (a child of Company Home) down to level `bottomLevel`; returns both ends. */
async function aChain(bottomLevel: number) {
  const top = await aFolder(server.api);
  if (bottomLevel === 1) return { top, bottom: top };
  const res = await server.api.post(`/nodes/${top.id}/children`, {
    name: 'bottom',
    nodeType: 'cm:folder',
    relativePath: path(bottomLevel - 2),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { top, bottom: res.body.entry as { id: string } };
}

async function childNames(id: string): Promise<string[]> {
  const res = await server.api.get(`/nodes/${id}/children`);
  return res.body.list.entries.map((e: { entry: { name: string } }) => e.entry.name);
}

describe('MAX_FOLDER_DEPTH on create', () => {
  it('allows folders down to the limit (and files in them), refuses one level more with 422', async () => {
    // top is level 1; 8 path folders (2..9) and the new folder at level 10.
    const top = await aFolder(server.api);
    const ok = await server.api.post(`/nodes/${top.id}/children`, {
      name: 'last',
      nodeType: 'cm:folder',
      relativePath: path(LIMIT - 2),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const file = await server.api.post(`/nodes/${ok.body.entry.id}/children`, {
      name: 'f.txt',
      nodeType: 'cm:content',
    });
    expect(file.status).toBe(201);
    expectTooDeep(await server.api.post(`/nodes/${ok.body.entry.id}/children`, { name: 'x', nodeType: 'cm:folder' }));
  });

  it('refuses a relativePath that would go past the limit, and creates none of its folders', async () => {
    const top = await aFolder(server.api);
    expectTooDeep(
      await server.api.post(`/nodes/${top.id}/children`, {
        name: 'f.txt',
        nodeType: 'cm:content',
        relativePath: path(LIMIT),
      }),
    );
    expect(await childNames(top.id)).toEqual([]);
    // 2,000 levels in one request: refused before any work.
    expectTooDeep(
      await server.api.post(`/nodes/${top.id}/children`, {
        name: 'f',
        nodeType: 'cm:folder',
        relativePath: path(2000),
      }),
    );
    expect(await childNames(top.id)).toEqual([]);
  });

  it('refuses a list create whose one item is too deep, and creates none of them', async () => {
    const top = await aFolder(server.api);
    const res = await server.api.post(`/nodes/${top.id}/children`, [
      { name: 'fine', nodeType: 'cm:folder' },
      { name: 'deep', nodeType: 'cm:folder', relativePath: path(LIMIT) },
    ]);
    expectTooDeep(res);
    expect(await childNames(top.id)).toEqual([]);
  });

  it('refuses an upload whose relativePath goes past the limit', async () => {
    const top = await aFolder(server.api);
    expectTooDeep(await server.api.upload(top.id, 'a.txt', 'hello', { relativePath: path(LIMIT) }));
    expect(await childNames(top.id)).toEqual([]);
    expect((await server.api.upload(top.id, 'a.txt', 'hello', { relativePath: path(LIMIT - 1) })).status).toBe(201);
  });
});

describe('MAX_FOLDER_DEPTH on move and copy', () => {
  it('counts the moved tree: refused (422, nothing moves) where it would go past the limit, done where it fits', async () => {
    const moved = await aChain(4); // top at level 1, bottom at level 4: 3 levels of folders below top.
    const deepTarget = await aChain(LIMIT - 3); // bottom at level 7: top would be 8, its bottom 11.
    const fits = await aChain(LIMIT - 4); // bottom at level 6: the moved bottom lands at 10.
    expectTooDeep(await server.api.post(`/nodes/${moved.top.id}/move`, { targetParentId: deepTarget.bottom.id }));
    expect((await server.api.get(`/nodes/${moved.top.id}`)).body.entry.parentId).not.toBe(deepTarget.bottom.id);
    expectTooDeep(await server.api.post(`/nodes/${moved.top.id}/copy`, { targetParentId: deepTarget.bottom.id }));
    expect(await childNames(deepTarget.bottom.id)).toEqual([]);

    const copy = await server.api.post(`/nodes/${moved.top.id}/copy`, { targetParentId: fits.bottom.id });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    const move = await server.api.post(`/nodes/${moved.top.id}/move`, {
      targetParentId: fits.bottom.id,
      name: 'moved',
    });
    expect(move.status, JSON.stringify(move.body)).toBe(200);
  });

  it('lets a file go into a folder at the limit', async () => {
    const atLimit = await aChain(LIMIT);
    const top = await aFolder(server.api);
    const file = await server.api.post(`/nodes/${top.id}/children`, { name: 'f.txt', nodeType: 'cm:content' });
    expect(
      (await server.api.post(`/nodes/${file.body.entry.id}/copy`, { targetParentId: atLimit.bottom.id })).status,
    ).toBe(201);
    expect(
      (await server.api.post(`/nodes/${file.body.entry.id}/move`, { targetParentId: atLimit.bottom.id, name: 'g.txt' }))
        .status,
    ).toBe(200);
  });
});
