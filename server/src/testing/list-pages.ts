import { expect } from 'vitest';
import type { ApiClient } from './api-client.ts';

/**
 * Every page of a listing as a client pages through it with maxItems `size`: the entries' ids in
 * order and the totalItems each page gave. Checks each page's count, that a page before the last
 * is full, and that the last reaches the total.
 */
export async function listPages(api: ApiClient, path: string, size: number, query: Record<string, string> = {}) {
  const seen: string[] = [];
  const totals = new Set<number>();
  for (let skipCount = 0; ; skipCount += size) {
    const res = await api.get(path, { query: { ...query, skipCount, maxItems: size } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { pagination, entries } = res.body.list as {
      pagination: { count: number; totalItems: number; hasMoreItems: boolean };
      entries: { entry: { id: string } }[];
    };
    expect(pagination.count).toBe(entries.length);
    totals.add(pagination.totalItems);
    seen.push(...entries.map((e) => e.entry.id));
    if (!pagination.hasMoreItems) {
      expect(skipCount + pagination.count).toBeGreaterThanOrEqual(pagination.totalItems);
      break;
    }
    expect(pagination.count).toBe(size);
  }
  return { seen, totals: [...totals] };
}
