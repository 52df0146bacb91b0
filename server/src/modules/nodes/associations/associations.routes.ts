import type { FastifyReply } from 'fastify';
import { listEnvelope, pagingParam } from '../../../http/params.ts';
import type { Handlers } from '../../../http/routes.ts';
import type { NodesPresenter } from '../nodes.presenter.ts';
import type { AssociationsService, Related } from './associations.service.ts';

type AssociationHandlers = Pick<
  Handlers,
  | 'listSecondaryChildren'
  | 'createSecondaryChildAssociation'
  | 'deleteSecondaryChildAssociation'
  | 'listParents'
  | 'listTargetAssociations'
  | 'createAssociation'
  | 'deleteAssociation'
  | 'listSourceAssociations'
>;

interface ListQuery {
  skipCount?: number;
  maxItems?: number;
  include?: string[];
  fields?: string[];
}

/** Bodies may be one object or an array (answered with a list). */
function created<T extends object>(body: T | T[], reply: FastifyReply) {
  if (!Array.isArray(body)) return reply.code(201).send({ entry: body });
  const paging = { skipCount: 0, maxItems: Math.max(100, body.length) };
  return reply.code(201).send(listEnvelope({ items: body, totalItems: body.length, paging }, (item) => item));
}

const asList = <T>(body: T | T[]): T[] => (Array.isArray(body) ? body : [body]);

type SecondaryChildHandlers = Pick<
  AssociationHandlers,
  'listSecondaryChildren' | 'createSecondaryChildAssociation' | 'deleteSecondaryChildAssociation' | 'listParents'
>;

/** The page's nodes as the list shows them, each with its association. */
async function entries(
  present: NodesPresenter,
  principal: Parameters<NodesPresenter['one']>[0],
  result: { items: Related[]; total: number },
  query: ListQuery,
) {
  const json = await present.related(principal, result.items, query);
  return { items: result.items.map((item, i) => ({ ...item, json: json[i]! })), total: result.total };
}

const listOf = (query: ListQuery & { where?: string }) => ({ where: query.where, ...pagingParam(query) });

export function associationsRoutes(associations: AssociationsService, present: NodesPresenter): AssociationHandlers {
  return { ...secondaryChildRoutes(associations, present), ...peerRoutes(associations, present) };
}

/** Secondary child associations, seen from the parent (children) and from the child (parents). */
function secondaryChildRoutes(associations: AssociationsService, present: NodesPresenter): SecondaryChildHandlers {
  return {
    async listSecondaryChildren({ params, query, principal }) {
      const paging = pagingParam(query);
      const { parent, ...result } = await associations.listSecondaryChildren(principal, params.nodeId, listOf(query));
      const { items, total } = await entries(present, principal, result, query);
      const source = query.includeSource ? present.source(parent) : undefined;
      return listEnvelope({ items, totalItems: total, paging }, (e) => e.json, source);
    },

    async createSecondaryChildAssociation({ params, body, principal, reply }) {
      await associations.addSecondaryChildren(principal, params.nodeId, asList(body));
      return created(body, reply);
    },

    async deleteSecondaryChildAssociation({ params, query, principal, reply }) {
      await associations.removeSecondaryChild(principal, params.nodeId, params.childId, query.assocType);
      return reply.code(204).send();
    },

    async listParents({ params, query, principal }) {
      const paging = pagingParam(query);
      const page = await entries(
        present,
        principal,
        await associations.listParents(principal, params.nodeId, listOf(query)),
        query,
      );
      return listEnvelope({ items: page.items, totalItems: page.total, paging }, (e) => e.json);
    },
  };
}

/** Peer associations, seen from the source (targets) and from the target (sources). */
function peerRoutes(
  associations: AssociationsService,
  present: NodesPresenter,
): Omit<AssociationHandlers, keyof SecondaryChildHandlers> {
  return {
    async listTargetAssociations({ params, query, principal }) {
      const paging = pagingParam(query);
      const page = await entries(
        present,
        principal,
        await associations.listTargets(principal, params.nodeId, listOf(query)),
        query,
      );
      return listEnvelope({ items: page.items, totalItems: page.total, paging }, (e) => e.json);
    },

    async createAssociation({ params, body, principal, reply }) {
      await associations.addTargets(principal, params.nodeId, asList(body));
      return created(body, reply);
    },

    async deleteAssociation({ params, query, principal, reply }) {
      await associations.removeTarget(principal, params.nodeId, params.targetId, query.assocType);
      return reply.code(204).send();
    },

    async listSourceAssociations({ params, query, principal }) {
      const paging = pagingParam(query);
      const page = await entries(
        present,
        principal,
        await associations.listSources(principal, params.nodeId, listOf(query)),
        query,
      );
      return listEnvelope({ items: page.items, totalItems: page.total, paging }, (e) => e.json);
    },
  };
}
