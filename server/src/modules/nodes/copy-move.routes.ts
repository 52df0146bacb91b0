import type { Handlers } from '../../http/routes.ts';
import type { CopyMoveService } from './copy-move.service.ts';
import type { NodesPresenter } from './nodes.presenter.ts';
import type { NodesService } from './nodes.service.ts';

type CopyMoveHandlers = Pick<Handlers, 'copyNode' | 'moveNode'>;

export function copyMoveRoutes(
  nodes: NodesService,
  copyMove: CopyMoveService,
  present: NodesPresenter,
): CopyMoveHandlers {
  return {
    async copyNode({ params, query, body, principal, reply }) {
      const source = await nodes.resolve(principal, params.nodeId);
      const target = await nodes.resolve(principal, body.targetParentId);
      const id = await copyMove.copy(principal, source, target, body.name || undefined);
      return reply.code(201).send(await present.one(principal, await nodes.load(id), query));
    },

    async moveNode({ params, query, body, principal }) {
      const node = await nodes.resolve(principal, params.nodeId);
      const target = await nodes.resolve(principal, body.targetParentId);
      await copyMove.move(principal, node, target, body.name || undefined);
      return present.one(principal, await nodes.load(node.id), query);
    },
  };
}
