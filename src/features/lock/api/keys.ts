import { NODES_KEY } from '../../../lib/query-keys.ts';

/** Query keys of the lock feature; under the nodes root, so any node mutation refreshes them. */
export const lockKeys = {
  state: (nodeId: string) => [...NODES_KEY, 'lock', nodeId] as const,
};
