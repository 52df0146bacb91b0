import { PostgresAdapter, sql, type Expression, type ExpressionBuilder, type Selectable, type SqlBool } from 'kysely';
import type { DbOrTx } from '../../../db/database.ts';
import { reusableQuery, reusableWrite } from '../../../db/reusable-query.ts';
import type { Database, NodesTable } from '../../../db/schema.ts';
import type { LockInfo } from './lock-state.ts';
import type { NodePermissions, PermissionEntry } from '../../permissions/permissions.ts';
import { aclNotReadable, aclReadable } from '../../permissions/acl-sql.ts';
import { createDisplayNames, type DisplayNames } from './display-names.ts';

export interface UserRef {
  id: string;
  displayName: string;
}

export interface NodeRecord {
  id: string;
  parentId: string | null;
  name: string;
  nodeType: string;
  isFolder: boolean;
  isFile: boolean;
  systemKey: string | null;
  contentId: string | null;
  mimeType: string | null;
  encoding: string | null;
  sizeInBytes: number | null;
  aspects: string[];
  properties: Record<string, unknown>;
  createdAt: number;
  createdBy: UserRef;
  modifiedAt: number;
  modifiedBy: UserRef;
  /** The lock, expired or not (an expired lock keeps its properties until unlock or relock). */
  lock: (LockInfo & { ownerDisplayName: string }) | null;
  permissions: NodePermissions;
  /** cm:owner when set, else the creator: owners have full control. */
  ownerId: string;
  /** The owner's display name, when the properties set cm:owner (shown as `{id, displayName}`). */
  ownerDisplayName?: string;
  /** The node whose ACL applies (this one or the nearest ancestor that defines one). */
  aclId: string;
}

/** A new row: names, flags and JSON columns are derived here. */
export interface NewNode {
  id: string;
  parentId: string | null;
  name: string;
  nodeType: string;
  isFolder: boolean;
  isFile: boolean;
  systemKey?: string | null;
  contentId?: string | null;
  mimeType?: string | null;
  encoding?: string | null;
  sizeInBytes?: number | null;
  aspects: string[];
  properties: Record<string, unknown>;
  createdAt: number;
  createdBy: string;
  /** Defaults to createdBy. */
  ownerId?: string;
  /** Defaults to the parent's ACL (a root uses its own id); a node that defines one is set up by the ACL service. */
  aclId?: string;
}

export interface NodePatch {
  name?: string;
  ownerId?: string;
  permissions?: NodePermissions;
  nodeType?: string;
  aspects?: string[];
  properties?: Record<string, unknown>;
  contentId?: string | null;
  mimeType?: string | null;
  encoding?: string | null;
  sizeInBytes?: number | null;
  modifiedAt: number;
  modifiedBy: string;
}

export interface ChildFilter {
  /** true: primary children only; false: secondary children only; absent: both. */
  primary?: boolean;
  isFolder?: boolean;
  isFile?: boolean;
  nodeTypes?: string[];
  /** No child can match (for example `isPrimary=false` while there are no secondary children). */
  none?: boolean;
}

export type SortColumn =
  | 'isFolder'
  | 'name'
  | 'mimeType'
  | 'nodeType'
  | 'sizeInBytes'
  | 'modifiedAt'
  | 'createdAt'
  | 'modifiedByUser'
  | 'createdByUser';

/** A listing's sort key: a column, or a property by its QName (`cm:title`). */
export type ChildSortKey = SortColumn | `${string}:${string}`;

export const nameKey = (name: string): string => name.toLowerCase();

/**
 * How a property orders nodes, the same in both databases: nodes without it (or with null) last,
 * then numbers by value, then the rest as lower-cased text in code-point order (SQLite's lower()
 * and PostgreSQL's under COLLATE "C" both fold ASCII only).
 */
function propertyOrder(
  db: DbOrTx,
  qname: string,
): { missing: Expression<unknown>; number: Expression<unknown>; text: Expression<unknown> } {
  const props = sql.ref('nodes.properties');
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const value = sql`(${props}::jsonb -> ${qname})`;
    return {
      missing: sql`(coalesce(jsonb_typeof(${value}), 'null') = 'null')`,
      number: sql`(case when jsonb_typeof(${value}) = 'number' then (${props}::jsonb ->> ${qname})::numeric end)`,
      text: sql`(lower(${props}::jsonb ->> ${qname}) collate "C")`,
    };
  }
  const path = `$."${qname}"`;
  return {
    missing: sql`(coalesce(json_type(${props}, ${path}), 'null') = 'null')`,
    number: sql`(case when json_type(${props}, ${path}) in ('integer', 'real') then json_extract(${props}, ${path}) end)`,
    text: sql`lower(cast(json_extract(${props}, ${path}) as text))`,
  };
}

/** A filtered listing with at most this many readable children sorts them instead of walking the folder. */
const SPARSE_LISTING = 5_000;

/** A node above another, for `path` (with what access checks need). */
export interface Ancestor {
  id: string;
  name: string;
  nodeType: string;
  aspects: string[];
  ownerId: string;
  aclId: string;
}

export interface SubtreeRow {
  id: string;
  contentId: string | null;
  systemKey: string | null;
  lockOwner: string | null;
  lockType: string | null;
  lockExpiresAt: number | null;
  /** Levels below the subtree's root (0 for the root). */
  depth: number;
}

/** Ids deleted per statement when a subtree is deleted bottom-up. */
const DELETE_BATCH = 500;

const deleteOneNode = reusableWrite<[string]>(1, (db, id) => db.deleteFrom('nodes').where('id', '=', id!));

function selectNodes(db: DbOrTx) {
  return db
    .selectFrom('nodes')
    .leftJoin('nodes as parent', 'parent.id', 'nodes.parentId')
    .selectAll('nodes')
    .select([
      // A file without an ACL of its own uses its folder's.
      sql<string>`coalesce(${sql.ref('nodes.aclId')}, ${sql.ref('parent.aclId')})`.as('effectiveAclId'),
    ]);
}

type Row = Selectable<NodesTable> & { effectiveAclId: string };

/** Display name by person id (people's names come from a cache, not a join: display-names.ts). */
type Names = (id: string) => string;

function toRecord(row: Row, name: Names): NodeRecord {
  return {
    id: row.id,
    parentId: row.parentId,
    name: row.name,
    nodeType: row.nodeType,
    isFolder: row.isFolder === 1,
    isFile: row.isFile === 1,
    systemKey: row.systemKey,
    contentId: row.contentId,
    mimeType: row.mimeType,
    encoding: row.encoding,
    sizeInBytes: row.sizeInBytes,
    aspects: JSON.parse(row.aspects) as string[],
    properties: JSON.parse(row.properties) as Record<string, unknown>,
    createdAt: row.createdAt,
    createdBy: { id: row.createdBy, displayName: name(row.createdBy) },
    modifiedAt: row.modifiedAt,
    modifiedBy: { id: row.modifiedBy, displayName: name(row.modifiedBy) },
    lock:
      row.lockOwner === null
        ? null
        : {
            owner: row.lockOwner,
            ownerDisplayName: name(row.lockOwner),
            type: row.lockType === 'FULL' ? 'FULL' : 'ALLOW_OWNER_CHANGES',
            lifetime: row.lockLifetime === 'EPHEMERAL' ? 'EPHEMERAL' : 'PERSISTENT',
            expiresAt: row.lockExpiresAt,
          },
    permissions: {
      inherit: row.inheritPermissions === 1,
      local: JSON.parse(row.localPermissions) as PermissionEntry[],
    },
    ownerId: row.ownerId,
    ...(setsOwner(row) ? { ownerDisplayName: name(row.ownerId) } : {}),
    aclId: row.effectiveAclId,
  };
}

/** Whether the stored properties hold cm:owner (a text search: cheaper than parsing them twice). */
const setsOwner = (row: Row) => row.properties.includes('"cm:owner"');

const SORT_EXPRESSIONS: Record<SortColumn, Expression<unknown>> = {
  isFolder: sql.ref('nodes.isFolder'),
  name: sql.ref('nodes.nameKey'),
  mimeType: sql`coalesce(${sql.ref('nodes.mimeType')}, '')`,
  nodeType: sql.ref('nodes.nodeType'),
  sizeInBytes: sql`coalesce(${sql.ref('nodes.sizeInBytes')}, -1)`,
  modifiedAt: sql.ref('nodes.modifiedAt'),
  createdAt: sql.ref('nodes.createdAt'),
  modifiedByUser: sql.ref('nodes.modifiedBy'),
  createdByUser: sql.ref('nodes.createdBy'),
};

const addToChildCount = reusableWrite<[number, string]>(2, (db, delta, parentId) =>
  db
    .updateTable('nodes')
    .set((eb) => ({ childCount: eb('childCount', '+', delta as unknown as number) }))
    .where('id', '=', parentId!),
);

async function adjustChildCount(db: DbOrTx, parentId: string, delta: number): Promise<void> {
  await addToChildCount(db, delta, parentId);
}

/** The columns of a new node row, in the order insertNodeRow takes them. */
const NEW_NODE_COLUMNS = [
  'id',
  'parentId',
  'name',
  'nameKey',
  'nodeType',
  'isFolder',
  'isFile',
  'systemKey',
  'contentId',
  'mimeType',
  'encoding',
  'sizeInBytes',
  'aspects',
  'properties',
  'createdAt',
  'createdBy',
  'modifiedAt',
  'modifiedBy',
  'ownerId',
] as const;

/**
 * Inserts a node row: the values of NEW_NODE_COLUMNS, then the ACL it stores (or null), then the
 * folder whose ACL it takes instead (or null).
 */
const insertNodeRow = reusableWrite<unknown[]>(NEW_NODE_COLUMNS.length + 2, (db, ...p) => {
  const aclId = p[NEW_NODE_COLUMNS.length]!;
  const aclOf = p[NEW_NODE_COLUMNS.length + 1]!;
  const row: Record<string, unknown> = Object.fromEntries(NEW_NODE_COLUMNS.map((column, i) => [column, p[i]]));
  row.aclId = sql<string>`coalesce(${aclId}, (select acl_id from nodes where id = ${aclOf}))`;
  return db.insertInto('nodes').values(row as never);
});

export function createNodesRepository(names: DisplayNames = createDisplayNames()) {
  /** Rows to records, with the display names of the people they mention. */
  async function records(db: DbOrTx, rows: Row[]): Promise<NodeRecord[]> {
    if (rows.length === 0) return [];
    const ids = rows.flatMap((r) => [
      r.createdBy,
      r.modifiedBy,
      ...(r.lockOwner ? [r.lockOwner] : []),
      ...(setsOwner(r) ? [r.ownerId] : []),
    ]);
    const name = await names.resolve(db, ids);
    return rows.map((r) => toRecord(r, name));
  }

  // The hottest lookup of all: rows are remembered until the database changes (records are built
  // afresh from them each time, so no caller shares an object with another).
  const byId = reusableQuery<Row, [string]>(1, (db, id) => selectNodes(db).where('nodes.id', '=', id!), {
    remember: true,
  });
  const bySystemKey = reusableQuery<Row, [string]>(1, (db, key) => selectNodes(db).where('nodes.systemKey', '=', key!));
  const childByName = reusableQuery<Row, [string, string]>(2, (db, parentId, key) =>
    selectNodes(db).where('nodes.parentId', '=', parentId!).where('nodes.nameKey', '=', key!),
  );
  const first = async (db: DbOrTx, result: { rows: Row[] }) => (await records(db, result.rows.slice(0, 1)))[0];

  return {
    async findById(db: DbOrTx, id: string): Promise<NodeRecord | undefined> {
      return first(db, await byId(db, id));
    },

    /**
     * The node as it is now, its row locked until the transaction ends (PostgreSQL: changes and
     * locks of the node on any instance wait for each other, so a check made on this record holds
     * for the writes that follow; SQLite's one writer already runs transactions one by one).
     */
    async lockRow(tx: DbOrTx, id: string): Promise<NodeRecord | undefined> {
      if (tx.getExecutor().adapter instanceof PostgresAdapter) {
        await tx.selectFrom('nodes').select('id').where('id', '=', id).forNoKeyUpdate().execute();
      }
      return first(tx, await byId(tx, id));
    },

    /**
     * The record of a file just inserted by `insert` (same transaction), as findById would read it
     * back: what insert wrote and the columns' defaults. Spares a create reading its node again.
     */
    async inserted(db: DbOrTx, node: NewNode, effectiveAclId: string): Promise<NodeRecord> {
      const row: Row = {
        id: node.id,
        parentId: node.parentId,
        name: node.name,
        nameKey: nameKey(node.name),
        nodeType: node.nodeType,
        isFolder: node.isFolder ? 1 : 0,
        isFile: node.isFile ? 1 : 0,
        systemKey: node.systemKey ?? null,
        contentId: node.contentId ?? null,
        mimeType: node.mimeType ?? null,
        encoding: node.encoding ?? null,
        sizeInBytes: node.sizeInBytes ?? null,
        aspects: JSON.stringify(node.aspects),
        properties: JSON.stringify(node.properties),
        createdAt: node.createdAt,
        createdBy: node.createdBy,
        modifiedAt: node.createdAt,
        modifiedBy: node.createdBy,
        childCount: 0,
        lockOwner: null,
        lockType: null,
        lockLifetime: null,
        lockExpiresAt: null,
        inheritPermissions: 1,
        localPermissions: '[]',
        ownerId: node.ownerId ?? node.createdBy,
        historyBytes: 0,
        aclId: node.aclId ?? null,
        effectiveAclId: node.aclId ?? effectiveAclId,
      };
      return (await records(db, [row]))[0]!;
    },

    /** Nodes by id, in the order of the ids (unknown ids are skipped). */
    async findMany(db: DbOrTx, ids: readonly string[]): Promise<NodeRecord[]> {
      if (ids.length === 0) return [];
      const rows = await selectNodes(db)
        .where('nodes.id', 'in', [...ids])
        .execute();
      const byId = new Map((await records(db, rows as Row[])).map((r) => [r.id, r]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    async findBySystemKey(db: DbOrTx, key: string): Promise<NodeRecord | undefined> {
      return first(db, await bySystemKey(db, key));
    },

    async findChildByName(db: DbOrTx, parentId: string, name: string): Promise<NodeRecord | undefined> {
      return first(db, await childByName(db, parentId, nameKey(name)));
    },

    /** Which of these names (compared case-insensitively) are taken under the parent. */
    async takenNames(db: DbOrTx, parentId: string, names: string[]): Promise<Set<string>> {
      if (names.length === 0) return new Set();
      const rows = await db
        .selectFrom('nodes')
        .select('nameKey')
        .where('parentId', '=', parentId)
        .where('nameKey', 'in', names.map(nameKey))
        .execute();
      return new Set(rows.map((r) => r.nameKey));
    },

    async listChildren(
      db: DbOrTx,
      parentId: string,
      options: {
        filter: ChildFilter;
        sort: { column: ChildSortKey; ascending: boolean }[];
        skip: number;
        limit: number;
        /**
         * Only children this caller may read: owned, or an ACL granting one of the authorities
         * READ; `folderReadable` says whether the folder's own ACL does (files without an ACL of
         * their own use it).
         */
        readable?: { ownerId: string; authorities: string[]; folderReadable: boolean };
      },
    ): Promise<{ items: NodeRecord[]; total: number }> {
      const { filter } = options;
      if (filter.none || filter.nodeTypes?.length === 0) return { items: [], total: 0 };
      // Secondary children are listed too (a node filed here twice appears once).
      const withSecondary =
        filter.primary !== true &&
        (await db.selectFrom('secondaryChildren').select('childId').where('parentId', '=', parentId).limit(1).execute())
          .length > 0;
      if (filter.primary === false && !withSecondary) return { items: [], total: 0 };
      // 'any': readable by the caller. 'acl', 'inherited' and 'ownedOnly' are disjoint parts of
      // that which count fast on their own indexes (SQLite does not plan the OR of them well
      // without statistics): an ACL of their own that lets the caller read, the folder's ACL
      // doing so, and the caller's own nodes that neither lets them read.
      type Part = 'any' | 'acl' | 'inherited' | 'ownedOnly';
      const where = (eb: ExpressionBuilder<Database, 'nodes'>, access: Part = 'any') => {
        const secondary = () =>
          eb('nodes.id', 'in', eb.selectFrom('secondaryChildren').select('childId').where('parentId', '=', parentId));
        const membership =
          filter.primary === false
            ? secondary()
            : withSecondary
              ? eb.or([eb('nodes.parentId', '=', parentId), secondary()])
              : eb('nodes.parentId', '=', parentId);
        const conditions: Expression<SqlBool>[] = [membership];
        if (filter.isFolder !== undefined) conditions.push(eb('nodes.isFolder', '=', filter.isFolder ? 1 : 0));
        if (filter.isFile !== undefined) conditions.push(eb('nodes.isFile', '=', filter.isFile ? 1 : 0));
        if (filter.nodeTypes) conditions.push(eb('nodes.nodeType', 'in', filter.nodeTypes));
        const { readable } = options;
        if (readable) {
          const readableAcl = (acl: Expression<unknown>) => aclReadable(acl, readable.authorities);
          const owned = eb('nodes.ownerId', '=', readable.ownerId);
          const own = readableAcl(sql.ref('nodes.aclId'));
          // Null for a file using its folder's ACL, so `not own` needs both tests.
          const notOwn = aclNotReadable(sql.ref('nodes.aclId'), readable.authorities);
          const inherits = eb('nodes.aclId', 'is', null);
          if (withSecondary) {
            // A secondary child's folder ACL is its primary parent's, not this folder's.
            const effective = sql`coalesce(${sql.ref('nodes.aclId')}, (select p.acl_id from nodes p where p.id = ${sql.ref('nodes.parentId')}))`;
            conditions.push(eb.or([owned, readableAcl(effective)]));
          } else if (access === 'any') {
            conditions.push(eb.or([owned, own, ...(readable.folderReadable ? [inherits] : [])]));
          } else if (access === 'acl') {
            conditions.push(own);
          } else if (access === 'inherited') {
            conditions.push(readable.folderReadable ? inherits : eb.lit(false));
          } else {
            const unreadable = readable.folderReadable ? notOwn : eb.or([inherits, notOwn]);
            conditions.push(owned, unreadable);
          }
        }
        return eb.and(conditions);
      };
      // The page is chosen on the index alone; the people joins run for its rows only.
      type Orderable = { orderBy(e: Expression<unknown>, d: 'asc' | 'desc'): Orderable };
      const order = <Q extends Orderable>(q: Q): Q => {
        let ordered: Orderable = q;
        const seen = new Set<ChildSortKey>();
        for (const s of [...options.sort, { column: 'name' as const, ascending: true }]) {
          if (seen.has(s.column)) continue;
          seen.add(s.column);
          if (s.column.includes(':')) {
            // Nodes without the property come last and numbers before text, whichever the direction.
            const by = propertyOrder(db, s.column);
            const direction = s.ascending ? 'asc' : 'desc';
            ordered = ordered.orderBy(by.missing, 'asc');
            ordered = ordered.orderBy(sql`(${by.number} is null)`, 'asc');
            ordered = ordered.orderBy(by.number, direction);
            ordered = ordered.orderBy(by.text, direction);
          } else {
            ordered = ordered.orderBy(SORT_EXPRESSIONS[s.column as SortColumn], s.ascending ? 'asc' : 'desc');
          }
        }
        return ordered.orderBy(sql.ref('nodes.id'), 'asc') as Q;
      };
      const count = async (access: Part) => {
        const counted = await db
          .selectFrom('nodes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where((eb) => where(eb, access))
          .executeTakeFirstOrThrow();
        return Number(counted.n);
      };
      const parts = options.readable && !withSecondary;
      // A filtered listing counts first (cheap, per part): when few children are readable, the
      // page is chosen among those instead of walking the folder in order until enough match,
      // which in a large folder could mean reading most of it.
      const partTotal = parts
        ? (await count('acl')) + (await count('inherited')) + (await count('ownedOnly'))
        : undefined;
      const candidates =
        partTotal !== undefined && partTotal <= SPARSE_LISTING
          ? db
              .selectFrom('nodes')
              .select('nodes.id')
              .where((eb) => where(eb, 'acl'))
              .unionAll(
                db
                  .selectFrom('nodes')
                  .select('nodes.id')
                  .where((eb) => where(eb, 'inherited')),
              )
              .unionAll(
                db
                  .selectFrom('nodes')
                  .select('nodes.id')
                  .where((eb) => where(eb, 'ownedOnly')),
              )
          : undefined;
      const pageIds = order(
        candidates
          ? db.selectFrom('nodes').select('nodes.id').where('nodes.id', 'in', candidates)
          : db.selectFrom('nodes').select('nodes.id').where(where),
      )
        .limit(options.limit)
        .offset(options.skip);
      const rows = await order(selectNodes(db).where('nodes.id', 'in', pageIds as never)).execute();
      const unfiltered =
        !withSecondary &&
        !options.readable &&
        filter.isFolder === undefined &&
        filter.isFile === undefined &&
        !filter.nodeTypes;
      let total: number;
      if (partTotal !== undefined) {
        total = partTotal;
      } else if (rows.length < options.limit && (options.skip === 0 || rows.length > 0)) {
        total = options.skip + rows.length;
      } else if (unfiltered) {
        const parent = await db
          .selectFrom('nodes')
          .select('childCount')
          .where('id', '=', parentId)
          .executeTakeFirstOrThrow();
        total = Number(parent.childCount);
      } else {
        total = await count('any');
      }
      return { items: await records(db, rows as Row[]), total };
    },

    /** Ancestors from the root down to the parent (the node itself excluded). */
    async ancestors(db: DbOrTx, id: string): Promise<Ancestor[]> {
      const result = await sql<Omit<Ancestor, 'aspects'> & { aspects: string; depth: number }>`
        with recursive anc (id, parent_id, name, node_type, aspects, owner_id, acl_id, depth) as (
          select id, parent_id, name, node_type, aspects, owner_id, acl_id, 0 from nodes where id = ${id}
          union all
          select n.id, n.parent_id, n.name, n.node_type, n.aspects, n.owner_id, n.acl_id, anc.depth + 1
          from nodes n join anc on n.id = anc.parent_id
        )
        select id, name, node_type, aspects, owner_id, acl_id, depth from anc where depth > 0 order by depth desc`.execute(
        db,
      );
      return result.rows.map((r) => ({
        id: r.id,
        name: r.name,
        nodeType: r.nodeType,
        aspects: JSON.parse(r.aspects) as string[],
        ownerId: r.ownerId,
        aclId: r.aclId,
      }));
    },

    /** The permissions set on each ancestor, nearest first (for inherited permissions). */
    async permissionChain(db: DbOrTx, id: string): Promise<NodePermissions[]> {
      const result = await sql<{ inheritPermissions: number; localPermissions: string }>`
        with recursive anc (id, parent_id, inherit_permissions, local_permissions, depth) as (
          select id, parent_id, inherit_permissions, local_permissions, 0 from nodes where id = ${id}
          union all
          select n.id, n.parent_id, n.inherit_permissions, n.local_permissions, anc.depth + 1
          from nodes n join anc on n.id = anc.parent_id
        )
        select inherit_permissions, local_permissions from anc where depth > 0 order by depth`.execute(db);
      return result.rows.map((r) => ({
        inherit: Number(r.inheritPermissions) === 1,
        local: JSON.parse(r.localPermissions) as PermissionEntry[],
      }));
    },

    /**
     * Ids of the node and all its descendants (with their depth below it), with the content they
     * reference and their locks. On PostgreSQL the rows are locked for the caller's transaction
     * (it deletes them): a lock being taken inside the tree is waited for and then seen.
     */
    async subtree(db: DbOrTx, id: string): Promise<SubtreeRow[]> {
      const forUpdate = db.getExecutor().adapter instanceof PostgresAdapter ? sql`for update of n` : sql``;
      const result = await sql<SubtreeRow>`
        with recursive sub (id, depth) as (
          select id, 0 from nodes where id = ${id}
          union all
          select n.id, sub.depth + 1 from nodes n join sub on n.parent_id = sub.id
        )
        select n.id, n.content_id, n.system_key, n.lock_owner, n.lock_type, n.lock_expires_at, sub.depth
        from nodes n join sub on n.id = sub.id ${forUpdate}`.execute(db);
      return result.rows.map((r) => ({ ...r, depth: Number(r.depth) }));
    },

    /**
     * How many levels below the root (Company Home: 0) the node is, counted up to `bound` at most:
     * a walk up the primary parents that stops there, so it costs the same in a tree of any depth.
     */
    async depth(db: DbOrTx, id: string, bound: number): Promise<number> {
      const result = await sql<{ d: number | string | null }>`
        with recursive up (parent_id, d) as (
          select parent_id, 0 from nodes where id = ${id}
          union all
          select n.parent_id, up.d + 1 from nodes n join up on n.id = up.parent_id where up.d < ${bound}
        )
        select max(d) as d from up`.execute(db);
      return Number(result.rows[0]?.d ?? 0);
    },

    /**
     * How many levels of folders lie below a folder (0 without subfolders), counted up to `bound`
     * at most: the walk goes through folders only and stops there.
     */
    async folderHeight(db: DbOrTx, id: string, bound: number): Promise<number> {
      const result = await sql<{ d: number | string | null }>`
        with recursive down (id, d) as (
          select id, 0 from nodes where id = ${id} and is_folder = 1
          union all
          select n.id, down.d + 1 from nodes n join down on n.parent_id = down.id
          where n.is_folder = 1 and down.d < ${bound}
        )
        select max(d) as d from down`.execute(db);
      return Number(result.rows[0]?.d ?? 0);
    },

    /**
     * Inserts a node and counts it in its parent's child_count (same transaction as the caller's).
     * The count comes first: it locks the parent's row before the insert's foreign key check does,
     * as a delete of the parent locks it before its children (one order, no deadlock).
     */
    async insert(db: DbOrTx, node: NewNode): Promise<void> {
      if (node.parentId) await adjustChildCount(db, node.parentId, 1);
      // A folder stores the ACL it inherits; a file inherits its folder's without storing it.
      const inheritsFrom = node.aclId === undefined && node.parentId && node.isFolder ? node.parentId : null;
      await insertNodeRow(
        db,
        node.id,
        node.parentId,
        node.name,
        nameKey(node.name),
        node.nodeType,
        node.isFolder ? 1 : 0,
        node.isFile ? 1 : 0,
        node.systemKey ?? null,
        node.contentId ?? null,
        node.mimeType ?? null,
        node.encoding ?? null,
        node.sizeInBytes ?? null,
        JSON.stringify(node.aspects),
        JSON.stringify(node.properties),
        node.createdAt,
        node.createdBy,
        node.createdAt,
        node.createdBy,
        node.ownerId ?? node.createdBy,
        node.aclId ?? (node.parentId ? null : node.id),
        inheritsFrom,
      );
    },

    /** The raw rows of the children of these folders (for copying a tree level by level). */
    async childRows(db: DbOrTx, parentIds: readonly string[]): Promise<Selectable<NodesTable>[]> {
      if (parentIds.length === 0) return [];
      return db
        .selectFrom('nodes')
        .selectAll()
        .where('parentId', 'in', [...parentIds])
        .execute();
    },

    /**
     * Inserts copied rows as they are, in batches. The caller counts them in their parents
     * (child_count).
     */
    async insertRows(db: DbOrTx, rows: Selectable<NodesTable>[]): Promise<void> {
      // SQLite allows 32,766 bound values per statement; 24 columns a row.
      for (let i = 0; i < rows.length; i += 500) {
        await db
          .insertInto('nodes')
          .values(rows.slice(i, i + 500))
          .execute();
      }
    },

    /** Moves a node under another parent (optionally renamed), keeping both child counts right. */
    async move(
      db: DbOrTx,
      node: NodeRecord,
      newParentId: string,
      newName: string,
      now: number,
      by: string,
    ): Promise<void> {
      await db
        .updateTable('nodes')
        .set({ parentId: newParentId, name: newName, nameKey: nameKey(newName), modifiedAt: now, modifiedBy: by })
        .where('id', '=', node.id)
        .execute();
      if (node.parentId !== newParentId) {
        if (node.parentId) await adjustChildCount(db, node.parentId, -1);
        await adjustChildCount(db, newParentId, 1);
      }
    },

    async countIn(db: DbOrTx, parentId: string, delta: number): Promise<void> {
      await adjustChildCount(db, parentId, delta);
    },

    /** Whether `candidate` is `ancestor` or lies below it. */
    async isInSubtree(db: DbOrTx, candidate: string, ancestor: string): Promise<boolean> {
      const result = await sql<{ id: string }>`
        with recursive up (id, parent_id) as (
          select id, parent_id from nodes where id = ${candidate}
          union all
          select n.id, n.parent_id from nodes n join up on n.id = up.parent_id
        )
        select id from up where id = ${ancestor}`.execute(db);
      return result.rows.length > 0;
    },

    /** Those of the candidates that are the ancestor or below it (by primary parents). */
    async inSubtree(db: DbOrTx, candidates: readonly string[], ancestor: string): Promise<Set<string>> {
      const found = new Set<string>();
      for (let i = 0; i < candidates.length; i += 500) {
        const ids = candidates.slice(i, i + 500);
        const result = await sql<{ startId: string }>`
          with recursive up (start_id, id, parent_id) as (
            select id, id, parent_id from nodes where id in (${sql.join(ids)})
            union all
            select up.start_id, n.id, n.parent_id from nodes n join up on n.id = up.parent_id
            where up.id <> ${ancestor}
          )
          select distinct start_id from up where id = ${ancestor}`.execute(db);
        for (const row of result.rows) found.add(row.startId);
      }
      return found;
    },

    /** Those of the ids that name an existing node. */
    async existing(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await db
          .selectFrom('nodes')
          .select('id')
          .where('id', 'in', ids.slice(i, i + 500))
          .execute();
        for (const row of rows) found.add(row.id);
      }
      return found;
    },

    async update(db: DbOrTx, id: string, patch: NodePatch): Promise<void> {
      const { name, aspects, properties, permissions, ...rest } = patch;
      await db
        .updateTable('nodes')
        .set({
          ...rest,
          ...(permissions !== undefined
            ? { inheritPermissions: permissions.inherit ? 1 : 0, localPermissions: JSON.stringify(permissions.local) }
            : {}),
          ...(name !== undefined ? { name, nameKey: nameKey(name) } : {}),
          ...(aspects !== undefined ? { aspects: JSON.stringify(aspects) } : {}),
          ...(properties !== undefined ? { properties: JSON.stringify(properties) } : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    async setLock(db: DbOrTx, id: string, lock: LockInfo | null): Promise<void> {
      await db
        .updateTable('nodes')
        .set({
          lockOwner: lock?.owner ?? null,
          lockType: lock?.type ?? null,
          lockLifetime: lock?.lifetime ?? null,
          lockExpiresAt: lock?.expiresAt ?? null,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Ephemeral locks do not outlive a server start. */
    async clearEphemeralLocks(db: DbOrTx): Promise<void> {
      await db
        .updateTable('nodes')
        .set({ lockOwner: null, lockType: null, lockLifetime: null, lockExpiresAt: null })
        .where('lockLifetime', '=', 'EPHEMERAL')
        .execute();
    },

    /** Deletes the node; its descendants go with it (ON DELETE CASCADE: for a leaf or a shallow tree). */
    async delete(db: DbOrTx, id: string, parentId: string | null): Promise<void> {
      await db.deleteFrom('nodes').where('id', '=', id).execute();
      if (parentId) await adjustChildCount(db, parentId, -1);
    },

    /**
     * Deletes a subtree (its rows as `subtree` read them) bottom-up, the deepest level first, so
     * that no delete finds children to cascade to. Left to ON DELETE CASCADE, each level of a chain
     * is a nested trigger program on SQLite: 1,000 levels is its limit ("too many levels of trigger
     * recursion"), and the time grows with the cube of the depth (600 levels: 10.7 s, on the
     * writer); PostgreSQL nests a foreign-key action per level too. Here every statement deletes
     * nodes whose children are gone already or deleted by the same statement: on SQLite one level
     * per statement (it may delete a parent before its child within one statement, which
     * cascades), on PostgreSQL any deepest-first batch (its foreign-key actions run after the
     * statement, when the children are gone). Related rows (versions, associations, ACLs,
     * favorites, renditions) still go by their own cascades, one level deep.
     */
    async deleteSubtree(
      db: DbOrTx,
      root: { id: string; parentId: string | null },
      rows: readonly Pick<SubtreeRow, 'id' | 'depth'>[],
    ): Promise<void> {
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      const ordered = [...rows].sort((a, b) => b.depth - a.depth);
      for (let i = 0; i < ordered.length; ) {
        const level = ordered[i]!.depth;
        let end = i + 1;
        while (end < ordered.length && end - i < DELETE_BATCH && (postgres || ordered[end]!.depth === level)) end += 1;
        if (end - i === 1) await deleteOneNode(db, ordered[i]!.id);
        else
          await db
            .deleteFrom('nodes')
            .where(
              'id',
              'in',
              ordered.slice(i, end).map((r) => r.id),
            )
            .execute();
        i = end;
      }
      if (root.parentId) await adjustChildCount(db, root.parentId, -1);
    },
  };
}

export type NodesRepository = ReturnType<typeof createNodesRepository>;
