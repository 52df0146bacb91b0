import type { DbOrTx } from '../../../db/database.ts';
import { type Params, reusableWrite } from '../../../db/reusable-query.ts';
import type { VersionsTable } from '../../../db/schema.ts';
import type { UserRef } from './nodes.repository.ts';

/** One entry of a node's version history: a snapshot of the node when the version was made. */
export interface VersionRecord {
  nodeId: string;
  label: string;
  major: number;
  minor: number;
  comment: string | null;
  name: string;
  nodeType: string;
  contentId: string | null;
  mimeType: string | null;
  encoding: string | null;
  sizeInBytes: number | null;
  aspects: string[];
  properties: Record<string, unknown>;
  createdAt: number;
  createdBy: UserRef;
}

export type NewVersion = Omit<VersionRecord, 'createdBy'> & { createdBy: string };

function selectVersions(db: DbOrTx) {
  return db
    .selectFrom('versions')
    .leftJoin('people as creator', 'creator.id', 'versions.createdBy')
    .selectAll('versions')
    .select(['creator.firstName as creatorFirstName', 'creator.lastName as creatorLastName']);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectVersions>['executeTakeFirstOrThrow']>>;

function toRecord(row: Row): VersionRecord {
  const displayName =
    row.creatorFirstName === null ? row.createdBy : `${row.creatorFirstName} ${row.creatorLastName ?? ''}`.trim();
  return {
    nodeId: row.nodeId,
    label: row.label,
    major: row.major,
    minor: row.minor,
    comment: row.comment,
    name: row.name,
    nodeType: row.nodeType,
    contentId: row.contentId,
    mimeType: row.mimeType,
    encoding: row.encoding,
    sizeInBytes: row.sizeInBytes,
    aspects: JSON.parse(row.aspects) as string[],
    properties: JSON.parse(row.properties) as Record<string, unknown>,
    createdAt: row.createdAt,
    createdBy: { id: row.createdBy, displayName },
  };
}

/** The columns of a version row, in the order of insertVersionRow's SQL. */
export const VERSION_COLUMNS = [
  'nodeId',
  'label',
  'major',
  'minor',
  'comment',
  'name',
  'nodeType',
  'contentId',
  'mimeType',
  'encoding',
  'sizeInBytes',
  'aspects',
  'properties',
  'createdAt',
  'createdBy',
] as const;

/** A version row's insert, compiled once (a write remembers nothing: shared by the repositories that write versions). */
export const insertVersionRow = reusableWrite((db, p: Params<VersionsTable>) =>
  db.insertInto('versions').values(Object.fromEntries(VERSION_COLUMNS.map((column) => [column, p[column]])) as never),
);

async function insertMany(db: DbOrTx, versions: NewVersion[]): Promise<void> {
  for (let i = 0; i < versions.length; i += 500) {
    await db
      .insertInto('versions')
      .values(
        versions
          .slice(i, i + 500)
          .map((v) => ({ ...v, aspects: JSON.stringify(v.aspects), properties: JSON.stringify(v.properties) })),
      )
      .execute();
  }
}

/** The row a new version is stored as. */
export function versionRow(v: NewVersion): VersionsTable {
  const row = VERSION_COLUMNS.map((column) => [
    column,
    column === 'aspects' || column === 'properties' ? JSON.stringify(v[column]) : (v[column] ?? null),
  ]);
  return Object.fromEntries(row) as VersionsTable;
}

async function insert(db: DbOrTx, v: NewVersion): Promise<void> {
  await insertVersionRow(db, versionRow(v));
}

/** Newest first. */
async function list(
  db: DbOrTx,
  nodeId: string,
  skip: number,
  limit: number,
): Promise<{ items: VersionRecord[]; total: number }> {
  const rows = await selectVersions(db)
    .where('versions.nodeId', '=', nodeId)
    .orderBy('versions.major', 'desc')
    .orderBy('versions.minor', 'desc')
    .limit(limit)
    .offset(skip)
    .execute();
  const { n } = await db
    .selectFrom('versions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('nodeId', '=', nodeId)
    .executeTakeFirstOrThrow();
  return { items: rows.map(toRecord), total: Number(n) };
}

async function find(db: DbOrTx, nodeId: string, label: string): Promise<VersionRecord | undefined> {
  const row = await selectVersions(db)
    .where('versions.nodeId', '=', nodeId)
    .where('versions.label', '=', label)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** The newest version, or undefined for a node without history. */
async function head(db: DbOrTx, nodeId: string): Promise<VersionRecord | undefined> {
  const row = await selectVersions(db)
    .where('versions.nodeId', '=', nodeId)
    .orderBy('versions.major', 'desc')
    .orderBy('versions.minor', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && toRecord(row);
}

async function deleteVersion(db: DbOrTx, nodeId: string, label: string): Promise<void> {
  await db.deleteFrom('versions').where('nodeId', '=', nodeId).where('label', '=', label).execute();
}

/** Content referenced by the versions of these nodes (before a delete cascades to them). */
async function contentIdsOf(db: DbOrTx, nodeIds: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < nodeIds.length; i += 500) {
    const rows = await db
      .selectFrom('versions')
      .select('contentId')
      .where('nodeId', 'in', nodeIds.slice(i, i + 500))
      .where('contentId', 'is not', null)
      .execute();
    for (const r of rows) if (r.contentId) ids.push(r.contentId);
  }
  return ids;
}

/** Removes a node's whole history; returns the content ids it referenced. */
async function deleteAll(db: DbOrTx, nodeId: string): Promise<string[]> {
  const rows = await db.selectFrom('versions').select('contentId').where('nodeId', '=', nodeId).execute();
  await db.deleteFrom('versions').where('nodeId', '=', nodeId).execute();
  return rows.map((r) => r.contentId).filter((c): c is string => c !== null);
}

/** Version history rows; the insert of one version is compiled once per repository. */
export function createVersionsRepository() {
  return {
    insertMany,
    insert,
    list,
    find,
    head,
    delete: deleteVersion,
    contentIdsOf,
    deleteAll,
  };
}

export type VersionsRepository = ReturnType<typeof createVersionsRepository>;
