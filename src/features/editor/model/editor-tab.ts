import type { Node } from '../api/types.ts';

export const TABS = ['properties', 'permissions', 'versions', 'secondary-children'] as const;
export type EditorTab = (typeof TABS)[number];

export const TAB_LABELS: Record<EditorTab, string> = {
  properties: 'Properties',
  permissions: 'Permissions',
  versions: 'Versions',
  'secondary-children': 'Secondary children',
};

/** The tabs a node has: versions for files, secondary children for folders or nodes that have some. */
export function availableTabs(node: Pick<Node, 'isFile' | 'isFolder'>, hasSecondaryChildren: boolean): EditorTab[] {
  return TABS.filter(
    (tab) =>
      (tab !== 'versions' || node.isFile) && (tab !== 'secondary-children' || node.isFolder || hasSecondaryChildren),
  );
}

/** `?tab=` when it names an available tab, else the first one. */
export function currentTab(search: URLSearchParams, available: readonly EditorTab[]): EditorTab {
  const wanted = search.get('tab');
  return available.find((tab) => tab === wanted) ?? 'properties';
}

/** The node's owner: `cm:owner` when set, else its creator (as the repository decides). */
export function ownerOf(node: Pick<Node, 'properties' | 'createdByUser'>): string {
  const owner = node.properties?.['cm:owner'];
  if (typeof owner === 'string') return owner;
  if (typeof owner === 'object' && owner !== null && 'id' in owner && typeof owner.id === 'string') return owner.id;
  return node.createdByUser.id;
}
