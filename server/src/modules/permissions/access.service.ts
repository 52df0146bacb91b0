import type { Db, DbOrTx } from '../../db/database.ts';
import type { Principal } from '../../http/principal.ts';
import { permissionDenied } from '../../http/errors.ts';
import { Access, bitsFor, FULL_CONTROL } from './access.ts';
import type { AclsRepository } from './acls.repository.ts';

/** What access checks need of a node. */
export interface Guarded {
  id: string;
  ownerId: string;
  aclId: string;
}

/** The caller as SQL filters see them: their own nodes, and ACLs granting one of their authorities. */
export interface Readers {
  ownerId: string;
  authorities: string[];
}

/** Who may read a folder's children, for filtering listings in SQL; undefined when the caller may read everything. */
export interface ReadFilter extends Readers {
  /** Whether the folder's ACL lets the caller read (its files without an ACL of their own use it). */
  folderReadable: boolean;
}

const ACTIONS: Record<number, string> = {
  [Access.READ]: 'read',
  [Access.WRITE]: 'change',
  [Access.ADD_CHILDREN]: 'add children to',
  [Access.DELETE]: 'delete',
  [Access.READ_PERMISSIONS]: 'read the permissions of',
  [Access.CHANGE_PERMISSIONS]: 'change the permissions of',
  [Access.UNLOCK]: 'unlock',
};

export interface AccessDeps {
  db: Db;
  acls: AclsRepository;
}

/**
 * The caller's bits on the node. Inside a transaction pass it as `via`: on PostgreSQL a query on
 * `db` takes a second pool connection while the transaction holds one, and enough concurrent
 * transactions waiting so would exhaust the pool.
 */
async function bits(deps: AccessDeps, principal: Principal, node: Guarded, via: DbOrTx): Promise<number> {
  if (principal.isAdmin || node.ownerId === principal.id) return FULL_CONTROL;
  return bitsFor(await deps.acls.grantsOf(via, node.aclId), principal.authorities);
}

/**
 * Bits per node id, with one query for all the ACLs involved. Inside a transaction pass it as
 * `via`: on SQLite the transaction holds the only writable connection, so a query on `db`
 * would wait for it forever.
 */
async function bitsOfMany(
  deps: AccessDeps,
  principal: Principal,
  nodes: readonly Guarded[],
  via: DbOrTx,
): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  if (principal.isAdmin) {
    for (const n of nodes) result.set(n.id, FULL_CONTROL);
    return result;
  }
  const grants = await deps.acls.grantsOfMany(
    via,
    nodes.filter((n) => n.ownerId !== principal.id).map((n) => n.aclId),
  );
  for (const n of nodes) {
    result.set(
      n.id,
      n.ownerId === principal.id ? FULL_CONTROL : bitsFor(grants.get(n.aclId) ?? [], principal.authorities),
    );
  }
  return result;
}

/** 403 unless the caller holds the bit on the node (`via`: as for bits). */
async function requireBit(deps: AccessDeps, principal: Principal, node: Guarded, bit: number, via: DbOrTx) {
  if (((await bits(deps, principal, node, via)) & bit) !== bit) {
    throw permissionDenied(`${principal.id} may not ${ACTIONS[bit] ?? 'do this to'} ${node.id}`);
  }
}

/** The nodes the caller may read, in their order (`via`: as for bitsOfMany). */
async function readable<T extends Guarded>(
  deps: AccessDeps,
  principal: Principal,
  nodes: readonly T[],
  via: DbOrTx,
): Promise<T[]> {
  const map = await bitsOfMany(deps, principal, nodes, via);
  return nodes.filter((n) => ((map.get(n.id) ?? 0) & Access.READ) !== 0);
}

/** How to filter a folder's children for the caller (ownership of the folder is not inherited). */
async function readFilter(deps: AccessDeps, principal: Principal, folder: Guarded): Promise<ReadFilter | undefined> {
  if (principal.isAdmin) return undefined;
  const folderBits = bitsFor(await deps.acls.grantsOf(deps.db, folder.aclId), principal.authorities);
  return {
    ownerId: principal.id,
    authorities: [...principal.authorities],
    folderReadable: (folderBits & Access.READ) !== 0,
  };
}

/**
 * The caller's access to nodes: administrators and owners have full control; everyone else has
 * what the grants of the node's ACL give their authorities (the person, GROUP_EVERYONE, groups).
 */
export function createAccessService(deps: AccessDeps) {
  const { db } = deps;
  return {
    bits: (principal: Principal, node: Guarded, via: DbOrTx = db) => bits(deps, principal, node, via),

    bitsOfMany: (principal: Principal, nodes: readonly Guarded[], via: DbOrTx = db) =>
      bitsOfMany(deps, principal, nodes, via),

    async has(principal: Principal, node: Guarded, bit: number, via: DbOrTx = db): Promise<boolean> {
      return ((await bits(deps, principal, node, via)) & bit) === bit;
    },

    require: (principal: Principal, node: Guarded, bit: number, via: DbOrTx = db): Promise<void> =>
      requireBit(deps, principal, node, bit, via),

    readable: <T extends Guarded>(principal: Principal, nodes: readonly T[], via: DbOrTx = db): Promise<T[]> =>
      readable(deps, principal, nodes, via),

    /** Undefined for administrators (no filter). */
    readers(principal: Principal): Readers | undefined {
      return principal.isAdmin ? undefined : { ownerId: principal.id, authorities: [...principal.authorities] };
    },

    readFilter: (principal: Principal, folder: Guarded) => readFilter(deps, principal, folder),
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
