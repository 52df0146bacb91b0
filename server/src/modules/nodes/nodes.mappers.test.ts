import { describe, expect, it } from 'vitest';
import { toNodeJson, toPathInfo } from './nodes.mappers.ts';
import type { NodeRecord } from './core/nodes.repository.ts';

const base: NodeRecord = {
  id: 'n1',
  parentId: 'p1',
  name: 'a.txt',
  nodeType: 'cm:content',
  isFolder: false,
  isFile: true,
  systemKey: null,
  contentId: 'c1',
  mimeType: 'text/plain',
  encoding: 'UTF-8',
  sizeInBytes: 5,
  aspects: ['cm:auditable', 'sys:referenceable', 'cm:titled'],
  properties: { 'cm:title': 'T', 'cm:description': '', 'cm:addressees': [] },
  createdAt: Date.UTC(2024, 4, 11, 9, 15, 2, 123),
  createdBy: { id: 'u1', displayName: 'User One' },
  modifiedAt: Date.UTC(2024, 4, 11, 9, 15, 2, 123),
  modifiedBy: { id: 'u1', displayName: 'User One' },
  lock: null,
  permissions: { inherit: true, local: [] },
  ownerId: 'u1',
  aclId: 'p1',
};

describe('toNodeJson', () => {
  it('writes Alfresco dates, drops sys: aspects and empty property values', () => {
    const json = toNodeJson(base, { full: true, include: new Set() });
    expect(json.createdAt).toBe('2024-05-11T09:15:02.123+0000');
    expect(json.aspectNames).toEqual(['cm:auditable', 'cm:titled']);
    expect(json.properties).toEqual({ 'cm:title': 'T' });
    expect(json.content).toEqual({
      mimeType: 'text/plain',
      mimeTypeName: 'Plain Text',
      sizeInBytes: 5,
      encoding: 'UTF-8',
    });
  });

  it('gives list entries no aspectNames or properties unless included', () => {
    const json = toNodeJson(base, { full: false, include: new Set() });
    expect(json).not.toHaveProperty('aspectNames');
    expect(json).not.toHaveProperty('properties');
    expect(toNodeJson(base, { full: false, include: new Set(['properties']) }).properties).toEqual({ 'cm:title': 'T' });
  });

  it('omits parentId for the root and content for folders', () => {
    const folder = toNodeJson(
      { ...base, parentId: null, isFile: false, isFolder: true, nodeType: 'cm:folder' },
      {
        full: true,
        include: new Set(),
      },
    );
    expect(folder).not.toHaveProperty('parentId');
    expect(folder).not.toHaveProperty('content');
  });

  it('omits an empty allowableOperations list', () => {
    const json = toNodeJson(base, { full: true, include: new Set(['allowableOperations']), allowableOperations: [] });
    expect(json).not.toHaveProperty('allowableOperations');
  });
});

describe('locks in node JSON', () => {
  const locked: NodeRecord = {
    ...base,
    lock: {
      owner: 'u1',
      ownerDisplayName: 'User One',
      type: 'FULL',
      lifetime: 'PERSISTENT',
      expiresAt: Date.UTC(2030, 0, 1),
    },
  };

  it('shows cm:lockable with the lock properties and isLocked on request', () => {
    const json = toNodeJson(locked, { full: true, include: new Set(['isLocked']) });
    expect(json.aspectNames).toContain('cm:lockable');
    expect(json.properties).toMatchObject({
      'cm:lockType': 'READ_ONLY_LOCK',
      'cm:lockOwner': { id: 'u1', displayName: 'User One' },
      'cm:lockLifetime': 'PERSISTENT',
      'cm:expiryDate': '2030-01-01T00:00:00.000+0000',
    });
    expect(json.isLocked).toBe(true);
  });

  it('reports an expired lock as not locked but keeps its properties', () => {
    const expired = { ...locked, lock: { ...locked.lock!, expiresAt: Date.UTC(2020, 0, 1) } };
    const json = toNodeJson(expired, { full: true, include: new Set(['isLocked']) });
    expect(json.isLocked).toBe(false);
    expect(json.properties).toHaveProperty('cm:lockType');
  });
});

describe('toPathInfo', () => {
  it('is empty for Company Home and lists ancestors otherwise', () => {
    expect(toPathInfo([])).toEqual({});
    expect(
      toPathInfo([
        { id: 'r', name: 'Company Home', nodeType: 'cm:folder', aspects: ['cm:auditable'] },
        { id: 'f', name: 'Docs', nodeType: 'cm:folder', aspects: [] },
      ]),
    ).toEqual({
      name: '/Company Home/Docs',
      isComplete: true,
      elements: [
        { id: 'r', name: 'Company Home', nodeType: 'cm:folder', aspectNames: ['cm:auditable'] },
        { id: 'f', name: 'Docs', nodeType: 'cm:folder' },
      ],
    });
  });
});
