import { expect, it } from 'vitest';
import { folderPathOf } from './relative-path.ts';

it('keeps the folders of a folder upload, and none for a plain file', () => {
  expect(folderPathOf('photos/2026/a.jpg')).toBe('photos/2026');
  expect(folderPathOf('/photos/a.jpg')).toBe('photos');
  expect(folderPathOf('./a.jpg')).toBeUndefined();
  expect(folderPathOf('a.jpg')).toBeUndefined();
  expect(folderPathOf(undefined)).toBeUndefined();
});
