import { PEOPLE_KEY } from '../../../lib/query-keys.ts';

/**
 * Query keys of the node editor. They live under the app's `['nodes']` root, so a change made
 * here (a rename, new content) can refresh every node view at once through `nodeRoot`.
 */
export const nodeRoot = ['nodes'] as const;

export interface SecondaryChildrenParams {
  skipCount: number;
  maxItems: number;
  assocType: string | undefined;
  includeSource: boolean;
}

export const editorKeys = {
  all: [...nodeRoot, 'editor'] as const,
  node: (nodeId: string) => [...editorKeys.all, 'node', nodeId] as const,
  versions: (nodeId: string) => [...editorKeys.all, 'versions', nodeId] as const,
  secondaryChildrenOf: (nodeId: string) => [...editorKeys.all, 'secondary-children', nodeId] as const,
  secondaryChildren: (nodeId: string, params: SecondaryChildrenParams) =>
    [...editorKeys.secondaryChildrenOf(nodeId), params] as const,
  aspects: ['model', 'aspects'] as const,
  type: (typeId: string) => ['model', 'types', typeId] as const,
  myGroups: (userId: string) => [...PEOPLE_KEY, '-me-', userId, 'groups'] as const,
  groups: ['groups', 'all'] as const,
};
