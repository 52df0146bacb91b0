import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFolder } from '../../testing/builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const create = (parentId: string, name: string) =>
  server.api.post(`/nodes/${parentId}/children`, { name, nodeType: 'cm:content' }, { query: { autoRename: true } });

describe('autoRename (Alfresco facts §9.1)', () => {
  it('puts the number in front of a dot-file: a second .hidden is 1.hidden, then 2.hidden', async () => {
    const parent = await aFolder(server.api);
    const names: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await create(parent.id, '.hidden');
      expect(res.status).toBe(201);
      names.push(res.body.entry.name);
    }
    expect(names).toEqual(['.hidden', '1.hidden', '2.hidden']);
    const upload = await server.api.upload(parent.id, '.hidden', 'x', { autoRename: 'true' });
    expect(upload.status).toBe(201);
    expect(upload.body.entry.name).toBe('3.hidden');
  });

  it('keeps the suffix before the last dot, or at the end without a dot', async () => {
    const parent = await aFolder(server.api);
    for (const name of ['f1', 'd1-2.txt']) {
      expect((await create(parent.id, name)).status).toBe(201);
    }
    expect((await create(parent.id, 'f1')).body.entry.name).toBe('f1-1');
    expect((await create(parent.id, 'D1-2.txt')).body.entry.name).toBe('D1-2-1.txt');
  });
});
