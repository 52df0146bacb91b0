import type { DbOrTx } from '../../../db/database.ts';
import type { Principal } from '../../../http/principal.ts';
import { Access } from '../../permissions/access.ts';
import type { NodeGate } from '../core/gate.service.ts';
import type { AssocEnd } from '../core/associations.repository.ts';
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

/** A page of the nodes at the other end of the node's associations that the caller may read. */
function pageOf(
  deps: AssociationsDeps,
  principal: Principal,
  end: AssocEnd,
  node: NodeRecord,
  page: ListPage,
  assocType?: string,
) {
  return links.linkedPage(deps, end, node, {
    assocType,
    readers: deps.gate.readers(principal),
    skip: page.skipCount,
    limit: page.maxItems,
  });
}

async function listSecondaryChildren(deps: AssociationsDeps, principal: Principal, nodeId: string, page: ListPage) {
  const parent = await deps.gate.resolve(principal, nodeId);
  const filter = filterOf(page.where, CHILD_ASSOC_TYPES);
  const { items, total } = await pageOf(deps, principal, 'secondaryChildren', parent, page, filter.assocType);
  return { parent, items: items.map((i) => ({ ...i, isPrimary: false })), total };
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

/** The primary parent first (isPrimary true, when the caller may read it), then the secondary ones. */
async function listParents(
  deps: AssociationsDeps,
  principal: Principal,
  nodeId: string,
  page: ListPage,
): Promise<{ items: Related[]; total: number }> {
  const child = await deps.gate.resolve(principal, nodeId);
  const filter = filterOf(page.where, CHILD_ASSOC_TYPES, true);
  const primary: Related[] = [];
  if (child.parentId && filter.isPrimary !== false && (!filter.assocType || filter.assocType === 'cm:contains')) {
    const parent = await deps.gate.load(child.parentId);
    if ((await deps.gate.readable(principal, [parent])).length > 0) {
      primary.push({ node: parent, assocType: 'cm:contains', isPrimary: true });
    }
  }
  const onPage = primary.slice(page.skipCount, page.skipCount + page.maxItems);
  if (filter.isPrimary === true) return { items: onPage, total: primary.length };
  // The secondary parents' page, after the primary one when it is on this page.
  const secondary = await pageOf(
    deps,
    principal,
    'secondaryParents',
    child,
    { ...page, skipCount: Math.max(0, page.skipCount - primary.length), maxItems: page.maxItems - onPage.length },
    filter.assocType,
  );
  return {
    items: [...onPage, ...secondary.items.map((i) => ({ ...i, isPrimary: false }))],
    total: primary.length + secondary.total,
  };
}

async function listTargets(deps: AssociationsDeps, principal: Principal, nodeId: string, page: ListPage) {
  const source = await deps.gate.resolve(principal, nodeId);
  const filter = filterOf(page.where, PEER_ASSOC_TYPES);
  return pageOf(deps, principal, 'targets', source, page, filter.assocType);
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
  return pageOf(deps, principal, 'sources', target, page, filter.assocType);
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
