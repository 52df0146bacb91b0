import type { Handlers } from '../../http/routes.ts';
import type { NodesPresenter } from '../nodes/nodes.presenter.ts';
import type { NodesService } from '../nodes/nodes.service.ts';
import type { LocksService } from './locks.service.ts';

type LockHandlers = Pick<Handlers, 'lockNode' | 'unlockNode'>;

export function locksRoutes(nodes: NodesService, locks: LocksService, present: NodesPresenter): LockHandlers {
  return {
    async lockNode({ params, query, body, principal }) {
      const node = await nodes.resolve(principal, params.nodeId);
      await locks.lock(principal, node, body ?? {});
      return present.one(principal, await nodes.load(node.id), query);
    },

    async unlockNode({ params, query, principal }) {
      const node = await nodes.resolve(principal, params.nodeId);
      await locks.unlock(principal, node);
      return present.one(principal, await nodes.load(node.id), query);
    },
  };
}
