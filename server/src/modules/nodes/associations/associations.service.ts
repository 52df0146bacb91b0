import type { DbOrTx } from '../../../db/database.ts';
import type { Principal } from '../../../http/principal.ts';
import { Access } from '../../permissions/access.ts';
import type { NodeGate } from '../core/gate.service.ts';
import type { NodeRecord } from '../core/nodes.repository.ts';
import * as links from './association-links.ts';
import { CHILD_ASSOC_TYPES, filterOf, PEER_ASSOC_TYPES } from './assoc-types.ts';

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

export interface AssociationsDeps extends links.LinkDeps {
  gate: NodeGate;
}

/** A page of the associated nodes the caller may read (paged in memory, as Alfresco does). */
async function readablePage<T extends Related>(gate: NodeGate, principal: Principal, items: T[], page: ListPage) {
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

async function listSecondaryChildren(deps: AssociationsDeps, principal: Principal, nodeId: string, page: ListPage) {
  const parent = await deps.gate.resolve(principal, nodeId);
  const filter = filterOf(page.where, CHILD_ASSOC_TYPES);
  const items = (await links.secondaryChildren(deps, parent, filter.assocType)).map((i) => ({
    ...i,
    isPrimary: false,
  }));
  return { parent, ...(await readablePage(deps.gate, principal, items, page)) };
}

/**
 * Each child (readable by the caller) filed under the parent (ADD_CHILDREN there), in turn, in
 * one transaction: all of them or none (Alfresco runs a request in one transaction).
 */
async function addSecondaryChildren(
  deps: AssociationsDeps,
  principal: Principal,
  nodeId: string,
  items: { childId: string; assocType: string }[],
) {
  const parent = await deps.gate.resolve(principal, nodeId);
  await deps.gate.require(principal, parent, Access.ADD_CHILDREN);
  for (const item of items) await deps.gate.resolve(principal, item.childId);
  await deps.db.transaction().execute(async (tx) => {
    for (const item of items) await links.addSecondaryChild(deps, parent, item.childId, item.assocType, tx);
  });
}

async function removeSecondaryChild(
  deps: AssociationsDeps,
  principal: Principal,
  nodeId: string,
  childId: string,
  assocType: string | undefined,
) {
  const parent = await deps.gate.resolve(principal, nodeId);
  await deps.gate.require(principal, parent, Access.ADD_CHILDREN);
  await links.removeSecondaryChild(deps, parent, childId, assocType);
}

async function listParents(deps: AssociationsDeps, principal: Principal, nodeId: string, page: ListPage) {
  const child = await deps.gate.resolve(principal, nodeId);
  const filter = filterOf(page.where, CHILD_ASSOC_TYPES, true);
  return readablePage(deps.gate, principal, await links.parents(deps, child, filter), page);
}

async function listTargets(deps: AssociationsDeps, principal: Principal, nodeId: string, page: ListPage) {
  const source = await deps.gate.resolve(principal, nodeId);
  const filter = filterOf(page.where, PEER_ASSOC_TYPES);
  return readablePage(deps.gate, principal, await links.targets(deps, source, filter.assocType), page);
}

/** Each target (readable by the caller) associated with the source (WRITE there), in turn: all or none. */
async function addTargets(
  deps: AssociationsDeps,
  principal: Principal,
  nodeId: string,
  items: { targetId: string; assocType: string }[],
) {
  const source = await deps.gate.resolve(principal, nodeId);
  await deps.gate.require(principal, source, Access.WRITE);
  for (const item of items) await deps.gate.resolve(principal, item.targetId);
  await deps.db.transaction().execute(async (tx) => {
    for (const item of items) await links.addTarget(deps, source, item.targetId, item.assocType, tx);
  });
}

async function removeTarget(
  deps: AssociationsDeps,
  principal: Principal,
  nodeId: string,
  targetId: string,
  assocType: string | undefined,
) {
  const source = await deps.gate.resolve(principal, nodeId);
  await deps.gate.require(principal, source, Access.WRITE);
  await links.removeTarget(deps, source, targetId, assocType);
}

async function listSources(deps: AssociationsDeps, principal: Principal, nodeId: string, page: ListPage) {
  const target = await deps.gate.resolve(principal, nodeId);
  const filter = filterOf(page.where, PEER_ASSOC_TYPES);
  return readablePage(deps.gate, principal, await links.sources(deps, target, filter.assocType), page);
}

export function createAssociationsService(deps: AssociationsDeps) {
  return {
    /** For a create's secondaryChildren and targets (nodes.service.ts): the ends were checked by the caller. */
    addSecondaryChild: (parent: NodeRecord, childId: string, assocType: string, tx?: DbOrTx) =>
      links.addSecondaryChild(deps, parent, childId, assocType, tx),
    addTarget: (source: NodeRecord, targetId: string, assocType: string, tx?: DbOrTx) =>
      links.addTarget(deps, source, targetId, assocType, tx),

    listSecondaryChildren: (principal: Principal, nodeId: string, page: ListPage) =>
      listSecondaryChildren(deps, principal, nodeId, page),
    addSecondaryChildren: (principal: Principal, nodeId: string, items: { childId: string; assocType: string }[]) =>
      addSecondaryChildren(deps, principal, nodeId, items),
    removeSecondaryChild: (principal: Principal, nodeId: string, childId: string, assocType: string | undefined) =>
      removeSecondaryChild(deps, principal, nodeId, childId, assocType),
    listParents: (principal: Principal, nodeId: string, page: ListPage) => listParents(deps, principal, nodeId, page),
    listTargets: (principal: Principal, nodeId: string, page: ListPage) => listTargets(deps, principal, nodeId, page),
    addTargets: (principal: Principal, nodeId: string, items: { targetId: string; assocType: string }[]) =>
      addTargets(deps, principal, nodeId, items),
    removeTarget: (principal: Principal, nodeId: string, targetId: string, assocType: string | undefined) =>
      removeTarget(deps, principal, nodeId, targetId, assocType),
    listSources: (principal: Principal, nodeId: string, page: ListPage) => listSources(deps, principal, nodeId, page),
  };
}

export type AssociationsService = ReturnType<typeof createAssociationsService>;
