import { sql, type Kysely } from 'kysely';

// PostgreSQL: creates in one folder no longer wait for each other (issue 20).
//
// Every create counted itself in its folder's `nodes.child_count`, and its upload first locked the
// folder's row for that: creates into one folder ran one at a time, each holding the row from its
// first statement to its COMMIT (about ten round trips and the WAL flush). Measured with 8 clients
// uploading into one folder, 12.6 s of 13.2 s of PostgreSQL's statement time was that lock's wait
// (docs/performance.md, session 14). Now a create takes the folder's row in share mode (it still
// waits for a trash, move or delete of the folder, and they for it) and counts itself in one of
// 16 shard rows of this table (its connection's, as the usage counters do: migration 0011); the
// folder's count is `child_count` plus its shard rows. Moves, deletes, trash and copies still add
// to `child_count` under the folder's exclusive lock. SQLite has one writer: the table stays empty
// there and `child_count` counts everything. Frozen: imports nothing live.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table child_count_shards (
      parent_id varchar(64) not null references nodes (id) on delete cascade,
      shard integer not null,
      n bigint not null,
      primary key (parent_id, shard))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // What the shards count goes back into the folders' own counts first.
  await sql`update nodes set child_count = child_count + s.n
      from (select parent_id, sum(n) as n from child_count_shards group by parent_id) s
      where nodes.id = s.parent_id`.execute(db);
  await sql`drop table child_count_shards`.execute(db);
}
