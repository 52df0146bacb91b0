import { isUniqueViolation, type Db, type DbOrTx } from '../../../db/database.ts';
import { badRequest, conflict, integrity, invalidProperty, notFound } from '../../../http/errors.ts';
import { parseWhere, type WhereClause } from '../../../http/where.ts';
import type { Principal } from '../../../http/principal.ts';
import { Access } from '../../permissions/access.ts';
import type { NodeGate } from '../core/gate.service.ts';
import type { NodeRecord, NodesRepository } from '../core/nodes.repository.ts';
import { nodeErrors } from '../core/nodes.errors.ts';
import { lockNodeGraph, type AssocPair, type AssociationsRepository } from '../core/associations.repository.ts';

/** Child association types of the built-in model (a folder contains any node). */
export const CHILD_ASSOC_TYPES = new Set(['cm:contains']);
/** Peer association types of the built-in model. */
export const PEER_ASSOC_TYPES = new Set(['cm:references', 'cm:attachments', 'cm:original']);

function checkType(assocType: string | undefined, known: Set<string>): string {
  if (!assocType) throw badRequest('assocType is expected');
  if (!/^[A-Za-z][\w-]*:[\w.-]+$/.test(assocType)) throw badRequest(`${assocType} isn't a valid QName.`);
  if (assocType.startsWith('sys:') || !known.has(assocType)) throw badRequest(`Unknown assocType: ${assocType}`);
  return assocType;
}

/** `where=(assocType='…')`, and for parents also `isPrimary=true|false`. */
export function assocFilter(
  where: WhereClause | undefined,
  known: Set<string>,
  allowIsPrimary = false,
): { assocType?: string; isPrimary?: boolean } {
  const filter: { assocType?: string; isPrimary?: boolean } = {};
  for (const p of where?.predicates ?? []) {
    if (p.kind !== 'compare' || p.operator !== '=' || p.not || (where!.join === 'OR' && where!.predicates.length > 1)) {
      throw badRequest(`Unsupported predicate on ${p.property}`);
    }
    if (p.property === 'assocType') filter.assocType = checkType(p.value, known);
    else if (allowIsPrimary && p.property === 'isPrimary' && (p.value === 'true' || p.value === 'false')) {
      filter.isPrimary = p.value === 'true';
    } else {
      throw invalidProperty(
        `The property '${p.property}' with value '${p.value}' isn't supported for EQUALS comparison`,
      );
    }
  }
  return filter;
}

/** An associated node with its association, as the association endpoints list them. */
export interface Related {
  node: NodeRecord;
  assocType: string;
  isPrimary?: boolean;
}

export interface ListPage {
  where: string | undefined;
  skipCount: number;
  maxItems: number;
}

const filterOf = (where: string | undefined, known: Set<string>, allowIsPrimary = false) =>
  assocFilter(where === undefined ? undefined : parseWhere(where), known, allowIsPrimary);

export function createAssociationsService(deps: {
  db: Db;
  gate: NodeGate;
  repos: { nodes: NodesRepository; associations: AssociationsRepository };
}) {
  const { db, gate, repos } = deps;

  /** A page of the associated nodes the caller may read (paged in memory, as Alfresco does). */
  async function readablePage<T extends Related>(principal: Principal, items: T[], page: ListPage) {
    const readable = new Set(
      (
        await gate.readable(
          principal,
          items.map((i) => i.node),
        )
      ).map((n) => n.id),
    );
    const visible = items.filter((i) => readable.has(i.node.id));
    return { items: visible.slice(page.skipCount, page.skipCount + page.maxItems), total: visible.length };
  }

  async function other(tx: DbOrTx, id: string): Promise<NodeRecord> {
    const node = await repos.nodes.findById(tx, id);
    if (!node) throw nodeErrors.notFound(id);
    return node;
  }

  async function withNodes(pairs: AssocPair[]): Promise<{ node: NodeRecord; assocType: string }[]> {
    const nodes = await repos.nodes.findMany(
      db,
      pairs.map((p) => p.nodeId),
    );
    const byId = new Map(nodes.map((n) => [n.id, n]));
    return pairs.flatMap((p) => {
      const node = byId.get(p.nodeId);
      return node ? [{ node, assocType: p.assocType }] : [];
    });
  }

  const links = {
    /** Files `childId` under `parent` too. 409 when already there, 422 when the model forbids it. */
    async addSecondaryChild(parent: NodeRecord, childId: string, assocType: string, tx?: DbOrTx): Promise<void> {
      checkType(assocType, CHILD_ASSOC_TYPES);
      // The cycle check and the insert run in one transaction, after every other change of the
      // graph's shape (two opposite additions cannot both pass).
      const add = async (t: DbOrTx) => {
        await lockNodeGraph(t);
        const child = await other(t, childId);
        if (!parent.isFolder)
          throw integrity(`Found 1 integrity violations: ${parent.nodeType} cannot have ${assocType} children`);
        if (child.parentId === parent.id) throw conflict(`${child.id} is already a primary child of ${parent.id}`);
        if (await repos.associations.isAncestorOrSelf(t, child.id, parent.id)) {
          throw badRequest(`Cyclic child relationship: ${child.id} is ${parent.id} or one of its parents`);
        }
        try {
          await repos.associations.addSecondary(t, parent.id, child.id, assocType);
        } catch (error) {
          if (isUniqueViolation(error))
            throw conflict(`Association already exists: ${parent.id} ${assocType} ${child.id}`);
          throw error;
        }
      };
      if (tx) await add(tx);
      else await db.transaction().execute(add);
    },

    async removeSecondaryChild(parent: NodeRecord, childId: string, assocType: string | undefined): Promise<void> {
      if (assocType) checkType(assocType, CHILD_ASSOC_TYPES);
      const child = await other(db, childId);
      if (child.parentId === parent.id && (!assocType || assocType === 'cm:contains')) {
        const secondary = await repos.associations.secondaryChildren(db, parent.id, assocType);
        if (!secondary.some((s) => s.nodeId === child.id))
          throw badRequest('The primary association cannot be removed here; move or delete the node');
      }
      if ((await repos.associations.removeSecondary(db, parent.id, child.id, assocType)) === 0) {
        throw notFound(`Secondary child association ${parent.id} -> ${childId}`);
      }
    },

    async secondaryChildren(parent: NodeRecord, assocType?: string) {
      return withNodes(await repos.associations.secondaryChildren(db, parent.id, assocType));
    },

    /** The primary parent (isPrimary true) and the secondary ones. */
    async parents(child: NodeRecord, filter: { assocType?: string; isPrimary?: boolean }) {
      const result: { node: NodeRecord; assocType: string; isPrimary: boolean }[] = [];
      if (child.parentId && filter.isPrimary !== false && (!filter.assocType || filter.assocType === 'cm:contains')) {
        result.push({ node: await other(db, child.parentId), assocType: 'cm:contains', isPrimary: true });
      }
      if (filter.isPrimary !== true) {
        for (const p of await withNodes(await repos.associations.secondaryParents(db, child.id, filter.assocType))) {
          result.push({ ...p, isPrimary: false });
        }
      }
      return result;
    },

    async addTarget(source: NodeRecord, targetId: string, assocType: string, tx: DbOrTx = db): Promise<void> {
      checkType(assocType, PEER_ASSOC_TYPES);
      const target = await other(tx, targetId);
      try {
        await repos.associations.addPeer(tx, source.id, target.id, assocType);
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict(`Association already exists: ${source.id} ${assocType} ${target.id}`);
        throw error;
      }
    },

    async removeTarget(source: NodeRecord, targetId: string, assocType: string | undefined): Promise<void> {
      if (assocType) checkType(assocType, PEER_ASSOC_TYPES);
      if ((await repos.associations.removePeer(db, source.id, targetId, assocType)) === 0) {
        throw notFound(`Association ${source.id} -> ${targetId}`);
      }
    },

    async targets(source: NodeRecord, assocType?: string) {
      return withNodes(await repos.associations.targets(db, source.id, assocType));
    },

    async sources(target: NodeRecord, assocType?: string) {
      return withNodes(await repos.associations.sources(db, target.id, assocType));
    },
  };

  return {
    /** For a create's secondaryChildren and targets (nodes.service.ts): the ends were checked by the caller. */
    addSecondaryChild: links.addSecondaryChild,
    addTarget: links.addTarget,

    async listSecondaryChildren(principal: Principal, nodeId: string, page: ListPage) {
      const parent = await gate.resolve(principal, nodeId);
      const filter = filterOf(page.where, CHILD_ASSOC_TYPES);
      const items = (await links.secondaryChildren(parent, filter.assocType)).map((i) => ({ ...i, isPrimary: false }));
      return { parent, ...(await readablePage(principal, items, page)) };
    },

    /** Each child (readable by the caller) filed under the parent (ADD_CHILDREN there), in turn. */
    async addSecondaryChildren(principal: Principal, nodeId: string, items: { childId: string; assocType: string }[]) {
      const parent = await gate.resolve(principal, nodeId);
      await gate.require(principal, parent, Access.ADD_CHILDREN);
      for (const item of items) {
        await gate.resolve(principal, item.childId);
        await links.addSecondaryChild(parent, item.childId, item.assocType);
      }
    },

    async removeSecondaryChild(principal: Principal, nodeId: string, childId: string, assocType: string | undefined) {
      const parent = await gate.resolve(principal, nodeId);
      await gate.require(principal, parent, Access.ADD_CHILDREN);
      await links.removeSecondaryChild(parent, childId, assocType);
    },

    async listParents(principal: Principal, nodeId: string, page: ListPage) {
      const child = await gate.resolve(principal, nodeId);
      const filter = filterOf(page.where, CHILD_ASSOC_TYPES, true);
      return readablePage(principal, await links.parents(child, filter), page);
    },

    async listTargets(principal: Principal, nodeId: string, page: ListPage) {
      const source = await gate.resolve(principal, nodeId);
      const filter = filterOf(page.where, PEER_ASSOC_TYPES);
      return readablePage(principal, await links.targets(source, filter.assocType), page);
    },

    /** Each target (readable by the caller) associated with the source (WRITE there), in turn. */
    async addTargets(principal: Principal, nodeId: string, items: { targetId: string; assocType: string }[]) {
      const source = await gate.resolve(principal, nodeId);
      await gate.require(principal, source, Access.WRITE);
      for (const item of items) {
        await gate.resolve(principal, item.targetId);
        await links.addTarget(source, item.targetId, item.assocType);
      }
    },

    async removeTarget(principal: Principal, nodeId: string, targetId: string, assocType: string | undefined) {
      const source = await gate.resolve(principal, nodeId);
      await gate.require(principal, source, Access.WRITE);
      await links.removeTarget(source, targetId, assocType);
    },

    async listSources(principal: Principal, nodeId: string, page: ListPage) {
      const target = await gate.resolve(principal, nodeId);
      const filter = filterOf(page.where, PEER_ASSOC_TYPES);
      return readablePage(principal, await links.sources(target, filter.assocType), page);
    },
  };
}

export type AssociationsService = ReturnType<typeof createAssociationsService>;
