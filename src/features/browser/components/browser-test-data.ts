/** Nodes and pages as the API answers them, for the browser's component tests. */

export const testUser = { id: 'admin', displayName: 'Administrator' };

/** A file the administrator may change, with `over` on top. */
export const aNode = (over: Record<string, unknown>) => ({
  nodeType: 'cm:content',
  isFolder: false,
  isFile: true,
  createdAt: '2026-11-22T10:00:00.000+0000',
  modifiedAt: '2026-11-22T10:00:00.000+0000',
  createdByUser: testUser,
  modifiedByUser: testUser,
  allowableOperations: ['delete', 'update', 'create'],
  ...over,
});

/** The folder `f1`, "Projects", below Company Home. */
export const projectsFolder = aNode({
  id: 'f1',
  name: 'Projects',
  nodeType: 'cm:folder',
  isFolder: true,
  isFile: false,
  path: { elements: [{ id: 'root', name: 'Company Home', nodeType: 'cm:folder' }] },
});

/** One page of a listing holding every entry. */
export const onePage = (entries: unknown[]) => ({
  list: {
    pagination: { count: entries.length, hasMoreItems: false, totalItems: entries.length, skipCount: 0, maxItems: 50 },
    entries: entries.map((entry) => ({ entry })),
  },
});
