import { describe, expect, it } from 'vitest';
import { sizeInWords, typeInWords, whenInWords } from './node-summary.ts';

describe('node summary', () => {
  it('names types as people do', () => {
    expect(typeInWords({ isFolder: true, nodeType: 'cm:folder' }, 'Folder')).toBe('Folder');
    const file = (mimeType: string) => ({
      isFolder: false,
      nodeType: 'cm:content',
      content: { mimeType, mimeTypeName: '', sizeInBytes: 1, encoding: 'UTF-8' },
    });
    expect(typeInWords(file('application/pdf'), 'Content')).toBe('PDF document');
    expect(typeInWords(file('image/png'), 'Content')).toBe('PNG image');
    expect(typeInWords(file('application/x-unknown'), 'Content')).toBe('File');
    expect(typeInWords({ ...file('application/x-unknown'), nodeType: 'acme:contract' }, 'Contract')).toBe('Contract');
  });

  it('says sizes and times in words', () => {
    expect(sizeInWords(1)).toBe('1 byte');
    expect(sizeInWords(2048)).toBe('2.0 KB');
    expect(sizeInWords(5 * 1024 * 1024 * 12)).toBe('60 MB');
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(whenInWords('2026-11-25T11:59:30.000+0000', now)).toBe('just now');
    expect(whenInWords('2026-11-25T11:55:00.000+0000', now)).toBe('5 minutes ago');
    expect(whenInWords(undefined, now)).toBeUndefined();
  });
});
