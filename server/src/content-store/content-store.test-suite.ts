import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { ContentMissingError, type ContentStore } from './content-store.ts';

/** One behavioural suite that every ContentStore driver passes. */
export function describeContentStore(name: string, create: () => Promise<ContentStore>): void {
  describe(`content store: ${name}`, () => {
    const chunks = (...parts: string[]) => Readable.from(parts.map((p) => Buffer.from(p)));

    it('stages, publishes and reads back bytes, whole and by range', async () => {
      const store = await create();
      const staged = await store.stage(chunks('hello ', 'world'));
      expect(staged.sizeInBytes).toBe(11);
      expect(staged.head.toString()).toBe('hello world');
      await store.publish(staged);
      expect(await text(await store.read(staged.id))).toBe('hello world');
      expect(await text(await store.read(staged.id, { start: 6, end: 10 }))).toBe('world');
    });

    it('gives every staged object its own id', async () => {
      const store = await create();
      const a = await store.stage(chunks('a'));
      const b = await store.stage(chunks('a'));
      expect(a.id).not.toBe(b.id);
    });

    it('leaves nothing behind when the limit check throws', async () => {
      const store = await create();
      const tooBig = new Error('too big');
      await expect(
        store.stage(chunks('12345', '67890'), {
          check: (n) => {
            if (n > 5) throw tooBig;
          },
        }),
      ).rejects.toBe(tooBig);
      expect(await store.sweepStaging(-1)).toBe(0);
    });

    it('leaves nothing behind when the source fails midway', async () => {
      const store = await create();
      async function* failing() {
        yield Buffer.from('part');
        throw new Error('connection reset');
      }
      await expect(store.stage(failing())).rejects.toThrow('connection reset');
      expect(await store.sweepStaging(-1)).toBe(0);
    });

    it('discards staged objects and sweeps abandoned ones', async () => {
      const store = await create();
      const kept = await store.stage(chunks('x'));
      await store.discard(kept);
      await store.stage(chunks('abandoned'));
      expect(await store.sweepStaging(60_000)).toBe(0);
      expect(await store.sweepStaging(-1)).toBe(1);
    });

    it('lists and removes published objects; removing twice is fine', async () => {
      const store = await create();
      const staged = await store.stage(chunks('data'));
      await store.publish(staged);
      const ids: string[] = [];
      for await (const item of store.list()) ids.push(item.id);
      expect(ids).toContain(staged.id);
      await store.remove(staged.id);
      await store.remove(staged.id);
      await expect(store.read(staged.id)).rejects.toBeInstanceOf(ContentMissingError);
    });

    it('tells an object that is not there (removed meanwhile) from a failure, whole and by range', async () => {
      const store = await create();
      const staged = await store.stage(chunks('gone soon'));
      await store.publish(staged);
      await store.remove(staged.id);
      const whole = await store.read(staged.id).catch((error: unknown) => error);
      expect(whole).toBeInstanceOf(ContentMissingError);
      expect(whole).toMatchObject({ contentId: staged.id });
      await expect(store.read(staged.id, { start: 0, end: 3 })).rejects.toBeInstanceOf(ContentMissingError);
      // Never published: the same.
      const staging = await store.stage(chunks('staged only'));
      await expect(store.read(staging.id)).rejects.toBeInstanceOf(ContentMissingError);
      await store.discard(staging);
    });
  });
}
