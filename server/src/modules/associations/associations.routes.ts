import type { FastifyReply } from 'fastify';
import { listEnvelope, pagingParam } from '../../http/params.ts';
import { Access } from '../permissions/access.ts';
import type { Handlers } from '../../http/routes.ts';
import { parseWhere } from '../../http/where.ts';
import type { NodesPresenter } from '../nodes/nodes.presenter.ts';
import type { NodeRecord } from '../nodes/nodes.repository.ts';
import type { NodesService } from '../nodes/nodes.service.ts';
import { assocFilter, CHILD_ASSOC_TYPES, PEER_ASSOC_TYPES, type AssociationsService } from './associations.service.ts';

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

/** Bodies may be one object or an array (answered with a list); each item is created in turn. */
async function createEach<T extends object>(body: T | T[], reply: FastifyReply, create: (item: T) => Promise<void>) {
  const items = Array.isArray(body) ? body : [body];
  for (const item of items) await create(item);
  if (!Array.isArray(body)) return reply.code(201).send({ entry: body });
  const paging = { skipCount: 0, maxItems: Math.max(100, items.length) };
  return reply.code(201).send(listEnvelope({ items, totalItems: items.length, paging }, (item) => item));
}

export function associationsRoutes(
  nodes: NodesService,
  associations: AssociationsService,
  present: NodesPresenter,
): AssociationHandlers {
  /** A page of associated nodes, each with its association (paged in memory, as Alfresco does). */
  const page = async (
    principal: Parameters<NodesPresenter['one']>[0],
    items: { node: NodeRecord; assocType: string; isPrimary?: boolean }[],
    query: ListQuery,
  ) => {
    const paging = pagingParam(query);
    const readable = new Set(
      (
        await nodes.readable(
          principal,
          items.map((i) => i.node),
        )
      ).map((n) => n.id),
    );
    const visible = items.filter((i) => readable.has(i.node.id));
    const slice = visible.slice(paging.skipCount, paging.skipCount + paging.maxItems);
    const json = await present.related(principal, slice, query);
    const entries = slice.map((item, i) => ({ ...item, json: json[i]! }));
    return { paging, entries, total: visible.length };
  };

  return {
    async listSecondaryChildren({ params, query, principal }) {
      const parent = await nodes.resolve(principal, params.nodeId);
      const filter = assocFilter(query.where === undefined ? undefined : parseWhere(query.where), CHILD_ASSOC_TYPES);
      const items = (await associations.secondaryChildren(parent, filter.assocType)).map((i) => ({
        ...i,
        isPrimary: false,
      }));
      const { paging, entries, total } = await page(principal, items, query);
      const source = query.includeSource ? present.source(parent) : undefined;
      return listEnvelope({ items: entries, totalItems: total, paging }, (e) => e.json, source);
    },

    async createSecondaryChildAssociation({ params, body, principal, reply }) {
      const parent = await nodes.resolve(principal, params.nodeId);
      await nodes.require(principal, parent, Access.ADD_CHILDREN);
      return createEach(body, reply, async (item) => {
        await nodes.resolve(principal, item.childId);
        await associations.addSecondaryChild(parent, item.childId, item.assocType);
      });
    },

    async deleteSecondaryChildAssociation({ params, query, principal, reply }) {
      const parent = await nodes.resolve(principal, params.nodeId);
      await nodes.require(principal, parent, Access.ADD_CHILDREN);
      await associations.removeSecondaryChild(parent, params.childId, query.assocType);
      return reply.code(204).send();
    },

    async listParents({ params, query, principal }) {
      const child = await nodes.resolve(principal, params.nodeId);
      const filter = assocFilter(
        query.where === undefined ? undefined : parseWhere(query.where),
        CHILD_ASSOC_TYPES,
        true,
      );
      const { paging, entries, total } = await page(principal, await associations.parents(child, filter), query);
      return listEnvelope({ items: entries, totalItems: total, paging }, (e) => e.json);
    },

    async listTargetAssociations({ params, query, principal }) {
      const source = await nodes.resolve(principal, params.nodeId);
      const filter = assocFilter(query.where === undefined ? undefined : parseWhere(query.where), PEER_ASSOC_TYPES);
      const { paging, entries, total } = await page(
        principal,
        await associations.targets(source, filter.assocType),
        query,
      );
      return listEnvelope({ items: entries, totalItems: total, paging }, (e) => e.json);
    },

    async createAssociation({ params, body, principal, reply }) {
      const source = await nodes.resolve(principal, params.nodeId);
      await nodes.require(principal, source, Access.WRITE);
      return createEach(body, reply, async (item) => {
        await nodes.resolve(principal, item.targetId);
        await associations.addTarget(source, item.targetId, item.assocType);
      });
    },

    async deleteAssociation({ params, query, principal, reply }) {
      const source = await nodes.resolve(principal, params.nodeId);
      await nodes.require(principal, source, Access.WRITE);
      await associations.removeTarget(source, params.targetId, query.assocType);
      return reply.code(204).send();
    },

    async listSourceAssociations({ params, query, principal }) {
      const target = await nodes.resolve(principal, params.nodeId);
      const filter = assocFilter(query.where === undefined ? undefined : parseWhere(query.where), PEER_ASSOC_TYPES);
      const { paging, entries, total } = await page(
        principal,
        await associations.sources(target, filter.assocType),
        query,
      );
      return listEnvelope({ items: entries, totalItems: total, paging }, (e) => e.json);
    },
  };
}
