import { describe, expect, it } from 'vitest';
import { aPerson } from '../../testing/builders.ts';
import { stalled } from '../../testing/stalled.ts';
import { testDialect } from '../../testing/test-database.ts';
import { serverWithPeer } from '../../testing/server-with-peer.ts';

// Updates of one person's custom properties at once (through two instances on PostgreSQL): each
// merges its keys into the properties as they are when it writes, so none loses another's.

const t = serverWithPeer({
  skippedOnSqlite: 'two person updates held half-way: SQLite has one writer, nothing is held half-way.',
});

const propertiesOf = async (id: string) => (await t.server.api.get(`/people/${id}`)).body.entry.properties;

describe('updates of different custom properties of one person at once', () => {
  it('keeps every key', async () => {
    await aPerson(t.server, 'carol');
    const keys = Array.from({ length: 12 }, (_, i) => `acme:key${i}`);
    const answers = await Promise.all(
      keys.map((key, i) => (i % 2 ? t.peer : t.server.api).put('/people/carol', { properties: { [key]: key } })),
    );
    expect(answers.map((a) => a.status)).toEqual(keys.map(() => 200));
    expect(await propertiesOf('carol')).toEqual(Object.fromEntries(keys.map((k) => [k, k])));
  });
});

describe.skipIf(testDialect !== 'postgres')('two updates of one person meeting half-way (PostgreSQL)', () => {
  it('an update of one custom property, then of another (held at the person): both are kept', async () => {
    await aPerson(t.server, 'dave');
    const [first, second] = await stalled(
      t.server.databaseUrl!,
      `select id from people where id = 'dave' for update`,
      () => t.server.api.put('/people/dave', { properties: { 'acme:badge': 'B-17' } }),
      () => t.peer.put('/people/dave', { properties: { 'acme:floor': 3 } }),
    );
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.entry.properties).toEqual({ 'acme:badge': 'B-17', 'acme:floor': 3 });
    expect(await propertiesOf('dave')).toEqual({ 'acme:badge': 'B-17', 'acme:floor': 3 });
  });
});
