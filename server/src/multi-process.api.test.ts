import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, ApiResponse } from './testing/api-client.ts';
import { aFile, aFolder, aSharedFolder, aUser, uniqueName } from './testing/builders.ts';
import { inForceWithin, status, writeAfterWarming } from './testing/in-force.ts';
import { startServerPair, type ServerPair } from './testing/server-pair.ts';
import { testDialect } from './testing/test-database.ts';

// Two server PROCESSES (issue 20, "a multi-instance suite in CI"): A and B on one PostgreSQL
// database and one S3 bucket (the local s3rver), each with a data directory of its own, driven
// through HTTP only. The in-process pair of multi-instance.api.test.ts shares a process; this one
// shares nothing but the database and the bucket, and ends with A killed (SIGKILL) mid-write.

// Above the longest wait between an object's publishing and its commit here (uploads queued on a
// person's row lock in the quota race), so the sweeper takes nothing in flight.
const GRACE_SECONDS = 8;
const onPostgres = testDialect === 'postgres';
if (!onPostgres) {
  console.log(
    '[multi-process] skipped: two server processes share a PostgreSQL database only (QUIRE_TEST_DB=postgres).',
  );
}

let pair: ServerPair;
let a: ApiClient;
let b: ApiClient;
/** A, B, A, B… */
const via = (i: number) => (i % 2 === 0 ? a : b);
const octets = { headers: { 'content-type': 'application/octet-stream' } };

beforeAll(async () => {
  if (!onPostgres) return;
  // The sweeper every second, removing a crash's leftovers once they are GRACE_SECONDS old.
  pair = await startServerPair({
    LOG_LEVEL: 'info',
    SWEEP_INTERVAL_SECONDS: '1',
    SWEEP_GRACE_SECONDS: String(GRACE_SECONDS),
  });
  a = pair.a.api;
  b = pair.b.api;
}, 90_000);
afterAll(async () => {
  await pair?.close();
});

describe.skipIf(!onPostgres)('two server processes on one database and one bucket', () => {
  it('lets one of 50 parallel creates of a name win, split across both', async () => {
    const folder = await aFolder(a);
    const name = uniqueName('same');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        via(i).post(`/nodes/${folder.id}/children`, { name, nodeType: 'cm:content' }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(49).fill(409)]);
    for (const api of [a, b]) {
      const listed = await api.get(`/nodes/${folder.id}/children`);
      expect(listed.body.list.entries.map((e: { entry: { name: string } }) => e.entry.name)).toEqual([name]);
    }
  });

  it('gives a node to one of several people locking it at once through both', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => aUser(a)));
    const folder = await aSharedFolder(a, Object.fromEntries(users.map((u) => [u.id, 'Collaborator'])));
    const file = await aFile(a, folder.id);
    const results = await Promise.all(
      users.map((u, i) => via(i).as(u.id, u.password).post(`/nodes/${file.id}/lock`, { lifetime: 'PERSISTENT' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    const winner = users[results.findIndex((r) => r.status === 200)]!;
    for (const api of [a, b]) {
      const node = await api.get(`/nodes/${file.id}`);
      expect(node.body.entry.properties['cm:lockOwner'].id).toBe(winner.id);
    }
  });

  /** N parallel content updates of one file through both; checks the labels, the history and each version's bytes. */
  async function raceUpdates(majorVersion: boolean, expectedLabels: string[]) {
    const file = await aFile(a, (await aFolder(a)).id, 'first');
    // Every other one over 64 KiB: in S3 rather than in the database.
    const bodies = expectedLabels.map((_, i) => `update ${i} of ${file.id}`.padEnd(i % 2 ? 70_000 : 0, '.'));
    const results = await Promise.all(
      bodies.map((body, i) => via(i).put(`/nodes/${file.id}/content`, body, { ...octets, query: { majorVersion } })),
    );
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const labels = results.map((r) => r.body.entry.properties['cm:versionLabel'] as string);
    expect([...labels].sort(byLabel)).toEqual(expectedLabels);
    const history = await b.get(`/nodes/${file.id}/versions`, { query: { maxItems: 100 } });
    const listed = history.body.list.entries.map((e: { entry: { id: string } }) => e.entry.id) as string[];
    expect([...listed].sort(byLabel)).toEqual(['1.0', ...expectedLabels]);
    // Each answer names its own version: the bytes it sent are that version's.
    for (const [i, label] of labels.entries()) {
      const content = await via(i + 1).get(`/nodes/${file.id}/versions/${label}/content`);
      expect(content.raw.toString()).toBe(bodies[i]);
    }
    const last = labels.indexOf(expectedLabels.at(-1)!);
    expect((await b.get(`/nodes/${file.id}/content`)).raw.toString()).toBe(bodies[last]);
  }

  it('keeps every one of parallel content updates through both, once (minor versions)', async () => {
    await raceUpdates(
      false,
      Array.from({ length: 12 }, (_, i) => `1.${i + 1}`),
    );
  });

  it('numbers parallel new versions through both uniquely and contiguously, each answer its own', async () => {
    await raceUpdates(
      true,
      Array.from({ length: 12 }, (_, i) => `${i + 2}.0`),
    );
  });

  it('never lets parallel uploads through both take a person past their quota (content in S3)', async () => {
    const quota = 1_000_000;
    const bytes = 100_000;
    const user = await aUser(a);
    expect((await a.put(`/people/${user.id}`, { quota })).status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        via(i).as(user.id, user.password).upload('-my-', `q-${i}.bin`, Buffer.alloc(bytes, i)),
      ),
    );
    for (const r of results) expect([201, 507]).toContain(r.status);
    const created = results.filter((r) => r.status === 201).length;
    expect(created).toBe(quota / bytes);
    const used = (await b.get(`/people/${user.id}`)).body.entry.quotaUsed as number;
    expect(used).toBe(created * bytes);
  });

  it("refuses on B a person disabled through A, within 100 ms of A's answer", async () => {
    const user = await aUser(a);
    const ask = () => b.as(user.id, user.password).get('/people/-me-');
    const since = await writeAfterWarming(ask, status(200), () => a.put(`/people/${user.id}`, { enabled: false }));
    console.log(
      `[multi-process] in force on the other process after: ${await inForceWithin('disable', since, ask, status(401))}`,
    );
  });

  it('keeps every acknowledged write when A is killed mid-write, and the sweeper leaves no orphan', async () => {
    // Runs last: A does not come back.
    const folder = await aFolder(a);
    const file = await aFile(a, folder.id, 'first');
    const { writes, killedAt, leftovers } = await writesThroughBothKillingA(folder.id, file.id);
    expect(await pair.a.proc.exited).toBeNull();
    // What A left: at least the multipart upload of the unfinished upload.
    expect(leftovers.uploads.length).toBeGreaterThan(0);
    // B answered every write; A, each one it answered before it died.
    for (const x of writes) expect([success(x), ...(x.through === 'a' ? [0] : [])]).toContain(x.status);
    const acknowledged = writes.filter((x) => x.status === success(x));
    expect(acknowledged.filter((x) => x.through === 'a').length).toBeGreaterThan(0);
    for (const x of acknowledged) {
      const url = x.kind === 'create' ? `/nodes/${x.id}/content` : `/nodes/${file.id}/versions/${x.label}/content`;
      const content = await b.get(url);
      expect(content.status).toBe(200);
      expect(content.raw.equals(x.body), `${x.kind} through ${x.through}: ${x.id} ${x.label}`).toBe(true);
    }
    // The updated file's history: 1.0, 1.1, 1.2… with no gap, each acknowledged update in it once
    // (an update A committed but could not answer may be there too).
    const history = await b.get(`/nodes/${file.id}/versions`, { query: { maxItems: 1000 } });
    const labels = (history.body.list.entries as { entry: { id: string } }[]).map((e) => e.entry.id).sort(byLabel);
    expect(labels).toEqual(labels.map((_, i) => `1.${i}`));
    const updates = acknowledged.filter((x) => x.kind === 'update');
    expect(new Set(updates.map((x) => x.label)).size).toBe(updates.length);
    const cutOff = writes.filter((x) => x.kind === 'update' && x.status === 0).length;
    expect(labels.length - 1).toBeGreaterThanOrEqual(updates.length);
    expect(labels.length - 1).toBeLessThanOrEqual(updates.length + cutOff);
    // The sweeper on B removes what A left once it is GRACE_SECONDS old: two runs after that, none is left.
    await twoSweepsOnBAfter(killedAt + GRACE_SECONDS * 1000 + 1000);
    const { keys, uploads } = await pair.bucket();
    const referenced = await pair.query<{ id: string }>(`select c.id from content_objects c where c.data is null and
      (exists (select 1 from nodes n where n.content_id = c.id) or exists (select 1 from versions v where v.content_id = c.id))`);
    expect(uploads).toEqual([]);
    expect(pair.b.proc.output()).not.toContain('content sweep failed');
    // B answered no request of this file with a 5xx but the quota race's 507s (its log has every answer's status).
    expect(pair.b.proc.output()).toMatch(/"statusCode":201/);
    expect(pair.b.proc.output()).not.toMatch(/"statusCode":5(?!07)\d\d/);
    expect(keys).toEqual(referenced.map((r) => `objects/${r.id}`).sort());
    // B's sweeper it was that aborted A's multipart upload.
    const swept = sweptOnB();
    expect(swept.staging).toBeGreaterThan(0);
    console.log(
      `[multi-process] ${acknowledged.length} writes acknowledged (${acknowledged.filter((x) => x.through === 'a').length} by A), ` +
        `${writes.filter((x) => x.status === 0).length} cut off; B's sweeper removed ${swept.staging} staged ` +
        `object(s) or multipart upload(s) and ${swept.objects} object(s) no row named`,
    );
  }, 90_000);
});

/** Version labels in order: 1.2 before 1.10 before 2.0. */
function byLabel(x: string, y: string) {
  const [xMajor, xMinor] = x.split('.').map(Number);
  const [yMajor, yMinor] = y.split('.').map(Number);
  return xMajor! - yMajor! || xMinor! - yMinor!;
}

/**
 * Six writers upload new files, and two update one file's content, through A and B in turn (streamed
 * to S3 over 64 KiB, inline below, alternately). Once 16 are answered an upload through A sends 9 MiB
 * of a body it never ends (one 8 MiB part reaches S3); then A is killed, the bucket is listed, and
 * each writer sends six more (A's are cut off).
 */
async function writesThroughBothKillingA(folderId: string, fileId: string) {
  const writes: Write[] = [];
  let killedAt = 0;
  const writer = async (w: number, kind: Write['kind']) => {
    const sentSinceKill = () => writes.filter((x) => x.worker === w && x.at > killedAt).length;
    for (let i = 0; killedAt === 0 || sentSinceKill() < 6; i += 1) {
      const through = (w + i) % 2 === 0 ? 'a' : 'b';
      const api = through === 'a' ? a : b;
      const body = Buffer.alloc(i % 2 === 0 ? 70_000 + w * 1000 + i : 2_000 + i, `${w}-${i}|`);
      const answer = await (
        kind === 'create'
          ? api.upload(folderId, `w${w}-${i}.bin`, body)
          : api.put(`/nodes/${fileId}/content`, body, octets)
      ).catch((error: unknown) => ({ status: 0, error }) as unknown as ApiResponse);
      const entry = answer.body?.entry;
      const label = entry?.properties?.['cm:versionLabel'] as string | undefined;
      writes.push({ worker: w, kind, through, status: answer.status, id: entry?.id, label, body, at: Date.now() });
    }
  };
  const writers = Promise.all(Array.from({ length: 8 }, (_, w) => writer(w, w < 6 ? 'create' : 'update')));
  await until(async () => writes.length >= 16, '16 writes answered');
  const slow = slowUploadThroughA(folderId);
  await until(async () => (await pair.bucket()).uploads.length > 0, 'a multipart upload in progress through A');
  pair.a.proc.child.kill('SIGKILL');
  killedAt = Date.now();
  const leftovers = await pair.bucket();
  await Promise.all([writers, slow]);
  return { writes, killedAt, leftovers };
}

interface Write {
  worker: number;
  kind: 'create' | 'update';
  through: 'a' | 'b';
  /** 0: no answer (A died). */
  status: number;
  id: string | undefined;
  /** The version an update's answer names. */
  label: string | undefined;
  body: Buffer;
  at: number;
}

/** The status of a write that succeeded. */
const success = (x: Write) => (x.kind === 'create' ? 201 : 200);

/** What B's content sweeper removed, from its log. */
function sweptOnB() {
  const runs = pair.b.proc
    .output()
    .split('\n')
    .filter((line) => line.includes('"msg":"content sweep"'))
    .map((line) => JSON.parse(line) as { staging: number; objects: number });
  return {
    staging: runs.reduce((n, r) => n + r.staging, 0),
    objects: runs.reduce((n, r) => n + r.objects, 0),
  };
}

/** Waits until `at`, then for two runs of B's content sweeper (its log), so one started after `at`. */
async function twoSweepsOnBAfter(at: number) {
  const sweeps = () => pair.b.proc.output().split('"msg":"content sweep"').length - 1;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
  const seen = sweeps();
  await until(async () => sweeps() >= seen + 2, 'two content sweeps on B');
}

/** Polls `check` every 100 ms for at most 30 s. */
async function until(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`waited 30 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** An upload through A that sends 9 MiB (more than one 8 MiB part reaches S3) and never ends; settles when A dies. */
function slowUploadThroughA(folderId: string): Promise<void> {
  const url = new URL(pair.a.baseUrl);
  return new Promise((resolve) => {
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      method: 'POST',
      path: `/alfresco/api/-default-/public/alfresco/versions/1/nodes/${folderId}/children`,
      headers: {
        authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}`,
        'content-type': 'multipart/form-data; boundary=b0undary',
      },
    });
    req.on('error', () => resolve());
    req.on('response', () => resolve());
    req.write('--b0undary\r\nContent-Disposition: form-data; name="filedata"; filename="big.bin"\r\n\r\n');
    req.write(Buffer.alloc(9 * 1024 * 1024, 7));
  });
}
