import type { ChildrenParams } from '../model/browse-params.ts';

/** Query keys of the folder browser; mutations invalidate through these. */
export const nodeKeys = {
  all: ['nodes'] as const,
  node: (nodeId: string) => [...nodeKeys.all, 'node', nodeId] as const,
  childrenOf: (nodeId: string) => [...nodeKeys.all, 'children', nodeId] as const,
  children: (nodeId: string, params: ChildrenParams) => [...nodeKeys.childrenOf(nodeId), params] as const,
};
