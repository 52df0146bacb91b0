import { afterAll, describe, expect, it } from 'vitest';
import { docx, openDocument, pdf, pptx, xlsx, zipOf } from '../../../testing/document-files.ts';
import { createTextExtractor, DEFAULT_EXTRACTION, type TextExtractorOptions } from './text-extractor.ts';

// Worker threads that load pdf.js and officeparser through tsx: seconds on a busy 2-core machine.
const slow = 60_000;
const OOXML = 'application/vnd.openxmlformats-officedocument';
const extractors: ReturnType<typeof createTextExtractor>[] = [];
function extractor(options: Partial<TextExtractorOptions> = {}) {
  const created = createTextExtractor({ ...DEFAULT_EXTRACTION, ...options });
  extractors.push(created);
  return created;
}
afterAll(async () => {
  await Promise.all(extractors.map((e) => e.close()));
});

const shared = extractor();
const extracted = (text: string) => ({ status: 'extracted', text, truncated: false });

describe('text extraction, format by format', () => {
  it.each([
    [
      'DOCX',
      () => docx(['Quarterly figures', 'second paragraph']),
      `${OOXML}.wordprocessingml.document`,
      'Quarterly figures\nsecond paragraph',
    ],
    ['XLSX', () => xlsx(['revenue', 'forecast']), `${OOXML}.spreadsheetml.sheet`, 'revenue\nforecast'],
    ['PPTX', () => pptx(['roadmap slide']), `${OOXML}.presentationml.presentation`, 'roadmap slide'],
    [
      'ODT',
      () => openDocument('text', ['minutes of the meeting']),
      'application/vnd.oasis.opendocument.text',
      'minutes of the meeting',
    ],
    [
      'ODS',
      () => openDocument('spreadsheet', ['budget line']),
      'application/vnd.oasis.opendocument.spreadsheet',
      'budget line',
    ],
    [
      'ODP',
      () => openDocument('presentation', ['keynote']),
      'application/vnd.oasis.opendocument.presentation',
      'keynote',
    ],
    ['PDF', async () => pdf(['annual report', 'page (one)']), 'application/pdf', 'annual report\npage (one)'],
  ])(
    '%s',
    async (_, build, mimeType, text) => {
      expect(await shared.extract(await build(), mimeType)).toEqual(extracted(text));
    },
    slow,
  );

  it(
    'reads HTML as a person would: no scripts, styles or link targets',
    async () => {
      const html =
        '<html><head><style>p{}</style><script>steal()</script></head><body><p>Hello <b>team</b> &amp; friends</p><a href="https://x.example">the link</a></body></html>';
      expect(await shared.extract(Buffer.from(html), 'text/html')).toEqual(
        extracted('Hello team & friends\n\nthe link'),
      );
    },
    slow,
  );

  it(
    'reads the text of XML, entities decoded, never reading an external entity',
    async () => {
      const xml =
        '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a><b>one</b><c>two &amp; three &x;</c></a>';
      const result = await shared.extract(Buffer.from(xml), 'application/xml');
      expect(result).toMatchObject({ status: 'extracted' });
      // An internal DTD subset leaves its closing "]>" as text: noise, but nothing from the entity.
      expect(result.status === 'extracted' && result.text).toContain('one\n\ntwo & three &x;');
      expect(result.status === 'extracted' && result.text).not.toMatch(/root:/);
    },
    slow,
  );

  it(
    'decodes text in its declared encoding, UTF-16 by its byte order mark, and JSON as text',
    async () => {
      expect(await shared.extract(Buffer.from('café crème', 'latin1'), 'text/plain', 'ISO-8859-1')).toEqual(
        extracted('café crème'),
      );
      expect(await shared.extract(Buffer.from('\ufeffwide text', 'utf16le'), 'text/plain')).toEqual(
        extracted('wide text'),
      );
      expect(await shared.extract(Buffer.from('{"title":"Plan"}'), 'application/json')).toEqual(
        extracted('{"title":"Plan"}'),
      );
      expect(await shared.extract(Buffer.from('# Notes\n\n*item*'), 'text/markdown')).toEqual(
        extracted('# Notes\n\n*item*'),
      );
    },
    slow,
  );

  it(
    'tidies the text: runs of blanks become one, NUL goes (PostgreSQL text cannot hold it)',
    async () => {
      expect(await shared.extract(Buffer.from('a\u0000b   c\t\td\n\n\n\n\ne  '), 'text/plain')).toEqual(
        extracted('ab c d\n\ne'),
      );
    },
    slow,
  );

  it('says there is no text to read for formats without any', async () => {
    expect(await shared.extract(Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png')).toEqual({ status: 'none' });
    expect(await shared.extract(Buffer.from('PK'), 'application/zip')).toEqual({ status: 'none' });
  });
});

describe('text extraction within limits, failing alone', () => {
  it(
    'says why a broken file could not be read, and goes on with the next',
    async () => {
      expect(await shared.extract(Buffer.from('%PDF-1.4 not really'), 'application/pdf')).toEqual({
        status: 'failed',
        reason: 'Invalid PDF structure.',
      });
      expect(await shared.extract(Buffer.from('not a zip at all'), `${OOXML}.wordprocessingml.document`)).toMatchObject(
        {
          status: 'failed',
        },
      );
      expect(await shared.extract(Buffer.from('still here'), 'text/plain')).toEqual(extracted('still here'));
    },
    slow,
  );

  it(
    'refuses a zipped document that would unpack past the limit, before inflating it',
    async () => {
      const bomb = await zipOf([
        { name: '[Content_Types].xml', text: '<Types/>' },
        { name: 'word/document.xml', text: `<w:document>${'a'.repeat(2 * 1024 * 1024)}</w:document>` },
      ]);
      expect(bomb.byteLength).toBeLessThan(10_000);
      const small = extractor({ maxUnzippedBytes: 1024 * 1024 });
      expect(await small.extract(bomb, `${OOXML}.wordprocessingml.document`)).toEqual({
        status: 'failed',
        reason: 'the document unpacks to more than 1048576 bytes',
      });
    },
    slow,
  );

  it(
    'cuts long text at the limit, never inside a surrogate pair, and says so',
    async () => {
      const short = extractor({ maxTextChars: 5 });
      expect(await short.extract(Buffer.from('abcdefgh'), 'text/plain')).toEqual({
        status: 'extracted',
        text: 'abcde',
        truncated: true,
      });
      expect(await short.extract(Buffer.from('abcd😀fg'), 'text/plain')).toEqual({
        status: 'extracted',
        text: 'abcd',
        truncated: true,
      });
    },
    slow,
  );

  it(
    'reads plain text the same on the server thread (up to 64 KiB) and in a worker (larger)',
    async () => {
      const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}  \n\n\n`).join('');
      const tidy = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join('\n\n');
      const reader = extractor({ maxTextChars: 10_000_000 });
      const small = Buffer.from(words(100), 'utf-8');
      const large = Buffer.from(words(20_000), 'utf-8');
      expect(large.byteLength).toBeGreaterThan(64 * 1024);
      expect(await reader.extract(small, 'text/plain')).toEqual({
        status: 'extracted',
        text: tidy(100),
        truncated: false,
      });
      expect(await reader.extract(large, 'text/plain')).toEqual({
        status: 'extracted',
        text: tidy(20_000),
        truncated: false,
      });
      const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('ünïcode', 'utf16le')]);
      expect(await reader.extract(utf16, 'text/plain')).toEqual({
        status: 'extracted',
        text: 'ünïcode',
        truncated: false,
      });
    },
    slow,
  );

  it('does not read contents larger than the limit', async () => {
    const tiny = extractor({ maxInputBytes: 10 });
    expect(await tiny.extract(Buffer.from('more than ten bytes'), 'text/plain')).toEqual({
      status: 'failed',
      reason: 'larger than the 10 bytes whose text is read',
    });
  });

  it(
    'stops a file that takes longer than the time limit',
    async () => {
      const hasty = extractor({ timeoutMs: 1 });
      expect(await hasty.extract(pdf(['slow']), 'application/pdf')).toEqual({
        status: 'failed',
        reason: 'took longer than 1 ms',
      });
    },
    slow,
  );
});
