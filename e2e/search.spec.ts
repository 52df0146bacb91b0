import { docx, pdf } from '../server/src/testing/document-files.ts';
import { SearchPage } from './pages/search.page.ts';
import { ADMIN, aFolder, setPermissions, unique } from './support/api.ts';
import { expect, shot, test } from './support/fixtures.ts';

// Issue 19: search in the app bar and on /search, facets, and Recent files, against real text extraction.

const SEARCH = '/alfresco/api/-default-/public/search/versions/1/search';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const adminAuth = { Authorization: `Basic ${Buffer.from(`${ADMIN.userId}:${ADMIN.password}`).toString('base64')}` };

// A word no other file holds (letters and digits only: one word for the index).
const word = `quokka${Date.now().toString(36)}`;
const suffix = Math.random().toString(36).slice(2, 8);
const pdfName = `findings-${suffix}.pdf`;
const docxName = `minutes-${suffix}.docx`;

test.describe.configure({ mode: 'serial' });

test('files uploaded are found by a word inside them, from the app bar; a facet narrows them', async ({
  page,
  request,
  signedIn,
}) => {
  test.slow();
  // A folder only admin may read.
  const folder = await aFolder(request, unique('Search'));
  await setPermissions(request, folder.id, { isInheritanceEnabled: false, locallySet: [] });
  await signedIn.goto(folder.id);
  await signedIn.expectFolder(folder.name);
  await signedIn.uploadThroughButton('Files…', [
    { name: pdfName, mimeType: 'application/pdf', buffer: pdf([`Field notes on the ${word} colony.`]) },
    {
      name: docxName,
      mimeType: DOCX,
      buffer: await docx(['Minutes of the board.', `The ${word} budget was approved.`]),
    },
  ]);
  await expect(signedIn.uploads()).toContainText('2 of 2 uploaded');

  // The text is extracted a moment after the upload, in a worker: wait until the search finds both.
  await expect
    .poll(
      async () => {
        const res = await request.post(SEARCH, { headers: adminAuth, data: { query: { query: word } } });
        const body = (await res.json()) as { list: { entries: { entry: { name: string } }[] } };
        return body.list.entries.map((e) => e.entry.name).sort();
      },
      { timeout: 30_000 },
    )
    .toEqual([docxName, pdfName].sort());

  const search = new SearchPage(page);
  await search.searchFor(word);
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
  await expect(search.status()).toHaveText(`2 results for “${word}”`);
  await expect(search.result(pdfName)).toBeVisible();
  await expect(search.result(docxName)).toBeVisible();
  // The words around the match, the match marked; where the file is.
  await expect(search.result(docxName).locator('mark')).toHaveText(word);
  await expect(search.result(docxName)).toContainText(`The ${word} budget was approved.`);
  await expect(search.result(pdfName)).toContainText(`In Company Home / ${folder.name}`);
  await page.screenshot({ path: shot('search-results') });

  // A facet narrows the list; the address keeps it (reload and back).
  // (click, not check: the address changes in a transition, the box is checked once it is applied)
  await search.filter('File type', /^PDF/).click();
  await expect(search.filter('File type', /^PDF/)).toBeChecked();
  await expect(search.status()).toHaveText(`1 result for “${word}”`);
  await expect(search.result(docxName)).toHaveCount(0);
  await expect(page).toHaveURL(/filter=content\.mimetype/);
  // The other file types keep their counts (the facet counts as if its own filter were not chosen).
  await expect(search.filter('File type', /^Word document/)).toBeVisible();
  await expect(search.filter('File type', /^Word document/)).not.toBeChecked();
  await page.reload();
  await expect(search.result(pdfName)).toBeVisible();
  await expect(search.result(docxName)).toHaveCount(0);
  await expect(search.filter('File type', /^PDF/)).toBeChecked();
  await page.goBack();
  await expect(search.status()).toHaveText(`2 results for “${word}”`);

  // Suggestions as one types: the file by the start of its name; picking it opens its page.
  await search.box().fill(`findings-${suffix.slice(0, 4)}`);
  await search.suggestion(pdfName).click();
  await expect(page).toHaveURL(/\/nodes\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pdfName);
});

test('someone who may not read the files does not find them', async ({ page, signInAs }) => {
  await signInAs('carol');
  const search = new SearchPage(page);
  await page.goto(`/search?q=${word}`);
  await expect(search.status()).toHaveText(`0 results for “${word}”`);
  await expect(page.getByText('Nothing found')).toBeVisible();
  // Nor in the suggestions.
  await search.box().fill(`findings-${suffix}`);
  await expect(search.suggestion(/^Search for/)).toBeVisible();
  await expect(search.suggestion(pdfName)).toHaveCount(0);
});

test('Recent files shows what one uploaded, newest first; people and sites are suggested', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  const search = new SearchPage(page);
  await page.goto('/browse/-my-');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Recent' }).click();
  await expect(page).toHaveURL(/\/recent$/);
  await expect(search.recent().getByRole('listitem', { name: pdfName })).toBeVisible();
  await expect(search.recent().getByRole('listitem', { name: docxName })).toBeVisible();
  // The two uploads are the newest.
  const names = await search
    .recent()
    .getByRole('listitem')
    .evaluateAll((items) => items.map((i) => i.getAttribute('aria-label')));
  expect(names.slice(0, 2).sort()).toEqual([docxName, pdfName].sort());

  await search.box().fill('Alice');
  await expect(search.suggestion(/Alice Andrews/)).toBeVisible();
  await search.box().fill('Marketing');
  await search.suggestion(/^Marketing$/).click();
  await expect(page).toHaveURL(/\/sites\/marketing$/);
});
