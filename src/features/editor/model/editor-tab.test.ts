import { describe, expect, it } from 'vitest';
import { availableTabs, currentTab, ownerOf } from './editor-tab.ts';

describe('editor tabs', () => {
  it('offer versions for files and secondary children for folders or nodes that have some', () => {
    expect(availableTabs({ isFile: true, isFolder: false }, false)).toEqual(['properties', 'permissions', 'versions']);
    expect(availableTabs({ isFile: false, isFolder: true }, false)).toEqual([
      'properties',
      'permissions',
      'secondary-children',
    ]);
    expect(availableTabs({ isFile: true, isFolder: false }, true)).toContain('secondary-children');
  });

  it('follow ?tab= when the node has that tab', () => {
    const tabs = availableTabs({ isFile: false, isFolder: true }, false);
    expect(currentTab(new URLSearchParams('tab=permissions'), tabs)).toBe('permissions');
    expect(currentTab(new URLSearchParams('tab=versions'), tabs)).toBe('properties');
    expect(currentTab(new URLSearchParams(''), tabs)).toBe('properties');
  });

  it('name the owner: cm:owner, else the creator', () => {
    const createdByUser = { id: 'bob', displayName: 'Bob' };
    expect(ownerOf({ createdByUser })).toBe('bob');
    expect(ownerOf({ createdByUser, properties: { 'cm:owner': 'carol' } })).toBe('carol');
    expect(ownerOf({ createdByUser, properties: { 'cm:owner': { id: 'dave', displayName: 'Dave' } } })).toBe('dave');
  });
});
