import type { Db } from '../../db/database.ts';
import type { Principal } from '../../http/principal.ts';
import { Access, bitsFor } from '../permissions/access.ts';
import type { AclsRepository } from '../permissions/acls.repository.ts';
import type { EventsRepository, LoggedEvent } from './events.repository.ts';

/** An event as a stream sends it (the contract's `LiveEvent`). */
export interface LiveEvent {
  id: string;
  type: LoggedEvent['type'] | 'reset';
  at: string;
  nodeId?: string;
  parentId?: string;
  previousParentId?: string;
  /** The node's secondary parents now (folders that list it besides `parentId`) that the caller may read. */
  secondaryParentIds?: string[];
  groupId?: string;
}

interface Guard {
  ownerId: string | null;
  aclId: string | null;
}

/** A batch of events with what deciding who may read them needs, read once for every stream. */
export interface Batch {
  events: readonly LoggedEvent[];
  /** Live nodes' current owner and effective ACL (a node absent here is gone: the event's own decide). */
  live: ReadonlyMap<string, Guard>;
  /**
   * The live secondary parents of the nodes the events name, now (node -> folders): the first
   * `SECONDARY_PARENTS_CAP` of each, in the order it was filed in them.
   */
  secondaryParents: ReadonlyMap<string, readonly string[]>;
  grants: ReadonlyMap<string, { authorityId: string; bits: number }[]>;
}

export interface AccessDeps {
  db: Db;
  events: EventsRepository;
  acls: Pick<AclsRepository, 'grantsOfMany'>;
}

/**
 * Reads, for a batch of events, the current owner and ACL of the live nodes they name and,
 * side by side (one round trip), the first `SECONDARY_PARENTS_CAP` live secondary parents of
 * those nodes with the folders' owners and ACLs (one bounded query), and then the grants of all
 * those ACLs and of the ones the events recorded for the nodes that are gone.
 */
export async function prepareBatch(deps: AccessDeps, events: readonly LoggedEvent[]): Promise<Batch> {
  const { db } = deps;
  const nodeIds = events.flatMap((e) => (e.nodeId && !LINK_TYPES.has(e.type) ? [e.nodeId] : []));
  const ids = events.flatMap((e) => [e.nodeId, e.parentId, e.previousParentId]).filter((id) => id !== null);
  const [folders, guards] = await Promise.all([
    deps.events.secondaryParents(db, nodeIds),
    deps.events.liveGuards(db, ids),
  ]);
  const live = new Map<string, Guard>();
  const secondaryParents = new Map<string, string[]>();
  for (const g of [...guards, ...folders]) live.set(g.id, { ownerId: g.ownerId, aclId: g.aclId });
  for (const f of folders) secondaryParents.set(f.childId, [...(secondaryParents.get(f.childId) ?? []), f.id]);
  const aclIds = new Set<string>();
  for (const g of live.values()) if (g.aclId) aclIds.add(g.aclId);
  for (const e of events) if (e.aclId && !live.has(e.nodeId ?? '')) aclIds.add(e.aclId);
  const grants = await deps.acls.grantsOfMany(db, [...aclIds]);
  return { events, live, secondaryParents, grants };
}

/** A node filed in a folder as a secondary child, or taken out of it (`parentId`: that folder). */
const LINK_TYPES = new Set<LoggedEvent['type']>(['linked', 'unlinked']);

function readable(batch: Batch, principal: Principal, guard: Guard): boolean {
  if (principal.isAdmin || guard.ownerId === principal.id) return true;
  if (!guard.aclId) return false;
  return (bitsFor(batch.grants.get(guard.aclId) ?? [], principal.authorities) & Access.READ) !== 0;
}

/**
 * The event as this caller may see it, or undefined: checked now, at delivery, with the caller's
 * current authorities. A node event needs the node readable (a live node by its current ACL and
 * owner, a gone one by those it had when it went: only its deleted or purged event) and, when its folder is live, the folder readable too; a
 * folder that is gone or unreadable is left out of the event (an unreadable live folder drops it).
 * A node event names, besides, the node's secondary parents the caller may read now (their
 * listings show it), among its first `SECONDARY_PARENTS_CAP` (in the order it was filed in
 * them). A link event (linked, unlinked) is about the folder `parentId` it was filed in: it needs
 * that folder live and readable; of a gone node, only that folder is named.
 * A membership event goes to the person whose membership changed (or a member of the group that did).
 */
export function visibleEvent(batch: Batch, principal: Principal, e: LoggedEvent): LiveEvent | undefined {
  const base = { id: String(e.seq), type: e.type, at: new Date(e.at).toISOString() };
  if (e.type === 'membership') {
    if (!principal.isAdmin && !(e.memberId && principal.authorities.has(e.memberId))) return undefined;
    return { ...base, ...(e.groupId ? { groupId: e.groupId } : {}) };
  }
  if (!e.nodeId) return undefined;
  const live = batch.live.get(e.nodeId);
  if (LINK_TYPES.has(e.type) && !principal.isAdmin) {
    // About its folder: one gone since (its own event says it) leaves nothing to say.
    if (!e.parentId || !batch.live.has(e.parentId)) return undefined;
    if (!live) return folderOnly(batch, principal, e, base);
  }
  // A gone node is decided by the ACL it had when it went, so only the event of its going is sent:
  // an earlier event records the ACL the node had after that change (permissions, place and ACL
  // are written in one update), but a change above it since may have changed what it inherits.
  if (!live && e.type !== 'deleted' && e.type !== 'purged' && !principal.isAdmin) return undefined;
  const node = live ?? { ownerId: e.ownerId, aclId: e.aclId };
  if (!readable(batch, principal, node)) return undefined;
  const parent = e.parentId ? batch.live.get(e.parentId) : undefined;
  if (parent && !readable(batch, principal, parent)) return undefined;
  const previous = e.previousParentId ? batch.live.get(e.previousParentId) : undefined;
  const secondary = (batch.secondaryParents.get(e.nodeId) ?? []).filter((id) => {
    const folder = batch.live.get(id);
    return id !== e.parentId && folder !== undefined && readable(batch, principal, folder);
  });
  return {
    ...base,
    nodeId: e.nodeId,
    ...(parent && e.parentId ? { parentId: e.parentId } : {}),
    ...(previous && e.previousParentId && readable(batch, principal, previous)
      ? { previousParentId: e.previousParentId }
      : {}),
    ...(secondary.length > 0 && !LINK_TYPES.has(e.type) ? { secondaryParentIds: secondary } : {}),
  };
}

/**
 * A link event of a node that is gone (deleted for good, which takes its links with it, or
 * trashed since): its folder's listing changed, but the node can no longer be judged by its
 * current ACL, so only the folder is named, when the caller may read it and could read the node
 * by the owner and ACL the row recorded (a node never readable leaves its folder's listing as the
 * caller saw it). Rows written before migration 0023 of a node deleted for good recorded neither:
 * their folder is named to its readers.
 */
function folderOnly(batch: Batch, principal: Principal, e: LoggedEvent, base: Omit<LiveEvent, 'nodeId'>) {
  const folder = e.parentId ? batch.live.get(e.parentId) : undefined;
  if (!folder || !e.parentId || !readable(batch, principal, folder)) return undefined;
  const recorded = e.ownerId !== null || e.aclId !== null;
  if (recorded && !readable(batch, principal, { ownerId: e.ownerId, aclId: e.aclId })) return undefined;
  return { ...base, parentId: e.parentId };
}
