import { PostgresAdapter, sql, type Kysely } from 'kysely';

// A node deleted for good took its secondary-child links with it by cascade, after its row went:
// 0022's `unlinked` event then recorded neither the node's ACL nor its owner, so delivery could
// not tell who might read the node and sent its folder's readers that something filed there went,
// whether or not they could ever read it (ADR 0022). A trigger before the node's delete takes its
// links out first, while the row is there, so 0022's trigger records them. One indexed delete per
// node deleted, where the cascade made the same look-up. A link whose folder goes in the same
// delete may now write an `unlinked` event before its folder goes; delivery sends no link event
// of a folder that is gone. Frozen: imports nothing live.

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function quire_unlink_before_delete() returns trigger language plpgsql as $$
      begin
        delete from secondary_children where child_id = old.id;
        return old;
      end $$`.execute(db);
    await sql`create trigger nodes_unlink_before_delete before delete on nodes
      for each row execute function quire_unlink_before_delete()`.execute(db);
    return;
  }
  await sql`create trigger nodes_unlink_before_delete before delete on nodes begin
      delete from secondary_children where child_id = old.id;
    end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists nodes_unlink_before_delete on nodes`.execute(db);
    await sql`drop function if exists quire_unlink_before_delete()`.execute(db);
    return;
  }
  await sql`drop trigger if exists nodes_unlink_before_delete`.execute(db);
}
