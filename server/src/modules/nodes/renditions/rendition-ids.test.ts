import { expect, it } from 'vitest';
import { MAX_RENDITIONS, renditionIds, renditionMimeType } from './rendition-ids.ts';

it('keeps well-formed rendition ids, once each, and drops the rest', () => {
  expect(renditionIds(['doclib'])).toEqual(['doclib']);
  expect(renditionIds([' doclib , imgpreview,doclib', 'pdf'])).toEqual(['doclib', 'imgpreview', 'pdf']);
  expect(renditionIds(['', ',', 'bad id', '../x', '-dash', 'a'.repeat(65), 'ok_1'])).toEqual(['ok_1']);
  expect(renditionIds([Array.from({ length: 20 }, (_, i) => `r${i}`).join(',')])).toHaveLength(MAX_RENDITIONS);
});

it('knows the MIME type of the well-known renditions', () => {
  expect(renditionMimeType('doclib')).toBe('image/png');
  expect(renditionMimeType('imgpreview')).toBe('image/jpeg');
  expect(renditionMimeType('pdf')).toBe('application/pdf');
  expect(renditionMimeType('custom')).toBe('application/octet-stream');
  expect(renditionMimeType('toString')).toBe('application/octet-stream');
});
