import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFolder } from '../../../testing/builders.ts';
import { bigContent, contentFiles } from '../../../testing/content-files.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const text = { 'content-type': 'text/plain' };
const labels = (res: { body: { list: { entries: { entry: { id: string } }[] } } }) =>
  res.body.list.entries.map((e) => e.entry.id);

async function upload(content: string, fields: Record<string, string> = {}) {
  const res = await server.api.upload((await aFolder(server.api)).id, 'doc.txt', content, fields);
  expect(res.status).toBe(201);
  return res.body.entry as { id: string; parentId: string; properties: Record<string, unknown> };
}

describe('versioning on upload and content update', () => {
  it('versions an upload as 1.0 and each content update as the next minor, or major on request', async () => {
    const file = await upload('one');
    expect(file.properties).toMatchObject({ 'cm:versionLabel': '1.0', 'cm:versionType': 'MAJOR' });
    await server.api.put(`/nodes/${file.id}/content`, 'two', { headers: text, query: { comment: 'typo fixed' } });
    const major = await server.api.put(`/nodes/${file.id}/content`, 'three', {
      headers: text,
      query: { majorVersion: true },
    });
    expect(major.body.entry.properties).toMatchObject({ 'cm:versionLabel': '2.0', 'cm:versionType': 'MAJOR' });
    const history = await server.api.get(`/nodes/${file.id}/versions`);
    expect(labels(history)).toEqual(['2.0', '1.1', '1.0']);
    expect(history.body.list.entries[1].entry).toMatchObject({
      versionComment: 'typo fixed',
      name: 'doc.txt',
      isFile: true,
    });
    expect(history.body.list.entries[1].entry).not.toHaveProperty('properties');
    for (const [label, body] of [
      ['1.0', 'one'],
      ['1.1', 'two'],
      ['2.0', 'three'],
    ]) {
      expect((await server.api.get(`/nodes/${file.id}/versions/${label}/content`)).raw.toString(), label).toBe(body);
    }
  });

  it('starts at 0.1 with majorVersion=false, and can upload unversioned', async () => {
    const minor = await upload('x', { majorVersion: 'false' });
    expect(minor.properties['cm:versionLabel']).toBe('0.1');
    const plain = await upload('x', { versioningEnabled: 'false' });
    expect(plain.properties ?? {}).not.toHaveProperty('cm:versionLabel');
    expect(labels(await server.api.get(`/nodes/${plain.id}/versions`))).toEqual([]);
  });

  it('makes an unversioned file versioned when a comment or majorVersion comes with new content', async () => {
    const plain = await upload('x', { versioningEnabled: 'false' });
    await server.api.put(`/nodes/${plain.id}/content`, 'y', { headers: text });
    expect(labels(await server.api.get(`/nodes/${plain.id}/versions`))).toEqual([]);
    const res = await server.api.put(`/nodes/${plain.id}/content`, 'z', {
      headers: text,
      query: { majorVersion: false },
    });
    expect(res.body.entry.properties['cm:versionLabel']).toBe('0.1');
  });

  it('overwrites a versionable file on upload as a new version, and refuses others', async () => {
    const file = await upload('first');
    const res = await server.api.upload(file.parentId, 'DOC.txt', 'second', { overwrite: 'true', comment: 'again' });
    expect(res.status).toBe(201);
    expect(res.body.entry).toMatchObject({ id: file.id, properties: { 'cm:versionLabel': '1.1' } });
    expect((await server.api.get(`/nodes/${file.id}/content`)).raw.toString()).toBe('second');
    const plain = await upload('x', { versioningEnabled: 'false' });
    expect((await server.api.upload(plain.parentId, 'doc.txt', 'y', { overwrite: 'true' })).status).toBe(409);
    expect(
      (await server.api.upload(plain.parentId, 'doc.txt', 'y', { overwrite: 'true', autoRename: 'true' })).status,
    ).toBe(400);
  });
});

describe('versioning on JSON create', () => {
  it('leaves a JSON-created file unversioned unless asked', async () => {
    const folder = await aFolder(server.api);
    const create = (name: string, query: Record<string, string | boolean> = {}) =>
      server.api.post(`/nodes/${folder.id}/children`, { name, nodeType: 'cm:content' }, { query });
    expect((await create('a.txt')).body.entry.properties ?? {}).not.toHaveProperty('cm:versionLabel');
    expect((await create('b.txt', { majorVersion: true })).body.entry.properties['cm:versionLabel']).toBe('1.0');
    expect((await create('c.txt', { majorVersion: false })).body.entry.properties['cm:versionLabel']).toBe('0.1');
    expect((await create('d.txt', { versioningEnabled: true })).body.entry.properties['cm:versionLabel']).toBe('1.0');
    expect((await create('e.txt', { comment: 'first' })).body.entry.properties['cm:versionLabel']).toBe('1.0');
    const off = await create('f.txt', { versioningEnabled: false, majorVersion: true });
    expect(off.body.entry.properties ?? {}).not.toHaveProperty('cm:versionLabel');
    const folderWithVersion = await server.api.post(
      `/nodes/${folder.id}/children`,
      { name: 'g', nodeType: 'cm:folder' },
      { query: { majorVersion: true } },
    );
    expect(folderWithVersion.body.entry.properties ?? {}).not.toHaveProperty('cm:versionLabel');
  });
});

describe('version endpoints', () => {
  it('gets one version with its properties, 404 for an unknown label', async () => {
    const file = await upload('one');
    const res = await server.api.get(`/nodes/${file.id}/versions/1.0`);
    expect(res.body.entry).toMatchObject({ id: '1.0', properties: { 'cm:versionLabel': '1.0' } });
    expect(res.body.entry.aspectNames).toContain('cm:versionable');
    expect((await server.api.get(`/nodes/${file.id}/versions/9.9`)).status).toBe(404);
    expect((await server.api.get(`/nodes/${file.id}/versions/9.9/content`)).status).toBe(404);
  });

  it("lists no renditions of a version (ADF's viewer asks), 404 for an unknown version or rendition", async () => {
    const file = await upload('one');
    const list = await server.api.get(`/nodes/${file.id}/versions/1.0/renditions`);
    expect(list.status).toBe(200);
    expect(list.body.list).toMatchObject({ entries: [], pagination: { count: 0, totalItems: 0, hasMoreItems: false } });
    expect((await server.api.get(`/nodes/${file.id}/versions/1.0/renditions/pdf`)).status).toBe(404);
    expect((await server.api.get(`/nodes/${file.id}/versions/9.9/renditions`)).status).toBe(404);
  });

  it('reverts to an old version as a new one', async () => {
    const file = await upload('one');
    await server.api.put(`/nodes/${file.id}/content`, 'two', { headers: text });
    const res = await server.api.post(`/nodes/${file.id}/versions/1.0/revert`, { comment: 'back' });
    expect(res.status).toBe(200);
    expect(res.body.entry).toMatchObject({ id: '1.2', versionComment: 'back' });
    expect((await server.api.get(`/nodes/${file.id}/content`)).raw.toString()).toBe('one');
    const major = await server.api.post(`/nodes/${file.id}/versions/1.1/revert`, { majorVersion: true });
    expect(major.body.entry.id).toBe('2.0');
    expect((await server.api.post(`/nodes/${file.id}/versions/1.0/revert`, { majorVersion: 'yes' })).status).toBe(400);
  });

  it('deletes versions: the newest rolls the file back, the last one stays', async () => {
    const file = await upload('one');
    await server.api.put(`/nodes/${file.id}/content`, 'two', { headers: text });
    expect((await server.api.delete(`/nodes/${file.id}/versions/1.1`)).status).toBe(204);
    const node = await server.api.get(`/nodes/${file.id}`);
    expect(node.body.entry.properties['cm:versionLabel']).toBe('1.0');
    expect((await server.api.get(`/nodes/${file.id}/content`)).raw.toString()).toBe('one');
    const last = await server.api.delete(`/nodes/${file.id}/versions/1.0`);
    expect(last.status).toBe(422);
  });

  it('drops the history when cm:versionable is removed and starts again at 1.0 when it is added', async () => {
    const file = await upload('one');
    await server.api.put(`/nodes/${file.id}/content`, 'two', { headers: text });
    const aspects = (await server.api.get(`/nodes/${file.id}`)).body.entry.aspectNames as string[];
    const removed = await server.api.put(`/nodes/${file.id}`, {
      aspectNames: aspects.filter((a) => a !== 'cm:versionable'),
    });
    expect(removed.body.entry.properties ?? {}).not.toHaveProperty('cm:versionLabel');
    expect(labels(await server.api.get(`/nodes/${file.id}/versions`))).toEqual([]);
    const added = await server.api.put(`/nodes/${file.id}`, { aspectNames: [...aspects] });
    expect(added.body.entry.properties['cm:versionLabel']).toBe('1.0');
    expect(labels(await server.api.get(`/nodes/${file.id}/versions`))).toEqual(['1.0']);
  });

  it('keeps the bytes of every version and frees them when the file is deleted', async () => {
    const before = await contentFiles(server.dataDir);
    const file = await upload(bigContent('one'));
    await server.api.put(`/nodes/${file.id}/content`, bigContent('two'), { headers: text });
    await server.api.put(`/nodes/${file.id}/content`, bigContent('three'), { headers: text });
    expect((await contentFiles(server.dataDir)).length).toBe(before.length + 3);
    expect((await server.api.get(`/nodes/${file.id}/versions/1.1/content`)).raw.toString()).toBe(bigContent('two'));
    await server.api.delete(`/nodes/${file.parentId}`, { query: { permanent: true } });
    expect(await contentFiles(server.dataDir)).toEqual(before);
  });

  it('refuses version changes on a locked file and gives 400 for a folder', async () => {
    const file = await upload('one');
    await server.api.put(`/nodes/${file.id}/content`, 'two', { headers: text });
    await server.api.post(`/nodes/${file.id}/lock`, { type: 'FULL' });
    expect((await server.api.post(`/nodes/${file.id}/versions/1.0/revert`, {})).status).toBe(409);
    expect((await server.api.delete(`/nodes/${file.id}/versions/1.1`)).status).toBe(409);
    expect((await server.api.get(`/nodes/${file.parentId}/versions`)).status).toBe(400);
  });
});

describe('parallel new versions of one file', () => {
  // Each answer names the version its own request made (issue 20), not the one newest when it was read.
  const PARALLEL = 12;
  const mine = async (fileId: string, answers: { status: number; label: string }[], bodies: string[]) => {
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => answers[0]!.status));
    expect(new Set(answers.map((a) => a.label)).size).toBe(answers.length);
    for (const [i, { label }] of answers.entries()) {
      expect((await server.api.get(`/nodes/${fileId}/versions/${label}/content`)).raw.toString(), label).toBe(
        bodies[i],
      );
    }
  };

  it('answers each content update with its own version', async () => {
    const file = await upload('v0');
    const bodies = Array.from({ length: PARALLEL }, (_, i) => `update ${i}`);
    const answers = await Promise.all(
      bodies.map((body) => server.api.put(`/nodes/${file.id}/content`, body, { headers: text })),
    );
    expect(answers[0]!.status).toBe(200);
    await mine(
      file.id,
      answers.map((r) => ({ status: r.status, label: r.body.entry.properties['cm:versionLabel'] })),
      bodies,
    );
  });

  it('answers each overwriting upload with its own version', async () => {
    const file = await upload('v0');
    const bodies = Array.from({ length: PARALLEL }, (_, i) => `upload ${i}`);
    const answers = await Promise.all(
      bodies.map((body) => server.api.upload(file.parentId, 'doc.txt', body, { overwrite: 'true' })),
    );
    expect(answers.map((r) => r.body.entry?.id)).toEqual(answers.map(() => file.id));
    await mine(
      file.id,
      answers.map((r) => ({ status: r.status, label: r.body.entry.properties['cm:versionLabel'] })),
      bodies,
    );
  });

  it('answers each revert with its own version', async () => {
    const file = await upload('one');
    await server.api.put(`/nodes/${file.id}/content`, 'two', { headers: text });
    const targets = Array.from({ length: PARALLEL }, (_, i) => (i % 2 === 0 ? '1.0' : '1.1'));
    const answers = await Promise.all(
      targets.map((label) => server.api.post(`/nodes/${file.id}/versions/${label}/revert`, {})),
    );
    expect(answers[0]!.status).toBe(200);
    const bodies = targets.map((label) => (label === '1.0' ? 'one' : 'two'));
    await mine(
      file.id,
      answers.map((r) => ({ status: r.status, label: r.body.entry.id })),
      bodies,
    );
  });
});
