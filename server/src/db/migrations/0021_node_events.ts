import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The event log of live updates (issue 20, ADR 0022). Triggers write one row per change in the
// transaction of the change, whichever code path made it:
// - nodes: created, updated (name, type, aspects, properties, content), moved, locked, unlocked,
//   permissions (local entries or inheritance), deleted (trashed, or deleted for good while live),
//   restored, purged (a trash item deleted). The nodes inside a trashed or purged subtree write
//   nothing (their trash item's row says it); a live subtree deleted for good writes a row per node.
// - versions: version (a new version of a node).
// - group_members: membership (a person or group added to or removed from a group; site and org
//   chart memberships are group memberships).
// Each row keeps the node's effective ACL and owner as they were, for deciding who may read it
// once the node is gone (a live node's current ones decide: events.service.ts).
// `seq` is the order events are delivered in. SQLite has one writer: a row gets the next `seq`
// when written. PostgreSQL commits concurrently, so a row is written with none and the instances
// number committed rows in order later (one at a time, under an advisory lock: events.repository.ts),
// after the trigger's NOTIFY quire_events (one per transaction). `node_events_horizon` holds the
// last `seq` the prune removed: a client resuming from before it missed events.
// SQLite drops a table's triggers with the table: a migration that rebuilds `nodes`, `versions`
// or `group_members` must create them again. Frozen: imports nothing live.

const NOW_SQLITE = `cast((julianday('now') - 2440587.5) * 86400000 as integer)`;
const NOW_PG = `(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/** The type of the event an update of a node row from `old` to `new` writes, or null (SQL for both dialects). */
const UPDATE_TYPE = `case
  when old.archived_root_id is null and new.archived_root_id = new.id then 'deleted'
  when old.archived_root_id = old.id and new.archived_root_id is null then 'restored'
  when new.archived_root_id is not null or old.archived_root_id is not null then null
  when new.parent_id <> old.parent_id then 'moved'
  when new.lock_owner is not null and (old.lock_owner is null or old.lock_owner <> new.lock_owner) then 'locked'
  when new.lock_owner is null and old.lock_owner is not null then 'unlocked'
  when new.local_permissions <> old.local_permissions or new.inherit_permissions <> old.inherit_permissions then 'permissions'
  when new.name <> old.name or new.node_type <> old.node_type or new.aspects <> old.aspects or new.properties <> old.properties
    or coalesce(new.content_id, '') <> coalesce(old.content_id, '') or new.modified_at <> old.modified_at then 'updated'
  else null end`;

/**
 * A version row that is not its node's first: the first comes with the node's creation (or with the
 * update that gave it content), whose own event says it, so it writes none (one event row less per upload).
 */
const LATER_VERSION = `exists (select 1 from versions v where v.node_id = new.node_id and v.label <> new.label)`;

/** The effective ACL of node row `r`: its own, else its primary parent's. */
const aclOf = (r: string) => `coalesce(${r}.acl_id, (select p.acl_id from nodes p where p.id = ${r}.parent_id))`;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`create table node_events (
      id bigint generated always as identity primary key,
      seq bigint,
      type varchar(16) not null,
      node_id varchar(64), parent_id varchar(64), previous_parent_id varchar(64),
      group_id text, member_id text, acl_id varchar(64), owner_id text,
      at bigint not null)`.execute(db);
    await sql`create sequence node_events_seq`.execute(db);
    await sql`create index node_events_unnumbered on node_events (id) where seq is null`.execute(db);
  } else {
    await sql`create table node_events (
      id integer primary key autoincrement,
      seq integer not null,
      type text not null,
      node_id text, parent_id text, previous_parent_id text,
      group_id text, member_id text, acl_id text, owner_id text,
      at integer not null)`.execute(db);
  }
  await sql`create unique index node_events_by_seq on node_events (seq)`.execute(db);
  await sql`create index node_events_by_at on node_events (at)`.execute(db);
  await sql`create table node_events_horizon (id integer primary key, pruned_through bigint not null)`.execute(db);
  await sql`insert into node_events_horizon (id, pruned_through) values (1, 0)`.execute(db);
  if (postgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

const COLUMNS = 'seq, type, node_id, parent_id, previous_parent_id, group_id, member_id, acl_id, owner_id, at';

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  // After the last: never a number used before, even once the prune emptied the log.
  const seq = `coalesce((select max(seq) from node_events), (select pruned_through from node_events_horizon where id = 1), 0) + 1`;
  const insert = (select: string) => `insert into node_events (${COLUMNS}) ${select};`;
  const statements = [
    `create trigger nodes_event_insert after insert on nodes when new.archived_root_id is null begin
       ${insert(`select ${seq}, 'created', new.id, new.parent_id, null, null, null, ${aclOf('new')}, new.owner_id, ${NOW_SQLITE}`)}
     end`,
    `create trigger nodes_event_update after update on nodes begin
       ${insert(`select ${seq}, t.type, new.id,
           case when t.type = 'deleted' then old.parent_id else new.parent_id end,
           case when t.type = 'moved' then old.parent_id end, null, null,
           case when t.type = 'deleted' then ${aclOf('old')} else ${aclOf('new')} end, new.owner_id, ${NOW_SQLITE}
         from (select ${UPDATE_TYPE} as type) t where t.type is not null`)}
     end`,
    `create trigger nodes_event_delete after delete on nodes
     when old.archived_root_id is null or old.archived_root_id = old.id begin
       ${insert(`select ${seq}, case when old.archived_root_id is null then 'deleted' else 'purged' end, old.id,
           coalesce(old.archived_from, old.parent_id), null, null, null, ${aclOf('old')}, old.owner_id, ${NOW_SQLITE}`)}
     end`,
    `create trigger versions_event_insert after insert on versions when ${LATER_VERSION} begin
       ${insert(`select ${seq}, 'version', n.id, n.parent_id, null, null, null, ${aclOf('n')}, n.owner_id, ${NOW_SQLITE}
         from nodes n where n.id = new.node_id and n.archived_root_id is null`)}
     end`,
    `create trigger group_members_event_insert after insert on group_members begin
       ${insert(`select ${seq}, 'membership', null, null, null, new.group_id, new.member_id, null, null, ${NOW_SQLITE}`)}
     end`,
    `create trigger group_members_event_delete after delete on group_members begin
       ${insert(`select ${seq}, 'membership', null, null, null, old.group_id, old.member_id, null, null, ${NOW_SQLITE}`)}
     end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  const insert = (values: string) =>
    `insert into node_events (${COLUMNS.replace('seq, ', '')}) values (${values}); perform pg_notify('quire_events', '');`;
  const functions = [
    `create function quire_node_event() returns trigger language plpgsql as $$
      declare t text;
      begin
        if tg_op = 'INSERT' then
          if new.archived_root_id is null then
            ${insert(`'created', new.id, new.parent_id, null, null, null, ${aclOf('new')}, new.owner_id, ${NOW_PG}`)}
          end if;
        elsif tg_op = 'DELETE' then
          if old.archived_root_id is null or old.archived_root_id = old.id then
            ${insert(`case when old.archived_root_id is null then 'deleted' else 'purged' end, old.id,
              coalesce(old.archived_from, old.parent_id), null, null, null, ${aclOf('old')}, old.owner_id, ${NOW_PG}`)}
          end if;
        else
          t := ${UPDATE_TYPE};
          if t is not null then
            ${insert(`t, new.id, case when t = 'deleted' then old.parent_id else new.parent_id end,
              case when t = 'moved' then old.parent_id end, null, null,
              case when t = 'deleted' then ${aclOf('old')} else ${aclOf('new')} end, new.owner_id, ${NOW_PG}`)}
          end if;
        end if;
        return null;
      end $$`,
    `create function quire_version_event() returns trigger language plpgsql as $$
      begin
        insert into node_events (${COLUMNS.replace('seq, ', '')})
          select 'version', n.id, n.parent_id, null, null, null, ${aclOf('n')}, n.owner_id, ${NOW_PG}
          from nodes n where n.id = new.node_id and n.archived_root_id is null and ${LATER_VERSION};
        if found then perform pg_notify('quire_events', ''); end if;
        return null;
      end $$`,
    `create function quire_membership_event() returns trigger language plpgsql as $$
      declare r group_members;
      begin
        if tg_op = 'DELETE' then r := old; else r := new; end if;
        ${insert(`'membership', null, null, null, r.group_id, r.member_id, null, null, ${NOW_PG}`)}
        return null;
      end $$`,
    `create trigger nodes_event after insert or update or delete on nodes for each row execute function quire_node_event()`,
    `create trigger versions_event after insert on versions for each row execute function quire_version_event()`,
    `create trigger group_members_event after insert or delete on group_members
       for each row execute function quire_membership_event()`,
  ];
  for (const statement of functions) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const triggers = postgres
    ? ['nodes_event on nodes', 'versions_event on versions', 'group_members_event on group_members']
    : [
        'nodes_event_insert',
        'nodes_event_update',
        'nodes_event_delete',
        'versions_event_insert',
        'group_members_event_insert',
        'group_members_event_delete',
      ];
  for (const trigger of triggers) await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  if (postgres) {
    for (const fn of ['quire_node_event()', 'quire_version_event()', 'quire_membership_event()']) {
      await sql.raw(`drop function if exists ${fn}`).execute(db);
    }
    await sql`drop sequence if exists node_events_seq`.execute(db);
  }
  await db.schema.dropTable('node_events_horizon').execute();
  await db.schema.dropTable('node_events').execute();
}
