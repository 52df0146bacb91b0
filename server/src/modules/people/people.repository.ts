import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { inBatches } from '../../db/batches.ts';
import { type Params, reusableQuery } from '../../db/reusable-query.ts';
import { onPostgres } from '../../db/row-locks.ts';
import type { Selectable } from 'kysely';
import type { PeopleTable } from '../../db/schema.ts';
import type { components } from '../../../../openapi/schema.gen.ts';

type PersonRow = Selectable<PeopleTable>;

type Person = components['schemas']['Person'];

/** A person's company, as the contract has it (stored as JSON). */
export type Company = components['schemas']['Company'];

/** The profile fields a client may set (strings; null clears). */
export const PROFILE_FIELDS = [
  'lastName',
  'description',
  'skypeId',
  'googleId',
  'instantMessageId',
  'jobTitle',
  'location',
  'mobile',
  'telephone',
  'userStatus',
] as const satisfies readonly (keyof Person)[];

export type ProfileField = (typeof PROFILE_FIELDS)[number];

export interface PersonRecord extends Record<ProfileField, string | null> {
  id: string;
  firstName: string;
  email: string | null;
  enabled: boolean;
  emailNotificationsEnabled: boolean;
  passwordHash: string;
  homeFolderId: string | null;
  avatarId: string | null;
  statusUpdatedAt: number | null;
  company: Company;
  aspects: string[];
  properties: Record<string, unknown>;
  /** Bytes of content the person may own; -1 = unlimited. */
  quota: number;
  createdAt: number;
}

export type NewPerson = Omit<
  PersonRecord,
  | ProfileField
  | 'avatarId'
  | 'statusUpdatedAt'
  | 'company'
  | 'aspects'
  | 'properties'
  | 'quota'
  | 'createdAt'
  | 'emailNotificationsEnabled'
> &
  Partial<PersonRecord>;

export type PersonPatch = Partial<Omit<PersonRecord, 'id' | 'createdAt'>>;

function toRecord(row: PersonRow): PersonRecord {
  return {
    ...row,
    enabled: row.enabled === 1,
    emailNotificationsEnabled: row.emailNotificationsEnabled === 1,
    company: JSON.parse(row.company) as Company,
    aspects: JSON.parse(row.aspects) as string[],
    properties: JSON.parse(row.properties) as Record<string, unknown>,
    quota: Number(row.quota),
    statusUpdatedAt: row.statusUpdatedAt === null ? null : Number(row.statusUpdatedAt),
  };
}

function toRow(patch: PersonPatch) {
  const { enabled, emailNotificationsEnabled, company, aspects, properties, ...rest } = patch;
  return {
    ...rest,
    ...(enabled !== undefined ? { enabled: enabled ? (1 as const) : (0 as const) } : {}),
    ...(emailNotificationsEnabled !== undefined
      ? { emailNotificationsEnabled: emailNotificationsEnabled ? (1 as const) : (0 as const) }
      : {}),
    ...(company !== undefined ? { company: JSON.stringify(company) } : {}),
    ...(aspects !== undefined ? { aspects: JSON.stringify(aspects) } : {}),
    ...(properties !== undefined ? { properties: JSON.stringify(properties) } : {}),
  };
}

export type PersonSort = 'id' | 'firstName' | 'lastName';

export interface PeopleListOptions {
  skip: number;
  limit: number;
  sort: { field: PersonSort; ascending: boolean }[];
  search?: string;
}

/** The hot lookups, compiled once per repository. */
function personLookups() {
  return {
    byId: reusableQuery((db, p: Params<{ key: string }>) =>
      db.selectFrom('people').selectAll().where('idKey', '=', p.key),
    ),
    usageOf: reusableQuery((db, p: Params<{ ownerId: string }>) =>
      db
        .selectFrom('personUsage')
        .select((eb) => eb.fn.sum<number | string | null>('bytes').as('bytes'))
        .where('ownerId', '=', p.ownerId),
    ),
    quotaById: reusableQuery((db, p: Params<{ key: string }>) =>
      db.selectFrom('people').select(['id', 'quota']).where('idKey', '=', p.key),
    ),
  };
}

type Lookups = ReturnType<typeof personLookups>;

/** People by id (any case): as many as a node's permissions name with those it inherits (include=permissions). */
async function findMany(db: DbOrTx, ids: readonly string[]): Promise<PersonRecord[]> {
  if (ids.length === 0) return [];
  const rows = await inBatches(
    ids.map((id) => id.toLowerCase()),
    (batch) => db.selectFrom('people').selectAll().where('idKey', 'in', batch).execute(),
  );
  return rows.map(toRecord);
}

async function list(db: DbOrTx, options: PeopleListOptions): Promise<{ items: PersonRecord[]; total: number }> {
  let query = db.selectFrom('people');
  if (options.search) {
    const pattern = `%${options.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or(
        ['id_key', 'first_name', 'last_name', 'email'].map(
          (column) => sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  let ordered = query.selectAll();
  for (const s of options.sort) {
    const column = s.field === 'id' ? 'idKey' : s.field;
    ordered = ordered.orderBy(sql`lower(coalesce(${sql.ref(column)}, ''))`, s.ascending ? 'asc' : 'desc');
  }
  const rows = await ordered.orderBy('idKey').limit(options.limit).offset(options.skip).execute();
  const { n } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { items: rows.map(toRecord), total: Number(n) };
}

async function insert(db: DbOrTx, person: NewPerson, now: number): Promise<void> {
  await db
    .insertInto('people')
    .values({
      ...toRow(person),
      id: person.id,
      firstName: person.firstName,
      passwordHash: person.passwordHash,
      homeFolderId: person.homeFolderId,
      email: person.email,
      enabled: person.enabled ? 1 : 0,
      idKey: person.id.toLowerCase(),
      createdAt: now,
      nodeUuid: randomUUID(),
    })
    .execute();
}

/**
 * The person as the row is now, held until the transaction ends (PostgreSQL: another change of the
 * row waits; SQLite's one writer already runs transactions one by one).
 */
async function lockById(tx: DbOrTx, id: string): Promise<PersonRecord | undefined> {
  const query = tx.selectFrom('people').selectAll().where('idKey', '=', id.toLowerCase());
  const row = await (onPostgres(tx) ? query.forNoKeyUpdate() : query).executeTakeFirst();
  return row && toRecord(row);
}

async function update(db: DbOrTx, id: string, patch: PersonPatch): Promise<void> {
  const row = toRow(patch);
  if (Object.keys(row).length === 0) return;
  await db.updateTable('people').set(row).where('id', '=', id).execute();
}

/**
 * The person's id and quota when what they own now exceeds their quota (after a change gave
 * them bytes, in the same transaction); undefined when within it or without one.
 */
async function overQuota(q: Lookups, db: DbOrTx, id: string): Promise<{ id: string; quota: number } | undefined> {
  const person = (await q.quotaById(db, { key: id.toLowerCase() })).rows[0];
  if (!person || person.quota < 0) return undefined;
  // The check and the charge are one step: concurrent changes for this person (any instance)
  // wait here until this transaction ends, and the sum read next includes what they committed.
  // Take it last, after every write of the transaction (db/row-locks.ts).
  if (onPostgres(db)) {
    await db.selectFrom('people').select('id').where('id', '=', person.id).forNoKeyUpdate().execute();
  }
  const used = Number((await q.usageOf(db, { ownerId: person.id })).rows[0]?.bytes ?? 0);
  return used > person.quota ? person : undefined;
}

/** People's records; the hot lookups are compiled once per repository. */
export function createPeopleRepository() {
  const q = personLookups();
  return {
    async findById(db: DbOrTx, id: string): Promise<PersonRecord | undefined> {
      const row = (await q.byId(db, { key: id.toLowerCase() })).rows[0];
      return row && toRecord(row);
    },
    findMany,
    list,
    insert,
    lockById,
    update,

    /** The person's id as stored and quota in bytes (negative: none), without the rest of the row. */
    async quotaOf(db: DbOrTx, id: string): Promise<{ id: string; quota: number } | undefined> {
      return (await q.quotaById(db, { key: id.toLowerCase() })).rows[0];
    },

    overQuota: (db: DbOrTx, id: string) => overQuota(q, db, id),

    /** Bytes of content in the files a person owns now (kept by triggers, migration 0011). */
    async quotaUsed(db: DbOrTx, id: string): Promise<number> {
      return Number((await q.usageOf(db, { ownerId: id })).rows[0]?.bytes ?? 0);
    },
  };
}

export type PeopleRepository = ReturnType<typeof createPeopleRepository>;
