import { expect, it } from 'vitest';
import { orderedId } from './ordered-id.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

it('makes UUIDs of version 7 that start with the time in milliseconds', () => {
  const now = Date.UTC(2026, 10, 23, 4, 40);
  const id = orderedId(now);
  expect(id).toMatch(UUID_V7);
  expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(now);
});

it('sorts ids of later milliseconds after earlier ones, and never repeats one', () => {
  const ids = Array.from({ length: 5000 }, (_, i) => orderedId(1_700_000_000_000 + Math.floor(i / 10)));
  expect(new Set(ids).size).toBe(ids.length);
  for (let i = 10; i < ids.length; i += 10) expect(ids[i - 1]! < ids[i]!).toBe(true);
  for (const id of ids) expect(id).toMatch(UUID_V7);
});
