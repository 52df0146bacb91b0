import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { Checkpointer } from './checkpointer.ts';
import { openDatabase } from './database.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'quire-ckpt-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A database in WAL mode whose writer never checkpoints by itself, as Quire's does. */
function walDatabase(file: string) {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('create table t (id integer primary key, text text)');
  return db;
}

it('copies committed pages into the database file in its worker, once for commits close together', async () => {
  const file = path.join(dir, 'db.sqlite');
  const db = walDatabase(file);
  const failures: Error[] = [];
  const checkpointer = new Checkpointer(file, { minCommits: 1, delayMs: 20, onFailure: (e) => failures.push(e) });
  try {
    const sizeBefore = statSync(file).size;
    const insert = db.prepare('insert into t (text) values (?)');
    for (let i = 0; i < 20; i++) {
      db.transaction(() => {
        for (let j = 0; j < 100; j++) insert.run('x'.repeat(200));
      })();
      checkpointer.committed();
    }
    // Nothing has reached the database file yet: it is all in the WAL.
    expect(statSync(file).size).toBe(sizeBefore);
    await checkpointer.idle();
    expect(checkpointer.count).toBe(1);
    expect(statSync(file).size).toBeGreaterThan(sizeBefore + 20 * 100 * 200);
    // Another connection reading only the database file would see the rows: nothing is left to copy.
    const [result] = db.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
    expect(result!.checkpointed).toBe(result!.log);
    expect(failures).toEqual([]);
  } finally {
    await checkpointer.close();
    db.close();
  }
});

it('checkpoints again for commits made while one runs', async () => {
  const file = path.join(dir, 'db.sqlite');
  const db = walDatabase(file);
  const checkpointer = new Checkpointer(file, { minCommits: 1, delayMs: 1, onFailure: () => {} });
  try {
    db.prepare('insert into t (text) values (?)').run('a');
    checkpointer.committed();
    await vi.waitFor(() => expect(checkpointer.count).toBe(1));
    db.prepare('insert into t (text) values (?)').run('b');
    checkpointer.committed();
    await checkpointer.idle();
    expect(checkpointer.count).toBe(2);
  } finally {
    await checkpointer.close();
    db.close();
  }
});

it('reports a worker that cannot checkpoint, so that SQLite can do it again', async () => {
  // A directory cannot be opened as a database.
  const failures: Error[] = [];
  const checkpointer = new Checkpointer(dir, { minCommits: 1, delayMs: 1, onFailure: (e) => failures.push(e) });
  checkpointer.committed();
  await vi.waitFor(() => expect(failures).toHaveLength(1));
  await checkpointer.idle();
  checkpointer.committed();
  expect(checkpointer.count).toBe(1);
  await checkpointer.close();
});

it('starts its worker only for work, checkpoints a few commits after a quiet while, and stops when idle', async () => {
  const file = path.join(dir, 'db.sqlite');
  const db = walDatabase(file);
  const checkpointer = new Checkpointer(file, { minCommits: 3, delayMs: 1, idleMs: 60, onFailure: () => {} });
  try {
    expect(checkpointer.working).toBe(false);
    const insert = db.prepare('insert into t (text) values (?)');
    insert.run('a');
    checkpointer.committed();
    insert.run('b');
    checkpointer.committed();
    // Below minCommits: nothing yet, not even the worker.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(checkpointer.starts).toBe(0);
    // After the quiet while, those two are checkpointed; then the idle worker stops.
    await checkpointer.idle();
    expect(checkpointer.count).toBe(1);
    expect(checkpointer.starts).toBe(1);
    await vi.waitFor(() => expect(checkpointer.working).toBe(false));
    // Enough commits: checkpointed at once, by a worker started again.
    for (const text of ['c', 'd', 'e']) {
      insert.run(text);
      checkpointer.committed();
    }
    await vi.waitFor(() => expect(checkpointer.count).toBe(2), { timeout: 50, interval: 2 });
    expect(checkpointer.starts).toBe(2);
  } finally {
    await checkpointer.close();
    db.close();
  }
  expect(checkpointer.working).toBe(false);
});

it('leaves no WAL behind when the database closes: the writer, closed last, checkpoints it', async () => {
  const handle = await openDatabase({ databaseUrl: undefined, dataDir: dir });
  await handle.db.insertInto('contentObjects').values({ id: 'c1', sizeInBytes: 1, createdAt: 1 }).execute();
  expect(existsSync(path.join(dir, 'quire.sqlite-wal'))).toBe(true);
  await handle.close();
  expect(existsSync(path.join(dir, 'quire.sqlite-wal'))).toBe(false);
  const check = new SQLite(path.join(dir, 'quire.sqlite'), { readonly: true });
  expect(check.prepare('select id from content_objects').all()).toEqual([{ id: 'c1' }]);
  check.close();
});
