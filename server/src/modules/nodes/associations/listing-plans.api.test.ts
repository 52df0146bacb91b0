import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder, aSharedFolder, aUser } from '../../../testing/builders.ts';
import { testDialect } from '../../../testing/test-database.ts';
import { seedRows } from '../../../testing/seed-rows.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { Access } from '../../permissions/access.ts';
import { pageStatements, type AssocEnd } from '../core/associations.repository.ts';

// An association listing's page and count statements read the node's associations and the nodes
// at their other end (by primary key), not every node of the repository: a node with a few thousand
// associations in a repository of 40,000 nodes. On PostgreSQL the filter by what the reader may
// read was pushed down to a walk of all of `nodes` in id order (a merge join), which also made the
// statement costly enough to be JIT-compiled (1.3-1.5 s a statement, twice a page, with 40,000 nodes
// and 4,000 targets). The rows are written directly (through the API they would take minutes).

const NODES = 40_000;
const LINKED = 2_000;
let server: TestServer;
let hub: string;
let asked: string;
beforeAll(async () => {
  server = await startTestServer();
  await aUser(server.api, { id: 'bob' });
  hub = (await aSharedFolder(server.api, { bob: 'Consumer' })).id;
  asked = (await aFile(server.api, hub)).id;
  const store = (await aFolder(server.api)).id;
  const db = server.app.database.db;
  const tpl = await db.selectFrom('nodes').selectAll().where('id', '=', store).executeTakeFirstOrThrow();
  const now = Date.now();
  await seedRows(server, NODES, async (tx, indices) => {
    const at = indices[0]!;
    const ids = indices.map((i) => `lp-${i}`);
    // Every fourth a file without an ACL of its own (in lp-0); each ACL grants someone else READ,
    // the linked ones bob too (a third of them), every fifteenth denies it to GROUP_EVERYONE.
    const own = (n: number) => n % 4 !== 3;
    await tx
      .insertInto('nodes')
      .values(
        ids.map((id, i) => ({
          ...tpl,
          id,
          parentId: own(at + i) ? store : 'lp-0',
          name: id,
          nameKey: id,
          aclId: own(at + i) ? id : null,
        })),
      )
      .execute();
    const withAcl = ids.filter((_, i) => own(at + i));
    await tx
      .insertInto('acls')
      .values(withAcl.map((id) => ({ id, parentAclId: null })))
      .execute();
    await tx
      .insertInto('aclGrants')
      .values(
        withAcl.flatMap((aclId) => {
          const n = Number(aclId.slice(3));
          const grants: { aclId: string; authorityId: string; bits: number }[] = [
            { aclId, authorityId: `someone-${n % 1000}`, bits: Access.READ },
          ];
          if (n < LINKED && n % 3 === 0) grants.push({ aclId, authorityId: 'bob', bits: Access.READ });
          if (n % 15 === 0) grants.push({ aclId, authorityId: 'GROUP_EVERYONE', bits: Access.READ << 8 });
          return grants;
        }),
      )
      .execute();
    const linked = ids.filter((_, i) => at + i < LINKED);
    if (linked.length === 0) return;
    const createdAt = (i: number) => now + at + i;
    await tx
      .insertInto('peerAssocs')
      .values(
        linked.map((targetId, i) => ({
          sourceId: hub,
          targetId,
          assocType: 'cm:references',
          createdAt: createdAt(i),
        })),
      )
      .execute();
    await tx
      .insertInto('peerAssocs')
      .values(
        linked.map((sourceId, i) => ({
          sourceId,
          targetId: asked,
          assocType: 'cm:references',
          createdAt: createdAt(i),
        })),
      )
      .execute();
    await tx
      .insertInto('secondaryChildren')
      .values(
        linked.map((childId, i) => ({ parentId: hub, childId, assocType: 'cm:contains', createdAt: createdAt(i) })),
      )
      .execute();
  });
  await sql`analyze`.execute(db);
}, 300_000);
afterAll(() => server.close());

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
};

/** The rows of `nodes` that a filter of a scan of it read and left out, over the whole PostgreSQL plan. */
function nodesFilteredOut(plan: PlanNode): number {
  const own = plan['Relation Name'] === 'nodes' ? (plan['Rows Removed by Filter'] ?? 0) * plan['Actual Loops'] : 0;
  return own + (plan.Plans ?? []).reduce((sum, child) => sum + nodesFilteredOut(child), 0);
}

/** The tables the plan reads whole (sequential scans). */
function seqScans(plan: PlanNode): string[] {
  const own = plan['Node Type'] === 'Seq Scan' && plan['Relation Name'] ? [plan['Relation Name']] : [];
  return [...own, ...(plan.Plans ?? []).flatMap(seqScans)];
}

const readers = {
  'a reader in two groups': ['bob', 'GROUP_EVERYONE'],
  'a reader in 600 groups': ['bob', 'GROUP_EVERYONE', ...Array.from({ length: 600 }, (_, i) => `GROUP_g${i}`)],
};

describe(`association listings over ${LINKED} associations among ${NODES} nodes`, () => {
  it.each([
    ['targets', () => hub],
    ['sources', () => asked],
    ['secondaryChildren', () => hub],
  ] as [AssocEnd, () => string][])('%s: the page and the count filter the associated nodes only', async (end, of) => {
    const db = server.app.database.db;
    for (const [who, authorities] of Object.entries(readers)) {
      const statements = pageStatements(db, end, of(), {
        readers: { ownerId: 'bob', authorities },
        skip: 10,
        limit: 20,
      });
      const counted = await statements.count.execute(db);
      // lp-0 denies READ to GROUP_EVERYONE: the files (in lp-0) are not readable.
      const readable = Array.from({ length: LINKED }, (_, n) => n % 4 !== 3 && n % 3 === 0 && n % 15 !== 0);
      expect(Number(counted.rows[0]!.n), who).toBe(readable.filter(Boolean).length);
      for (const statement of [statements.page, statements.count]) {
        if (server.databaseUrl) {
          const { rows } = await sql<{
            'QUERY PLAN': [{ Plan: PlanNode & { 'Total Cost': number } }];
          }>`explain (analyze, format json) ${statement}`.execute(db);
          const [explained] = rows[0]!['QUERY PLAN'];
          const plan = JSON.stringify(explained);
          // The readers' filter applies to the associated nodes: pushed down to a scan of `nodes`
          // it was tested on (and left out) every node of the repository.
          expect(nodesFilteredOut(explained.Plan), `${who}: ${plan.slice(0, 3000)}`).toBeLessThan(LINKED);
          // Estimated below PostgreSQL's default jit_above_cost (100,000), above which a server with
          // JIT on compiled it, about a second a statement (Quire's connections run without JIT).
          expect(explained.Plan['Total Cost'], `${who}: ${plan.slice(0, 3000)}`).toBeLessThan(100_000);
          // The reader's grants are read through acl_grants_authority, not a scan of all (a list past
          // 500 authorities goes as json_each, which PostgreSQL plans as unknown rows: json-list.ts).
          if (authorities.length < 500) expect(seqScans(explained.Plan), who).not.toContain('acl_grants');
        } else {
          const { rows } = await sql<{ detail: string }>`explain query plan ${statement}`.execute(db);
          const scans = rows.map((r) => r.detail).filter((d) => /^SCAN (n|p|nodes|acl_grants)\b/.test(d));
          expect(scans, `${who}: ${rows.map((r) => r.detail).join('; ')}`).toEqual([]);
        }
      }
    }
  });
});

describe.runIf(testDialect === 'postgres')('PostgreSQL connections', () => {
  it('run without JIT compilation, whatever the server setting', async () => {
    const db = server.app.database.db;
    for (let i = 0; i < 3; i++) {
      const { rows } = await sql<{ jit: string }>`show jit`.execute(db);
      expect(rows[0]!.jit).toBe('off');
    }
    await db.transaction().execute(async (tx) => {
      const { rows } = await sql<{ jit: string }>`show jit`.execute(tx);
      expect(rows[0]!.jit).toBe('off');
    });
  });
});
