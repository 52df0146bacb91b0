import { NODES_KEY } from '../../../lib/query-keys.ts';
import type { ChildrenParams } from '../model/browse-params.ts';

/** Query keys of the folder browser; mutations invalidate through these. */
export const nodeKeys = {
  all: NODES_KEY,
  node: (nodeId: string) => [...nodeKeys.all, 'node', nodeId] as const,
  childrenOf: (nodeId: string) => [...nodeKeys.all, 'children', nodeId] as const,
  children: (nodeId: string, params: ChildrenParams) => [...nodeKeys.childrenOf(nodeId), params] as const,
  /** The folders the folder picker lists inside one folder. */
  foldersIn: (nodeId: string) => [...nodeKeys.all, 'folders', nodeId] as const,
};
