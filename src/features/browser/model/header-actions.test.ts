import { describe, expect, it } from 'vitest';
import { headerActions } from './header-actions.ts';

const file = (ops: ('update' | 'delete')[], isFavorite = false) => ({
  isFile: true,
  isFolder: false,
  isFavorite,
  allowableOperations: ops,
});
const summary = (actions: ReturnType<typeof headerActions>) =>
  actions.map((a) => `${a.id}:${a.isEnabled ? 'on' : 'off'}${a.blockedByLock ? ' (lock)' : ''}`);

describe('headerActions', () => {
  it('offers Download and Open (a viewable file), Rename, Move, Copy, Favorite, Delete as allowed', () => {
    expect(summary(headerActions(file(['update', 'delete']), 'inline', null))).toEqual([
      'download:on',
      'open:on',
      'rename:on',
      'move:on',
      'copy:on',
      'favorite:on',
      'delete:on',
    ]);
    expect(summary(headerActions(file([], true), null, null))).toEqual([
      'download:on',
      'rename:off',
      'move:off',
      'copy:on',
      'unfavorite:on',
      'delete:off',
    ]);
  });

  it('disables what a lock forbids, with its reason; a folder opens in the browser and has no Download', () => {
    const locked = headerActions(file(['update', 'delete']), 'text', 'Locked by Alice');
    expect(summary(locked)).toContain('rename:off (lock)');
    expect(locked.find((a) => a.id === 'delete')?.reason).toBe('Locked by Alice');
    const folder = headerActions({ isFile: false, isFolder: true, allowableOperations: ['update'] }, null, null);
    expect(folder.map((a) => a.id)).toEqual(['open', 'rename', 'move', 'copy', 'favorite', 'delete']);
  });
});
