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
  grants: ReadonlyMap<string, { authorityId: string; bits: number }[]>;
}

export interface AccessDeps {
  db: Db;
  events: EventsRepository;
  acls: Pick<AclsRepository, 'grantsOfMany'>;
}

/** Reads, for a batch of events, the current owner and ACL of the live nodes they name and those ACLs' grants. */
export async function prepareBatch(deps: AccessDeps, events: readonly LoggedEvent[]): Promise<Batch> {
  const ids = events.flatMap((e) => [e.nodeId, e.parentId, e.previousParentId]).filter((id) => id !== null);
  const live = new Map<string, Guard>();
  for (const g of await deps.events.liveGuards(deps.db, ids)) live.set(g.id, { ownerId: g.ownerId, aclId: g.aclId });
  const aclIds = new Set<string>();
  for (const g of live.values()) if (g.aclId) aclIds.add(g.aclId);
  for (const e of events) if (e.aclId && !live.has(e.nodeId ?? '')) aclIds.add(e.aclId);
  const grants = await deps.acls.grantsOfMany(deps.db, [...aclIds]);
  return { events, live, grants };
}

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
  // A gone node is decided by the ACL it had when it went, so only the event of its going is sent:
  // an earlier event's ACL may be older than the change it records (a permissions event, or a
  // folder's move, is written before the node's new ACL is set).
  if (!live && e.type !== 'deleted' && e.type !== 'purged' && !principal.isAdmin) return undefined;
  const node = live ?? { ownerId: e.ownerId, aclId: e.aclId };
  if (!readable(batch, principal, node)) return undefined;
  const parent = e.parentId ? batch.live.get(e.parentId) : undefined;
  if (parent && !readable(batch, principal, parent)) return undefined;
  const previous = e.previousParentId ? batch.live.get(e.previousParentId) : undefined;
  return {
    ...base,
    nodeId: e.nodeId,
    ...(parent && e.parentId ? { parentId: e.parentId } : {}),
    ...(previous && e.previousParentId && readable(batch, principal, previous)
      ? { previousParentId: e.previousParentId }
      : {}),
  };
}
