import { expect, it } from 'vitest';
import { guessEncoding, mimeTypeFor } from './mime.ts';

it('guesses the encoding from the first bytes as Alfresco reports it', () => {
  expect(guessEncoding(Buffer.alloc(0), 'text/plain')).toBe('UTF-8');
  expect(guessEncoding(Buffer.from('plain ASCII text\n'), 'text/plain')).toBe('ISO-8859-1');
  expect(guessEncoding(Buffer.from('café, naïve'), 'text/plain')).toBe('UTF-8');
  // A head cut in the middle of a character is still UTF-8.
  const euro = Buffer.from('price: 5 €');
  expect(guessEncoding(euro.subarray(0, euro.length - 1), 'text/plain')).toBe('UTF-8');
  expect(guessEncoding(Buffer.from('caf\xe9 au lait', 'latin1'), 'text/plain')).toBe('ISO-8859-1');
  expect(guessEncoding(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00]), 'image/png')).toBe('UTF-8');
});

it('guesses the type from the extension', () => {
  expect(mimeTypeFor('notes.md')).toBe('text/markdown');
  expect(mimeTypeFor('report.PDF')).toBe('application/pdf');
  expect(mimeTypeFor('no-extension')).toBe('application/octet-stream');
});
