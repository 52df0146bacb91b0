import { describe, expect, it } from 'vitest';
import { availableActions } from './actions.ts';

const file = { isFile: true, isFolder: false, allowableOperations: ['delete', 'update'] as ('delete' | 'update')[] };
const lockedBy = (owner: string, type = 'WRITE_LOCK') => ({
  ...file,
  isLocked: true,
  properties: { 'cm:lockOwner': { id: owner, displayName: owner }, 'cm:lockType': type },
});
const folder = { isFile: false, isFolder: true, allowableOperations: ['create'] as 'create'[] };

describe('availableActions', () => {
  it('a file: download, rename, lock, properties; enabled by allowableOperations', () => {
    const actions = availableActions([file], 'bob');
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
    const readOnly = availableActions([{ ...file, allowableOperations: [] }], 'bob');
    expect(readOnly.get('rename')).toBe(false);
    expect(readOnly.get('delete')).toBe(false);
    expect(readOnly.get('move')).toBe(false);
    expect(readOnly.get('lock')).toBe(false);
    expect(readOnly.get('copy')).toBe(true);
  });

  it('a locked favorite file offers unlock (enabled as allowableOperations say) and unfavorite', () => {
    const mine = {
      ...lockedBy('bob'),
      isFavorite: true,
      allowableOperations: [...file.allowableOperations, 'unlock' as const],
    };
    const actions = availableActions([mine], 'bob');
    expect(actions.get('unlock')).toBe(true);
    expect(actions.has('lock')).toBe(false);
    expect(actions.get('unfavorite')).toBe(true);
    expect(availableActions([lockedBy('alice')], 'bob').get('unlock')).toBe(false);
  });

  it('a file locked by someone else: rename, move and delete are disabled; copy and favorite are not', () => {
    const actions = availableActions([lockedBy('alice')], 'bob');
    expect(actions.get('rename')).toBe(false);
    expect(actions.get('move')).toBe(false);
    expect(actions.get('delete')).toBe(false);
    expect(actions.get('copy')).toBe(true);
    expect(availableActions([lockedBy('alice'), file], 'bob').get('delete')).toBe(false);
    expect(availableActions([lockedBy('bob')], 'bob').get('rename')).toBe(true);
    expect(availableActions([lockedBy('bob', 'READ_ONLY_LOCK')], 'bob').get('rename')).toBe(false);
  });

  it('a folder opens, is never locked', () => {
    const actions = availableActions([folder], 'bob');
    expect(actions.get('open')).toBe(true);
    expect(actions.get('downloadZip')).toBe(true);
    expect(actions.has('download')).toBe(false);
    expect(availableActions([file], 'bob').has('downloadZip')).toBe(false);
    expect(actions.has('lock')).toBe(false);
    expect(actions.get('delete')).toBe(false);
  });

  it('a selection: only what applies to several, enabled when every item allows it', () => {
    const actions = availableActions([file, { ...file, isFavorite: true }], 'bob');
    expect([...actions.keys()]).toEqual(['downloadZip', 'copy', 'move', 'delete', 'favorite']);
    expect(availableActions([file, folder], 'bob').get('delete')).toBe(false);
    expect(availableActions([], 'bob').size).toBe(0);
  });
});
