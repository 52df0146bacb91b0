import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFolder } from '../../../testing/builders.ts';
import { namesFound, uploaded } from '../../../testing/search-queries.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

// No extraction threads: a text found here was indexed by the upload's own transaction.
let server: TestServer;
let root: { id: string };
beforeAll(async () => {
  server = await startTestServer({ TEXT_EXTRACTION_THREADS: '0' });
  root = await aFolder(server.api);
});
afterAll(() => server.close());

const found = (query: string) => namesFound(server.api, root.id, query);

const upload = (name: string, content: string | Buffer, fields: Record<string, string> = {}) =>
  uploaded(server.api, root.id, name, content, fields);

async function textOf(nodeId: string) {
  return server.app.database.db
    .selectFrom('contentText')
    .innerJoin('nodes', 'nodes.contentId', 'contentText.contentId')
    .select(['contentText.state', 'contentText.text', 'contentText.truncated'])
    .where('nodes.id', '=', nodeId)
    .executeTakeFirstOrThrow();
}

describe('a small plain-text content is indexed in the transaction that stores it', () => {
  it('finds a text file by a word inside it as soon as its upload is answered, with no extraction job', async () => {
    const file = await upload('okapi.txt', 'An  okapi\n\n\n\nwalked in');
    expect(await found('okapi')).toEqual(['okapi.txt']);
    expect(await found('cm:content:walked')).toEqual(['okapi.txt']);
    expect(await textOf(file.id)).toEqual({ state: 'extracted', text: 'An okapi\n\nwalked in', truncated: 0 });
  });

  it('reads JSON, CSV and Markdown as text too, but leaves HTML and larger texts to the jobs', async () => {
    await upload('data.json', '{"animal": "tapir"}');
    await upload('table.csv', 'name,kind\nrex,tapir');
    await upload('readme.md', '# The tapir');
    const page = await upload('page.html', '<p>the tapir</p>');
    const big = await upload('big.txt', `tapir ${'x'.repeat(70 * 1024)}`);
    expect(await found('tapir')).toEqual(['data.json', 'readme.md', 'table.csv']);
    expect((await textOf(page.id)).state).toBe('pending');
    expect((await textOf(big.id)).state).toBe('pending');
  });

  it('follows a new version by PUT, by an overwriting upload, and an auto-renamed upload', async () => {
    const file = await upload('story.txt', 'once a wombat');
    const put = await server.api.put(`/nodes/${file.id}/content`, 'then a platypus', {
      headers: { 'content-type': 'text/plain' },
    });
    expect(put.status).toBe(200);
    expect(await found('platypus')).toEqual(['story.txt']);
    expect(await found('wombat')).toEqual([]);
    await upload('story.txt', 'finally a numbat', { overwrite: 'true' });
    expect(await found('numbat')).toEqual(['story.txt']);
    expect(await found('platypus')).toEqual([]);
    const renamed = await upload('story.txt', 'another quokka', { autoRename: 'true' });
    expect(renamed.name).not.toBe('story.txt');
    expect(await found('quokka')).toEqual([renamed.name]);
  });

  it('a rename to another type does not change what was read (content is read as it was stored)', async () => {
    const file = await upload('notes.txt', 'the dugong');
    const res = await server.api.put(`/nodes/${file.id}`, { name: 'notes.bin' });
    expect(res.status).toBe(200);
    expect(await found('dugong')).toEqual(['notes.bin']);
  });

  it('stores any bytes a client sends as text: NULs, invalid UTF-8, UTF-16, a very long word', async () => {
    const cases: [string, Buffer][] = [
      ['nul.txt', Buffer.from('gecko\u0000\u0000 iguana')],
      [
        'broken.txt',
        Buffer.concat([Buffer.from('gecko '), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x80]), Buffer.from(' tuatara')]),
      ],
      ['wide.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('gecko skink', 'utf16le')])],
      ['long.txt', Buffer.from(`gecko ${'y'.repeat(20_000)} anole`)],
      ['binary.txt', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))],
    ];
    for (const [name, bytes] of cases) await upload(name, bytes);
    expect(await found('gecko')).toEqual(['broken.txt', 'long.txt', 'nul.txt', 'wide.txt']);
    expect(await found('iguana')).toEqual(['nul.txt']);
    expect(await found('tuatara')).toEqual(['broken.txt']);
    expect(await found('skink')).toEqual(['wide.txt']);
    expect(await found('anole')).toEqual(['long.txt']);
    expect(await found('binary')).toEqual(['binary.txt']);
  });
});
