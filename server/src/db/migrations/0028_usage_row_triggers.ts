import { PostgresAdapter, sql, type Kysely } from 'kysely';

// PostgreSQL: three usage triggers of migrations 0011 and 0014 become row triggers with a WHEN
// clause, so that writes with nothing to count no longer run them (issue 20).
//
// They were statement triggers with transition tables, which PostgreSQL fires once per statement
// even when the statement changed no row, and which can have neither a column list nor a WHEN:
// - `nodes_usage_update` ran its per-owner upsert over the old and new rows of every UPDATE of
//   `nodes` (a lock, a rename, a property change, an ACL re-pointing of a whole tree), though only
//   a change of owner, size or history bytes counts;
// - `versions_history_insert` ran an UPDATE of `nodes` after every insert of versions, though an
//   upload's first version (and the newest version of every upload) keeps the node's live content
//   and changes nothing; that UPDATE, updating no row, then fired `nodes_usage_update`;
// - `content_objects_usage_insert` ran an aggregate over its transition table for the one content
//   object an upload stores.
// All three ran on every create: timed with auto_explain, about a third of the create's main
// statement. And PL/pgSQL keeps a statement's plan for the session: the UPDATE after a version
// insert, planned while `nodes` was small, went on scanning all of `nodes` for every batch of a
// copy (a copy of 2,021 nodes on a new database: 2.1–6.1 s before this migration, 0.7–0.9 s
// after; docs/performance.md, session 18). The row triggers look a node up by its key.
// A bulk change of owners or sizes (none of Quire's writes makes one) would pay an upsert per row.
// `nodes_usage_insert` and the delete triggers stay statement triggers: a copy or a delete of a
// tree writes a row per owner, where a row trigger would update the same counter row once per node
// in one transaction. Their function (0014's `quire_person_usage`) now upserts in owner order, as
// the owner-change trigger does: in its GROUP BY's order (a hash's), a statement counting owners A
// and B could take B's row first, on connections of one shard a deadlock with one taking A's first.
// SQLite: nothing (its triggers are row triggers with WHEN clauses already). Frozen: imports nothing live.
const SHARDS = 16;

/** The bytes a node row counts against its owner (migration 0014). */
const counted = (row: string) => `(coalesce(${row}.size_in_bytes, 0) + ${row}.history_bytes)`;

/** The bytes of the distinct contents of node `id`'s versions other than `content` (migration 0014). */
const history = (id: string, content: string) => `(
  select coalesce(sum(kept.size_in_bytes), 0) from (
    select v.content_id, max(v.size_in_bytes) as size_in_bytes from versions v
    where v.node_id = ${id} and v.content_id is not null and v.content_id <> coalesce(${content}, '')
    group by v.content_id) as kept)`;

const addTo = (owner: string, bytes: string) => `
  insert into person_usage (owner_id, shard, bytes) values (${owner}, pg_backend_pid() % ${SHARDS}, ${bytes})
    on conflict (owner_id, shard) do update set bytes = person_usage.bytes + excluded.bytes;`;

/**
 * 0014's per-owner function over the transition tables (`nodes_usage_insert`, `nodes_usage_delete`;
 * before this migration `nodes_usage_update` too), its upserts in owner order if `ordered`;
 * otherwise as 0014 created it, to the character.
 */
async function personUsageFunction(db: Kysely<any>, ordered: boolean): Promise<void> {
  const bytes = (row: string) => `coalesce(${row}.size_in_bytes, 0) + ${row}.history_bytes`;
  const perOwner = (changes: string) => `
    insert into person_usage (owner_id, shard, bytes)
      select owner_id, pg_backend_pid() % ${SHARDS}, sum(delta) from (${changes}) as changes
      where owner_id is not null and delta is not null
      group by owner_id having sum(delta) <> 0${ordered ? '\n      order by owner_id' : ''}
      on conflict (owner_id, shard) do update set bytes = person_usage.bytes + excluded.bytes;`;
  const added = `select owner_id, ${bytes('new_rows')} as delta from new_rows`;
  const removed = `select owner_id, -(${bytes('old_rows')}) as delta from old_rows`;
  await sql
    .raw(
      `create or replace function quire_person_usage() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then ${perOwner(added)}
        elsif tg_op = 'DELETE' then ${perOwner(removed)}
        else ${perOwner(`${added} union all ${removed}`)}
        end if;
        return null;
      end $$`,
    )
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // Writers of the previous version wait until this commits (see 0011).
  await sql`lock table nodes, versions, content_objects in share row exclusive mode`.execute(db);
  await sql
    .raw(
      `create function quire_person_usage_row() returns trigger language plpgsql as $$
      begin
        if old.owner_id is not distinct from new.owner_id then
          if new.owner_id is not null and ${counted('new')} <> ${counted('old')} then
            ${addTo('new.owner_id', `${counted('new')} - ${counted('old')}`)}
          end if;
        else
          -- The two owners' rows in one order (theirs), as two changes in opposite directions on
          -- connections of one shard lock them: in the order of the change, each would hold the
          -- row the other waits for (a deadlock).
          insert into person_usage (owner_id, shard, bytes)
            select owner_id, pg_backend_pid() % ${SHARDS}, bytes
            from (values (old.owner_id, -${counted('old')}), (new.owner_id, ${counted('new')})) as moved (owner_id, bytes)
            where owner_id is not null and bytes <> 0
            order by owner_id
            on conflict (owner_id, shard) do update set bytes = person_usage.bytes + excluded.bytes;
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql`drop trigger nodes_usage_update on nodes`.execute(db);
  await sql`create trigger nodes_usage_update after update of size_in_bytes, owner_id, history_bytes on nodes
            for each row when (old.owner_id is distinct from new.owner_id
              or old.size_in_bytes is distinct from new.size_in_bytes
              or old.history_bytes is distinct from new.history_bytes)
            execute function quire_person_usage_row()`.execute(db);
  await sql
    .raw(
      `create function quire_repository_usage_row() returns trigger language plpgsql as $$
      begin
        insert into repository_usage (shard, bytes) values (pg_backend_pid() % ${SHARDS}, new.size_in_bytes)
          on conflict (shard) do update set bytes = repository_usage.bytes + excluded.bytes;
        return null;
      end $$`,
    )
    .execute(db);
  await sql`drop trigger content_objects_usage_insert on content_objects`.execute(db);
  await sql`create trigger content_objects_usage_insert after insert on content_objects for each row
            when (new.size_in_bytes <> 0) execute function quire_repository_usage_row()`.execute(db);

  // A version whose content is not its node's live content: the node's history bytes again. (An
  // after-row trigger runs at the end of the statement, so it sees a node inserted by the same one.)
  await sql
    .raw(
      `create function quire_version_history_row() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from nodes where id = new.node_id and coalesce(content_id, '') <> new.content_id) then
          update nodes set history_bytes = ${history('nodes.id', 'nodes.content_id')} where id = new.node_id;
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql`drop trigger versions_history_insert on versions`.execute(db);
  await sql`create trigger versions_history_insert after insert on versions
            for each row when (new.content_id is not null) execute function quire_version_history_row()`.execute(db);
  // The rows of several owners (a delete or a copy of a tree) in owner order, like the above.
  await personUsageFunction(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`lock table nodes, versions, content_objects in share row exclusive mode`.execute(db);
  await sql`drop trigger nodes_usage_update on nodes`.execute(db);
  await sql`create trigger nodes_usage_update after update on nodes
            referencing old table as old_rows new table as new_rows
            for each statement execute function quire_person_usage()`.execute(db);
  await sql`drop trigger content_objects_usage_insert on content_objects`.execute(db);
  await sql`create trigger content_objects_usage_insert after insert on content_objects referencing new table as new_rows
            for each statement execute function quire_repository_usage()`.execute(db);
  await sql`drop trigger versions_history_insert on versions`.execute(db);
  await sql`create trigger versions_history_insert after insert on versions referencing new table as new_rows
            for each statement execute function quire_version_history()`.execute(db);
  await personUsageFunction(db, false);
  await sql`drop function quire_person_usage_row()`.execute(db);
  await sql`drop function quire_version_history_row()`.execute(db);
  await sql`drop function quire_repository_usage_row()`.execute(db);
}
