import type { Handlers } from '../../../http/routes.ts';
import type { NodesPresenter } from '../nodes.presenter.ts';
import type { CopyMoveService } from './copy-move.service.ts';

type CopyMoveHandlers = Pick<Handlers, 'copyNode' | 'moveNode'>;

export function copyMoveRoutes(copyMove: CopyMoveService, present: NodesPresenter): CopyMoveHandlers {
  return {
    async copyNode({ params, query, body, principal, reply }) {
      const copy = await copyMove.copy(principal, params.nodeId, body.targetParentId, body.name || undefined);
      return reply.code(201).send(await present.one(principal, copy, query));
    },

    async moveNode({ params, query, body, principal }) {
      const moved = await copyMove.move(principal, params.nodeId, body.targetParentId, body.name || undefined);
      return present.one(principal, moved, query);
    },
  };
}
