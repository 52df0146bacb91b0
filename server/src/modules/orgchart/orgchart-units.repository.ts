import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { type Params, reusableQuery } from '../../db/reusable-query.ts';
import type { ChildRow, NewUnit, UnitRow } from './orgchart.repository.ts';

const UNIT_COLUMNS = ['u.id', 'u.name', 'u.weight', 'u.parentId', 'u.groupId', 'g.nodeUuid as groupUuid'] as const;

const toUnit = (row: UnitRow): UnitRow => ({ ...row, weight: Number(row.weight) });

/** The hot unit lookups, compiled once per repository. */
function unitLookups() {
  return {
    unitByKey: reusableQuery((db, p: Params<{ key: string }>) =>
      db
        .selectFrom('orgchartUnits as u')
        .innerJoin('groups as g', 'g.id', 'u.groupId')
        .select(UNIT_COLUMNS)
        .where('u.idKey', '=', p.key),
    ),
    root: reusableQuery((db) =>
      db
        .selectFrom('orgchartUnits as u')
        .innerJoin('groups as g', 'g.id', 'u.groupId')
        .select(UNIT_COLUMNS)
        .where('u.parentId', 'is', null),
    ),
    childrenOf: reusableQuery((db, p: Params<{ parentId: string }>) =>
      db
        .selectFrom('orgchartUnits as u')
        .innerJoin('groups as g', 'g.id', 'u.groupId')
        .select(UNIT_COLUMNS)
        .select((eb) =>
          eb
            .exists(eb.selectFrom('orgchartUnits as c').select('c.id').whereRef('c.parentId', '=', 'u.id'))
            .as('hasChild'),
        )
        .where('u.parentId', '=', p.parentId)
        .orderBy('u.weight')
        .orderBy(sql`lower(u.name)`)
        .orderBy('u.id'),
    ),
  };
}

/** Units by id, the root, a unit's children: over lookups made once per repository. */
export function unitReads() {
  const { unitByKey, root, childrenOf } = unitLookups();
  return {
    async findUnit(db: DbOrTx, id: string): Promise<UnitRow | undefined> {
      const row = (await unitByKey(db, { key: id.toLowerCase() })).rows[0];
      return row && toUnit(row);
    },

    async findRoot(db: DbOrTx): Promise<UnitRow | undefined> {
      const row = (await root(db)).rows[0];
      return row && toUnit(row);
    },

    /** The direct subunits, by weight, then name (case-insensitively), then id. */
    async children(db: DbOrTx, parentId: string): Promise<ChildRow[]> {
      return (await childrenOf(db, { parentId })).rows.map((r) => ({
        ...toUnit(r),
        hasChild: r.hasChild === true || Number(r.hasChild) === 1,
      }));
    },
  };
}

export async function hasChildren(db: DbOrTx, id: string): Promise<boolean> {
  const row = await db.selectFrom('orgchartUnits').select('id').where('parentId', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** The unit and its ancestors' ids, up to the root. */
export async function lineage(db: DbOrTx, id: string): Promise<string[]> {
  const rows = await db
    .withRecursive('a(id, parentId)', (qb) =>
      qb
        .selectFrom('orgchartUnits')
        .select(['id', 'parentId'])
        .where('id', '=', id)
        .unionAll(
          qb.selectFrom('orgchartUnits as u').innerJoin('a', 'a.parentId', 'u.id').select(['u.id', 'u.parentId']),
        ),
    )
    .selectFrom('a')
    .select('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The unit's ancestors, the root first, without the unit itself. */
export async function ancestors(db: DbOrTx, id: string): Promise<{ id: string; name: string }[]> {
  const rows = await db
    .withRecursive('a(id, name, parentId, depth)', (qb) =>
      qb
        .selectFrom('orgchartUnits')
        .select(['id', 'name', 'parentId', sql<number>`0`.as('depth')])
        .where('id', '=', id)
        .unionAll(
          qb
            .selectFrom('orgchartUnits as u')
            .innerJoin('a', 'a.parentId', 'u.id')
            .select(['u.id', 'u.name', 'u.parentId', sql<number>`a.depth + 1`.as('depth')]),
        ),
    )
    .selectFrom('a')
    .select(['id', 'name'])
    .where('depth', '>', 0)
    .orderBy('depth', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name }));
}

export async function insertUnit(db: DbOrTx, unit: NewUnit): Promise<void> {
  await db
    .insertInto('orgchartUnits')
    .values({ ...unit, idKey: unit.id.toLowerCase() })
    .execute();
}

export async function updateUnit(
  db: DbOrTx,
  id: string,
  patch: Partial<Pick<NewUnit, 'name' | 'weight' | 'parentId'>>,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable('orgchartUnits').set(patch).where('id', '=', id).execute();
}

/** A unit's group is named after it: renaming the unit renames the group's display name. */
export async function renameGroup(db: DbOrTx, groupId: string, name: string): Promise<void> {
  await db.updateTable('groups').set({ displayName: name }).where('id', '=', groupId).execute();
}

/** Any member at all: people, or groups (subunits' or others). */
export async function groupHasMembers(db: DbOrTx, groupId: string): Promise<boolean> {
  const row = await db.selectFrom('groupMembers').select('memberId').where('groupId', '=', groupId).executeTakeFirst();
  return row !== undefined;
}

export async function deleteUnit(db: DbOrTx, id: string): Promise<void> {
  await db.deleteFrom('orgchartUnits').where('id', '=', id).execute();
}

/** Every unit (the import compares the file with them). */
export async function allUnits(db: DbOrTx): Promise<UnitRow[]> {
  const rows = await db
    .selectFrom('orgchartUnits as u')
    .innerJoin('groups as g', 'g.id', 'u.groupId')
    .select(UNIT_COLUMNS)
    .execute();
  return rows.map(toUnit);
}

/**
 * Serialises changes to the tree: each write transaction first writes the root row, so on
 * PostgreSQL two moves cannot both pass the cycle check, nor a delete the emptiness check
 * while a child is added (SQLite has one writer).
 */
export async function lock(db: DbOrTx): Promise<void> {
  await db
    .updateTable('orgchartUnits')
    .set((eb) => ({ weight: eb.ref('weight') }))
    .where('parentId', 'is', null)
    .execute();
}

/** The unit queries that need no lookup made per repository. */
export const unitQueries = {
  hasChildren,
  lineage,
  ancestors,
  insertUnit,
  updateUnit,
  renameGroup,
  groupHasMembers,
  deleteUnit,
  allUnits,
  lock,
};
