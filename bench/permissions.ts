/**
 * Benchmark 8: permissions at scale.
 * (a) A non-administrator lists a folder of 100,000 children of which they may read 1 % (every
 *     hundredth child has an entry of its own granting them Consumer): first page latency.
 * (b) Permission changes on a folder with 100,000 descendants, timed until the response, each
 *     checked right after the response on a node at the bottom of the tree.
 */
import http from 'node:http';
import { makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { ADMIN_AUTH, request } from './lib/http.ts';
import { log, row, type Row } from './lib/report.ts';
import { fileNode, folderNode, withSeedApp } from './lib/seed.ts';
import { spawnQuire, type ServerHandle } from './lib/server.ts';
import { fmt, median, percentile, since } from './lib/stats.ts';
import { hashPassword } from '../server/src/modules/people/passwords.ts';
import { createPeopleRepository } from '../server/src/modules/people/people.repository.ts';
import { createAclsRepository } from '../server/src/modules/permissions/acls.repository.ts';
import { createAclsService } from '../server/src/modules/permissions/acls.service.ts';

const GROUP = 'Permissions';
const READER = 'reader';
const READER_AUTH = `Basic ${Buffer.from(`${READER}:${READER}`).toString('base64')}`;
const CHILDREN = 100_000;
/** 100 folders of 999 files, plus the folders: 100,000 descendants. */
const TREE = { folders: 100, filesPerFolder: 999 };

interface Seeded {
  listed: string;
  tree: string;
  deepFile: string;
}

async function seed(dataDir: string): Promise<Seeded> {
  return withSeedApp(dataDir, async ({ db, companyHome, repos: { nodes } }) => {
    const acls = createAclsService(createAclsRepository());
    const now = Date.now();
    await createPeopleRepository().insert(
      db,
      {
        id: READER,
        firstName: 'Reader',
        lastName: null,
        email: 'reader@example.com',
        enabled: true,
        passwordHash: await hashPassword(READER),
        homeFolderId: null,
      },
      now,
    );
    // (a) The reader owns the folder (so may list it); its children inherit an ACL without
    // grants, except every hundredth, which grants the reader Consumer.
    const listed = { ...folderNode(companyHome, 'permissions-listed', now), ownerId: READER };
    const start = process.hrtime.bigint();
    await db.transaction().execute(async (tx) => {
      await nodes.insert(tx, listed);
      const closed = { inherit: false, local: [] };
      await acls.setPermissions(
        tx,
        { id: listed.id, parentId: companyHome, aclId: companyHome, isFolder: true },
        closed,
        (acl) => nodes.update(tx, listed.id, { permissions: closed, ...acl, modifiedAt: now, modifiedBy: 'admin' }),
      );
      for (let i = 1; i <= CHILDREN; i++) {
        const child = fileNode(listed.id, `item-${String(i).padStart(6, '0')}.txt`, now + i);
        await nodes.insert(tx, child);
        if (i % 100 === 0) {
          const open = {
            inherit: true,
            local: [{ authorityId: READER, name: 'Consumer', accessStatus: 'ALLOWED' as const }],
          };
          await acls.setPermissions(
            tx,
            { id: child.id, parentId: listed.id, aclId: listed.id, isFolder: false },
            open,
            (acl) => nodes.update(tx, child.id, { permissions: open, ...acl, modifiedAt: now, modifiedBy: 'admin' }),
          );
        }
      }
    });
    log(`seeded ${fmt(CHILDREN, 0)} children (1 % readable by ${READER}) in ${fmt(since(start) / 1000)} s`);
    // (b) A tree that inherits Company Home's permissions (everyone may read).
    const tree = folderNode(companyHome, 'permissions-tree', now);
    let deepFile = '';
    const t1 = process.hrtime.bigint();
    await db.transaction().execute(async (tx) => {
      await nodes.insert(tx, tree);
      for (let f = 0; f < TREE.folders; f++) {
        const folder = folderNode(tree.id, `folder-${f}`, now);
        await nodes.insert(tx, folder);
        for (let i = 0; i < TREE.filesPerFolder; i++) {
          const file = fileNode(folder.id, `file-${i}.txt`, now);
          await nodes.insert(tx, file);
          deepFile = file.id;
        }
      }
    });
    const count = TREE.folders * (TREE.filesPerFolder + 1);
    log(`seeded a tree of ${fmt(count, 0)} descendants in ${fmt(since(t1) / 1000)} s`);
    return { listed: listed.id, tree: tree.id, deepFile };
  });
}

async function timeListing(server: ServerHandle, folderId: string, auth: string, expected: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const url = `${server.apiUrl}/nodes/${folderId}/children`;
    const get = () => request(url, { headers: { authorization: auth }, agent });
    const first = await get();
    const page = (JSON.parse(first.body) as { list?: { pagination: { totalItems: number; count: number } } }).list
      ?.pagination;
    if (first.status !== 200 || page?.totalItems !== expected || page.count !== Math.min(100, expected)) {
      throw new Error(`listing answered ${first.status} ${first.body.slice(0, 300)}`);
    }
    for (let i = 0; i < 20; i++) await get();
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = process.hrtime.bigint();
      const res = await get();
      times.push(since(t));
      if (res.status !== 200) throw new Error(`listing answered ${res.status}`);
    }
    return { median: median(times), p95: percentile(times, 95) };
  } finally {
    agent.destroy();
  }
}

/** PUT permissions as admin, timed; then the reader's access to the deep file must already be `expected`. */
async function timeChange(server: ServerHandle, s: Seeded, permissions: object, expected: number, what: string) {
  const t = process.hrtime.bigint();
  const res = await request(`${server.apiUrl}/nodes/${s.tree}`, {
    method: 'PUT',
    headers: { authorization: ADMIN_AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ permissions }),
  });
  const ms = since(t);
  if (res.status !== 200) throw new Error(`PUT permissions answered ${res.status}: ${res.body.slice(0, 300)}`);
  const check = await request(`${server.apiUrl}/nodes/${s.deepFile}`, { headers: { authorization: READER_AUTH } });
  if (check.status !== expected) throw new Error(`after "${what}" the reader got ${check.status}, not ${expected}`);
  log(`${what}: ${fmt(ms, 0)} ms, then the reader's GET of a file two levels down: ${check.status}`);
  return ms;
}

export async function runPermissions(): Promise<Row[]> {
  const dataDir = makeTempDir('permissions');
  let server: ServerHandle | undefined;
  try {
    const seeded = await seed(dataDir);
    server = await spawnQuire(dataDir);
    const rows: Row[] = [];
    const reader = await timeListing(server, seeded.listed, READER_AUTH, CHILDREN / 100);
    const admin = await timeListing(server, seeded.listed, ADMIN_AUTH, CHILDREN);
    log(`reader (1,000 of 100,000 readable): median ${fmt(reader.median, 2)} ms, p95 ${fmt(reader.p95, 2)} ms`);
    log(`admin (all 100,000): median ${fmt(admin.median, 2)} ms, p95 ${fmt(admin.p95, 2)} ms`);
    rows.push(
      row(
        GROUP,
        'Non-admin first page, 100,000 children, 1 % readable: median / p95 (ms)',
        `${fmt(reader.median, 2)} / ${fmt(reader.p95, 2)}`,
        '< 50 (p95)',
        reader.p95 < 50,
      ),
      row(
        GROUP,
        'Same folder as admin (no filter): median / p95 (ms)',
        `${fmt(admin.median, 2)} / ${fmt(admin.p95, 2)}`,
      ),
    );
    const reader403 = { isInheritanceEnabled: false, locallySet: [] };
    const granted = {
      isInheritanceEnabled: false,
      locallySet: [{ authorityId: READER, name: 'Consumer', accessStatus: 'ALLOWED' }],
    };
    const inherit = { isInheritanceEnabled: true, locallySet: [] };
    const changes = [
      await timeChange(server, seeded, reader403, 403, 'inheritance off, no entries (its 100 folders re-pointed)'),
      await timeChange(server, seeded, granted, 200, 'reader granted Consumer (the folder keeps its ACL)'),
      await timeChange(server, seeded, inherit, 200, 'back to inheriting (its 100 folders re-pointed)'),
    ];
    const worst = Math.max(...changes);
    rows.push(
      row(
        GROUP,
        'Permission change on a folder with 100,000 descendants: the three changes (ms)',
        changes.map((c) => fmt(c, 0)).join(' / '),
      ),
      row(GROUP, 'Slowest change, in force right after the response (ms)', fmt(worst, 0), '< 1000', worst < 1000),
    );
    return rows;
  } finally {
    await server?.stop();
    removeTempDir(dataDir);
  }
}
