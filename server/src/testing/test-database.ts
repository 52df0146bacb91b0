import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../db/migrate.ts';

/**
 * Which database the server tests run on: `QUIRE_TEST_DB=postgres` (set by the vitest project
 * server-postgres) uses a fresh database on TEST_DATABASE_URL's server; anything else SQLite.
 */
export const testDialect: 'sqlite' | 'postgres' = process.env.QUIRE_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

const TEMPLATE_PREFIX = 'quire_test_template_';

function baseUrl(): string {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  return base;
}

function urlOf(name: string): string {
  const url = new URL(baseUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: baseUrl() });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/** The template's name: one per set of migrations (their sources' digest), so a changed migration makes a new one. */
function templateName(): string {
  const dir = new URL('../db/migrations/', import.meta.url);
  const digest = createHash('sha256');
  for (const file of readdirSync(dir).sort()) digest.update(file).update(readFileSync(new URL(file, dir)));
  return `${TEMPLATE_PREFIX}${digest.digest('hex').slice(0, 16)}`;
}

/**
 * A database migrated to the latest schema that test databases are copied from (migrating a new
 * database per test file cost about half a second of it). Built under a name of its own and then
 * renamed, so a test process that finds it finds it whole; two processes building it at once keep
 * the first one renamed. Templates of other migrations that nobody is copying are dropped.
 */
async function buildTemplate(name: string): Promise<void> {
  const building = `quire_test_building_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`create database ${building}`));
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: urlOf(building), max: 1 }) }),
  });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  await withAdmin(async (admin) => {
    try {
      await admin.query(`alter database ${building} rename to ${name}`);
    } catch {
      // Another test process renamed its own first: that one is the template.
      await admin.query(`drop database if exists ${building} with (force)`);
    }
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like '${TEMPLATE_PREFIX}%' and datname <> $1`,
      [name],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
  });
}

let template: Promise<string> | undefined;

/** The template of this process's migrations, built once (by this process or another). */
function ensureTemplate(): Promise<string> {
  template ??= (async () => {
    const name = templateName();
    const { rows } = await withAdmin((admin) => admin.query('select 1 from pg_database where datname = $1', [name]));
    if (rows.length === 0) await buildTemplate(name);
    return name;
  })();
  template.catch(() => (template = undefined));
  return template;
}

/** Copies the template, once again after building it anew if it went (another checkout's tests dropped it). */
async function createFromTemplate(name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const source = await ensureTemplate();
    try {
      await withAdmin((admin) => admin.query(`create database ${name} template ${source}`));
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      // Gone, or being copied by a template build's last look: build or look again.
      template = undefined;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/**
 * Creates a PostgreSQL database for one test file; returns its URL and a drop function. Empty, or
 * (`migrated`) at the latest schema, copied from a template (the server then has nothing to migrate).
 */
export async function createPostgresDatabase(
  options: { migrated?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `quire_test_${randomBytes(6).toString('hex')}`;
  if (options.migrated) await createFromTemplate(name);
  else await withAdmin((admin) => admin.query(`create database ${name}`));
  return {
    url: urlOf(name),
    drop: () => withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}
