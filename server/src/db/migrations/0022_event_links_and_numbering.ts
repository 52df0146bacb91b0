import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Events of secondary children (issue 20, ADR 0022): a folder that holds a node as a secondary
// child lists it, so its watchers need to hear when one is filed there or taken out. Triggers on
// `secondary_children` write, in the transaction of the change:
// - linked: a live node (node_id) filed in a folder (parent_id) as a secondary child;
// - unlinked: a node taken out of a live folder (parent_id) it was a secondary child of, also when
//   the node itself was deleted for good (the rows go by cascade; the node's row is then gone, so
//   acl_id and owner_id are null). A link that goes with its folder (the folder purged or deleted)
//   writes nothing: that folder's own event says it.
// The events of the node itself name its secondary parents at delivery (event-access.ts).
// PostgreSQL: `quire_number_events(after, max_rows)` numbers the committed unnumbered rows as
// 0021's numbering does (under the same advisory lock, in the order written) and answers the
// rows after `after`, in one statement (one round trip where a transaction took five). Each
// statement of a volatile function reads with a snapshot of its own, taken after the lock: it
// sees every number given before, as a numbering transaction that takes the lock does.
// SQLite drops a table's triggers with the table: a migration that rebuilds `secondary_children`
// must create them again. Frozen: imports nothing live (the SQL below repeats 0021's).

const NOW_SQLITE = `cast((julianday('now') - 2440587.5) * 86400000 as integer)`;
const NOW_PG = `(extract(epoch from clock_timestamp()) * 1000)::bigint`;
const COLUMNS = 'type, node_id, parent_id, previous_parent_id, group_id, member_id, acl_id, owner_id, at';

/** The effective ACL of node row `r`: its own, else its primary parent's. */
const aclOf = (r: string) => `coalesce(${r}.acl_id, (select f.acl_id from nodes f where f.id = ${r}.parent_id))`;

/** The advisory lock key of 0021's numbering ("quev"): numbering is done by one transaction at a time. */
const NUMBERING_LOCK = 0x7175_6576;
/** Rows numbered by one call at most. */
const NUMBERING_BATCH = 5000;

/** The row of a link's new event (after `select`), for the dialect's clock. */
const linked = (now: string) => `'linked', c.id, new.parent_id, null, null, null, ${aclOf('c')}, c.owner_id, ${now}
  from nodes c where c.id = new.child_id and c.archived_root_id is null`;
const unlinked = (now: string) => `'unlinked', old.child_id, old.parent_id, null, null, null,
    (select ${aclOf('c')} from nodes c where c.id = old.child_id),
    (select c.owner_id from nodes c where c.id = old.child_id), ${now}
  from nodes s where s.id = old.parent_id and s.archived_root_id is null`;

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const statements = [
      `create function quire_link_event() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            insert into node_events (${COLUMNS}) select ${linked(NOW_PG)};
          else
            insert into node_events (${COLUMNS}) select ${unlinked(NOW_PG)};
          end if;
          if found then perform pg_notify('quire_events', ''); end if;
          return null;
        end $$`,
      `create trigger secondary_children_event after insert or delete on secondary_children
         for each row execute function quire_link_event()`,
      `create function quire_number_events(after bigint, max_rows integer) returns setof node_events
       language plpgsql volatile as $$
        begin
          perform pg_advisory_xact_lock(${NUMBERING_LOCK});
          update node_events e set seq = n.seq
            from (select id, nextval('node_events_seq') as seq
                  from (select id from node_events where seq is null order by id limit ${NUMBERING_BATCH}) o) n
            where e.id = n.id;
          return query select * from node_events where seq > after order by seq limit max_rows;
        end $$`,
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
    return;
  }
  // After the last: never a number used before, even once the prune emptied the log.
  const seq = `coalesce((select max(seq) from node_events), (select pruned_through from node_events_horizon where id = 1), 0) + 1`;
  const statements = [
    `create trigger secondary_children_event_insert after insert on secondary_children begin
       insert into node_events (seq, ${COLUMNS}) select ${seq}, ${linked(NOW_SQLITE)};
     end`,
    `create trigger secondary_children_event_delete after delete on secondary_children begin
       insert into node_events (seq, ${COLUMNS}) select ${seq}, ${unlinked(NOW_SQLITE)};
     end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists secondary_children_event on secondary_children`.execute(db);
    await sql`drop function if exists quire_link_event()`.execute(db);
    await sql`drop function if exists quire_number_events(bigint, integer)`.execute(db);
    return;
  }
  await sql`drop trigger if exists secondary_children_event_insert`.execute(db);
  await sql`drop trigger if exists secondary_children_event_delete`.execute(db);
}
