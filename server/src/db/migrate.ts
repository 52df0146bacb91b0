import { Migrator, type Kysely, type Migration } from 'kysely';
import * as m0001 from './migrations/0001_initial.ts';
import * as m0002 from './migrations/0002_locks.ts';
import * as m0003 from './migrations/0003_versions.ts';
import * as m0004 from './migrations/0004_associations.ts';
import * as m0005 from './migrations/0005_permissions.ts';
import * as m0006 from './migrations/0006_renditions.ts';
import * as m0007 from './migrations/0007_identity.ts';
import * as m0008 from './migrations/0008_favorites.ts';
import * as m0009 from './migrations/0009_orgchart.ts';
import * as m0010 from './migrations/0010_inline_content.ts';
import * as m0011 from './migrations/0011_usage_counters.ts';
import * as m0012 from './migrations/0012_login_attempts.ts';
import * as m0013 from './migrations/0013_deep_trees.ts';
import * as m0014 from './migrations/0014_version_usage.ts';
import * as m0015 from './migrations/0015_server_secrets.ts';
import * as m0016 from './migrations/0016_trash.ts';
import * as m0017 from './migrations/0017_search_index.ts';
import * as m0018 from './migrations/0018_search_attributes.ts';
import * as m0019 from './migrations/0019_identity_changes.ts';
import * as m0020 from './migrations/0020_server_instances.ts';
import * as m0021 from './migrations/0021_node_events.ts';
import * as m0022 from './migrations/0022_event_links_and_numbering.ts';
import * as m0023 from './migrations/0023_unlink_before_delete.ts';
import * as m0024 from './migrations/0024_search_queue.ts';
import * as m0025 from './migrations/0025_search_merge.ts';
import * as m0026 from './migrations/0026_child_count_shards.ts';
import * as m0027 from './migrations/0027_events_notify_after_commit.ts';
import * as m0028 from './migrations/0028_usage_row_triggers.ts';
import * as m0029 from './migrations/0029_event_update_columns.ts';
import * as m0030 from './migrations/0030_site_membership_requests.ts';
import * as m0031 from './migrations/0031_downloads.ts';
import * as m0032 from './migrations/0032_search_aspects.ts';

/** Migrations in order; each file exports up (and down) over an untyped Kysely. */
const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_locks': m0002,
  '0003_versions': m0003,
  '0004_associations': m0004,
  '0005_permissions': m0005,
  '0006_renditions': m0006,
  '0007_identity': m0007,
  '0008_favorites': m0008,
  '0009_orgchart': m0009,
  '0010_inline_content': m0010,
  '0011_usage_counters': m0011,
  '0012_login_attempts': m0012,
  '0013_deep_trees': m0013,
  '0014_version_usage': m0014,
  '0015_server_secrets': m0015,
  '0016_trash': m0016,
  '0017_search_index': m0017,
  '0018_search_attributes': m0018,
  '0019_identity_changes': m0019,
  '0020_server_instances': m0020,
  '0021_node_events': m0021,
  '0022_event_links_and_numbering': m0022,
  '0023_unlink_before_delete': m0023,
  '0024_search_queue': m0024,
  '0025_search_merge': m0025,
  '0026_child_count_shards': m0026,
  '0027_events_notify_after_commit': m0027,
  '0028_usage_row_triggers': m0028,
  '0029_event_update_columns': m0029,
  '0030_site_membership_requests': m0030,
  '0031_downloads': m0031,
  '0032_search_aspects': m0032,
};

/** Runs the migrations not yet run; `upTo` stops after that one (tests of an upgrade from an older schema). */
export async function migrateToLatest(db: Kysely<any>, upTo?: keyof typeof migrations): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'quire_migrations',
    migrationLockTableName: 'quire_migrations_lock',
  });
  const { error, results } = upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The schema's version: how many migrations a database of this release has run (the discovery API shows it). */
export const SCHEMA_VERSION = Object.keys(migrations).length;
