import { describe, expect, it } from 'vitest';
import {
  cancel,
  clearFinished,
  conflict,
  emptyQueue,
  enqueue,
  fail,
  panelOrder,
  progress,
  resolve,
  retry,
  start,
  startable,
  succeed,
  summarize,
  summaryTitle,
  type NewUpload,
  type UploadQueue,
} from './upload-queue.ts';

const aFile = (id: string, size = 1000): NewUpload => ({ id, name: `${id}.txt`, size, parentId: 'p' });
const statusOf = (q: UploadQueue, id: string) => q.items.find((i) => i.id === id)?.status;
const item = (q: UploadQueue, id: string) => q.items.find((i) => i.id === id)!;

describe('upload queue', () => {
  it('starts at most maxParallel files, oldest first', () => {
    let q = enqueue(emptyQueue(2), [aFile('a'), aFile('b'), aFile('c')]);
    expect(startable(q).map((i) => i.id)).toEqual(['a', 'b']);
    q = start(start(q, 'a', 0), 'b', 0);
    expect(startable(q)).toEqual([]);
    q = succeed(q, 'a');
    expect(startable(q).map((i) => i.id)).toEqual(['c']);
  });

  it('keeps the relative path of a folder upload, and none for a plain file', () => {
    const q = enqueue(emptyQueue(), [
      { ...aFile('a'), relativePath: 'x/y' },
      { ...aFile('b'), relativePath: '' },
    ]);
    expect(item(q, 'a').relativePath).toBe('x/y');
    expect(item(q, 'b').relativePath).toBeUndefined();
  });

  it('tracks progress and speed in bytes per second', () => {
    let q = start(enqueue(emptyQueue(), [aFile('a', 4000)]), 'a', 1000);
    q = progress(q, 'a', 2000, 3000);
    expect(item(q, 'a')).toMatchObject({ loaded: 2000, speed: 1000 });
    q = succeed(q, 'a');
    expect(item(q, 'a')).toMatchObject({ status: 'done', loaded: 4000 });
  });

  it('ignores progress once a file is no longer uploading', () => {
    let q = start(enqueue(emptyQueue(), [aFile('a')]), 'a', 0);
    q = cancel(q, 'a');
    q = progress(q, 'a', 500, 10);
    expect(item(q, 'a')).toMatchObject({ status: 'cancelled', loaded: 0 });
    expect(succeed(q, 'a')).toEqual(q);
  });

  it('a failure keeps the reason; retry queues it again, optionally renamed', () => {
    let q = start(enqueue(emptyQueue(), [aFile('a')]), 'a', 0);
    q = fail(q, 'a', 'bad name', true);
    expect(item(q, 'a')).toMatchObject({ status: 'failed', error: 'bad name', isBadName: true });
    q = retry(q, 'a', 'fixed.txt');
    expect(item(q, 'a')).toMatchObject({ status: 'queued', name: 'fixed.txt', error: undefined, isBadName: false });
  });

  it('cancelled files can be retried; done files cannot', () => {
    let q = enqueue(emptyQueue(), [aFile('a'), aFile('b')]);
    q = cancel(q, 'a');
    expect(statusOf(q, 'a')).toBe('cancelled');
    expect(statusOf(retry(q, 'a'), 'a')).toBe('queued');
    q = succeed(start(q, 'b', 0), 'b');
    expect(retry(q, 'b')).toEqual(q);
    expect(cancel(q, 'b')).toEqual(q);
  });

  it('a conflict waits for a choice: keep both and replace requeue, skip ends it', () => {
    let q = start(start(enqueue(emptyQueue(), [aFile('a'), aFile('b')]), 'a', 0), 'b', 0);
    q = conflict(conflict(q, 'a', 'taken'), 'b', 'taken');
    expect(summarize(q).conflicts).toBe(2);
    q = resolve(q, 'a', { kind: 'replace', majorVersion: true, comment: 'v2' });
    expect(item(q, 'a')).toMatchObject({ status: 'queued', resolution: { kind: 'replace', comment: 'v2' } });
    q = resolve(q, 'b', { kind: 'skip' });
    expect(statusOf(q, 'b')).toBe('cancelled');
  });

  it('summarizes and clears the finished files', () => {
    let q = enqueue(emptyQueue(), [aFile('a'), aFile('b'), aFile('c')]);
    q = succeed(start(q, 'a', 0), 'a');
    q = fail(start(q, 'b', 0), 'b', 'x');
    expect(summarize(q)).toEqual({ total: 3, done: 1, active: 1, failed: 1, conflicts: 0, cancelled: 0 });
    expect(clearFinished(q).items.map((i) => i.id)).toEqual(['b', 'c']);
  });

  it('says in its title what did not land: failed, to decide, cancelled or skipped', () => {
    let q = enqueue(emptyQueue(4), [aFile('a'), aFile('b'), aFile('c'), aFile('d')]);
    expect(summaryTitle(summarize(q))).toBe('Uploading 1 of 4');
    q = succeed(start(q, 'a', 0), 'a');
    q = fail(start(q, 'b', 0), 'b', 'x');
    q = conflict(start(q, 'c', 0), 'c', 'taken');
    q = resolve(q, 'c', { kind: 'skip' });
    q = cancel(q, 'd');
    expect(summaryTitle(summarize(q))).toBe('1 of 4 uploaded · 1 failed · 2 cancelled or skipped');
  });

  it('lists what is uploading first, then what needs the person, then what waits, then what is over', () => {
    let q = enqueue(
      emptyQueue(2),
      ['done1', 'up', 'clash', 'wait1', 'bad', 'wait2', 'done2'].map((id) => aFile(id)),
    );
    for (const id of ['done1', 'done2']) q = succeed(start(q, id, 0), id);
    q = start(q, 'up', 0);
    q = conflict(start(q, 'clash', 0), 'clash', 'taken');
    q = fail(start(q, 'bad', 0), 'bad', 'x');
    expect(panelOrder(q.items).map((i) => i.id)).toEqual(['up', 'clash', 'bad', 'wait2', 'wait1', 'done2', 'done1']);
  });
});
