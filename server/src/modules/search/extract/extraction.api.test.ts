import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFolder } from '../../../testing/builders.ts';
import { docx, pdf } from '../../../testing/document-files.ts';
import { namesFound, uploaded } from '../../../testing/search-queries.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

let server: TestServer;
let root: { id: string };
beforeAll(async () => {
  server = await startTestServer({ TEXT_EXTRACTION_THREADS: '1' });
  root = await aFolder(server.api);
});
afterAll(() => server.close());

const found = (query: string) => namesFound(server.api, root.id, query);

const upload = (name: string, content: string | Buffer, parentId = root.id) =>
  uploaded(server.api, parentId, name, content);

async function textState(nodeId: string) {
  const { db } = server.app.database;
  return db
    .selectFrom('contentText')
    .innerJoin('nodes', 'nodes.contentId', 'contentText.contentId')
    .select(['contentText.state', 'contentText.reason'])
    .where('nodes.id', '=', nodeId)
    .executeTakeFirstOrThrow();
}

describe('the text of contents is searchable once extracted', () => {
  it('finds a PDF, a DOCX and a text file by a word inside them; by name before that', async () => {
    await upload('minutes.pdf', pdf(['The committee approved the aardvark budget']));
    await upload('memo.docx', await docx(['Please feed the aardvark', 'and the quokka']));
    const text = await upload('notes.txt', 'an aardvark walked in');
    expect(await found('minutes')).toEqual(['minutes.pdf']);
    await server.app.extractText();
    expect(await found('aardvark')).toEqual(['memo.docx', 'minutes.pdf', 'notes.txt']);
    expect(await found('cm:content:quokka')).toEqual(['memo.docx']);
    expect(await found('cm:name:quokka')).toEqual([]);
    expect(await found('"aardvark budget"')).toEqual(['minutes.pdf']);
    expect(await textState(text.id)).toEqual({ state: 'extracted', reason: null });
  });

  it('follows a new version, and a copy shares its text at once', async () => {
    const file = await upload('draft.txt', 'first words: wombat');
    await server.app.extractText();
    expect(await found('wombat')).toEqual(['draft.txt']);
    const folder = await aFolder(server.api, root.id);
    const copy = await server.api.post(`/nodes/${file.id}/copy`, { targetParentId: folder.id });
    expect(copy.status).toBe(201);
    expect(await found('wombat')).toEqual(['draft.txt', 'draft.txt']);
    const version = await server.api.put(`/nodes/${file.id}/content`, 'second words: platypus', {
      headers: { 'content-type': 'text/plain' },
    });
    expect(version.status).toBe(200);
    await server.app.extractText();
    expect(await found('platypus')).toEqual(['draft.txt']);
    expect(await found('wombat')).toEqual(['draft.txt']);
  });

  it('records a file whose text cannot be read as failed, and one without text as none; both stay findable by name', async () => {
    const broken = await upload('broken.pdf', Buffer.from('%PDF-1.7 this is not really a pdf'));
    const image = await upload('photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    await server.app.extractText();
    const failed = await textState(broken.id);
    expect(failed.state).toBe('failed');
    expect(failed.reason).toBeTruthy();
    expect(await textState(image.id)).toEqual({ state: 'none', reason: null });
    expect(await found('broken')).toEqual(['broken.pdf']);
    expect(await found('photo')).toEqual(['photo.png']);
  });

  it('takes up again a job whose instance stopped mid-way (its lease ran out)', async () => {
    // Larger than the texts read in their upload's own transaction (inline-text.ts).
    const file = await upload('orphan.txt', `the axolotl ${'z '.repeat(40_000)}`);
    const { db } = server.app.database;
    const { contentId } = await db
      .selectFrom('nodes')
      .select('contentId')
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    // As if another instance had claimed it and died: the lease is held, then runs out.
    await db
      .updateTable('contentText')
      .set({ claimedUntil: Date.now() + 60_000, attempts: 1 })
      .where('contentId', '=', contentId!)
      .execute();
    await server.app.extractText();
    expect(await found('axolotl')).toEqual([]);
    await db
      .updateTable('contentText')
      .set({ claimedUntil: Date.now() - 1 })
      .where('contentId', '=', contentId!)
      .execute();
    await server.app.extractText();
    expect(await found('axolotl')).toEqual(['orphan.txt']);
  });
});
