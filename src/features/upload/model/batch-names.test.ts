import { describe, expect, it } from 'vitest';
import { batchNameFixes, fixActionLabel, fixBatchNames } from './batch-names.ts';

const myDocs = [
  { name: 'ok.txt', relativePath: 'My Docs' },
  { name: 'Annual report.txt', relativePath: 'My Docs' },
  { name: 'meeting notes.txt', relativePath: 'My Docs/Sub Folder' },
];

describe('batch names under strict', () => {
  it('finds every refused name once: files and folder segments', () => {
    const fixes = batchNameFixes(myDocs, 'strict');
    expect(fixes).toEqual([
      { kind: 'folder', where: '', from: 'My Docs', to: 'My_Docs', problem: 'A name cannot contain spaces.' },
      {
        kind: 'file',
        where: 'My Docs',
        from: 'Annual report.txt',
        to: 'Annual_report.txt',
        problem: 'A name cannot contain spaces.',
      },
      {
        kind: 'folder',
        where: 'My Docs',
        from: 'Sub Folder',
        to: 'Sub_Folder',
        problem: 'A name cannot contain spaces.',
      },
      {
        kind: 'file',
        where: 'My Docs/Sub Folder',
        from: 'meeting notes.txt',
        to: 'meeting_notes.txt',
        problem: 'A name cannot contain spaces.',
      },
    ]);
    expect(fixActionLabel(fixes, 'strict')).toBe('Replace spaces with _ in 4 names');
  });

  it('fixes the whole batch consistently: one folder, one new name', () => {
    expect(fixBatchNames(myDocs, 'strict')).toEqual([
      { name: 'ok.txt', relativePath: 'My_Docs' },
      { name: 'Annual_report.txt', relativePath: 'My_Docs' },
      { name: 'meeting_notes.txt', relativePath: 'My_Docs/Sub_Folder' },
    ]);
  });

  it('says "Fix" when more than spaces change, and keeps what is fine', () => {
    const fixes = batchNameFixes([{ name: 'why?.txt' }, { name: 'fine.txt' }], 'strict');
    expect(fixes).toEqual([
      {
        kind: 'file',
        where: '',
        from: 'why?.txt',
        to: 'why_.txt',
        problem: 'A name cannot contain any of * " < > \\ / ? : |',
      },
    ]);
    expect(fixActionLabel(fixes, 'strict')).toBe('Fix 1 name');
    expect(fixBatchNames([{ name: 'fine.txt', relativePath: undefined }], 'strict')).toEqual([
      { name: 'fine.txt', relativePath: undefined },
    ]);
  });
});

describe('batch names under alfresco', () => {
  it('refuses nothing the server accepts', () => {
    expect(batchNameFixes(myDocs, 'alfresco')).toEqual([]);
  });
  it('still fixes what Alfresco refuses', () => {
    expect(batchNameFixes([{ name: 'draft.', relativePath: 'Q3 ' }], 'alfresco')).toEqual([
      { kind: 'folder', where: '', from: 'Q3 ', to: 'Q3', problem: 'A name cannot end with a space.' },
      { kind: 'file', where: 'Q3 ', from: 'draft.', to: 'draft', problem: 'A name cannot end with a dot.' },
    ]);
  });
});
