import { PostgresAdapter, sql, type Kysely } from 'kysely';

// SQLite: FTS5 merges its index segments eight at a time instead of four (issue 19).
//
// Each commit that changes index documents writes one new segment (migration 0024). FTS5 merges
// the segments of a level once `automerge` of them are there, so every word is written again once
// per level it climbs: with 4 (FTS5's default) there are half as many levels again as with 8.
// Measured in-process (1 KiB documents of prose, 4 per commit, the same texts for both): over
// 90,000 documents FTS5's CPU per document fell from 159–172 to 138–144 µs; over 3,000 no
// difference shows, the levels being few (docs/performance.md). A query may read up to 7 segments
// of a level where it read 3: the bench's queries over 100,000 documents answered alike with 4 and
// 8. The setting lives in the index's config table, so a reindex or a restart keeps it.
// PostgreSQL: nothing. Frozen: imports nothing live.

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`insert into search_fts (search_fts, rank) values ('automerge', 8)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`insert into search_fts (search_fts, rank) values ('automerge', 4)`.execute(db);
}
