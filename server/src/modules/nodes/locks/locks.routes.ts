import type { Handlers } from '../../../http/routes.ts';
import type { NodesPresenter } from '../nodes.presenter.ts';
import type { LocksService } from './locks.service.ts';

type LockHandlers = Pick<Handlers, 'lockNode' | 'unlockNode'>;

export function locksRoutes(locks: LocksService, present: NodesPresenter): LockHandlers {
  return {
    async lockNode({ params, query, body, principal }) {
      return present.one(principal, await locks.lock(principal, params.nodeId, body ?? {}), query);
    },

    async unlockNode({ params, query, principal }) {
      return present.one(principal, await locks.unlock(principal, params.nodeId), query);
    },
  };
}
