import { describe, expect, it } from 'vitest';
import { availableActions } from './actions.ts';

const file = { isFile: true, isFolder: false, allowableOperations: ['delete', 'update'] as ('delete' | 'update')[] };
const folder = { isFile: false, isFolder: true, allowableOperations: ['create'] as 'create'[] };

describe('availableActions', () => {
  it('a file: download, rename, lock, properties; enabled by allowableOperations', () => {
    const actions = availableActions([file]);
    expect([...actions.keys()]).toEqual([
      'download',
      'rename',
      'copy',
      'move',
      'delete',
      'favorite',
      'lock',
      'properties',
    ]);
    expect([...actions.values()].every(Boolean)).toBe(true);
    const readOnly = availableActions([{ ...file, allowableOperations: [] }]);
    expect(readOnly.get('rename')).toBe(false);
    expect(readOnly.get('delete')).toBe(false);
    expect(readOnly.get('move')).toBe(false);
    expect(readOnly.get('lock')).toBe(false);
    expect(readOnly.get('copy')).toBe(true);
  });

  it('a locked favorite file offers unlock and unfavorite', () => {
    const actions = availableActions([{ ...file, isLocked: true, isFavorite: true }]);
    expect(actions.get('unlock')).toBe(true);
    expect(actions.has('lock')).toBe(false);
    expect(actions.get('unfavorite')).toBe(true);
  });

  it('a folder opens, is never locked', () => {
    const actions = availableActions([folder]);
    expect(actions.get('open')).toBe(true);
    expect(actions.has('lock')).toBe(false);
    expect(actions.get('delete')).toBe(false);
  });

  it('a selection: only what applies to several, enabled when every item allows it', () => {
    const actions = availableActions([file, { ...file, isFavorite: true }]);
    expect([...actions.keys()]).toEqual(['copy', 'move', 'delete', 'favorite']);
    expect(availableActions([file, folder]).get('delete')).toBe(false);
    expect(availableActions([]).size).toBe(0);
  });
});
