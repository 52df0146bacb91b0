import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyInvalidation, invalidationFor } from './live-invalidation.ts';
import { readLiveEvents, type LiveEvent } from './live-events.ts';

const sse = (...events: LiveEvent[]) =>
  new Response(events.map((e) => `id: ${e.id}\ndata: ${JSON.stringify(e)}\n\n`).join(''), {
    headers: { 'content-type': 'text/event-stream' },
  });
const at = '2026-11-27T12:00:00.000Z';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readLiveEvents', () => {
  it('passes events on, reconnects with Last-Event-ID after a drop, and stops on 401', async () => {
    const sent: (string | null)[] = [];
    const responses = [
      sse({ id: '7', type: 'created', at, nodeId: 'n1', parentId: 'f' }),
      sse({ id: '9', type: 'deleted', at, nodeId: 'n1' }),
      new Response('{}', { status: 401 }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push(new Headers(init.headers).get('Last-Event-ID'));
        return responses.shift()!;
      }),
    );
    const received: string[] = [];
    const onUnauthorized = vi.fn();
    await readLiveEvents({
      url: '/events',
      authorization: 'Basic x',
      signal: new AbortController().signal,
      onEvent: (e) => received.push(`${e.type}:${e.nodeId}`),
      onUnauthorized,
      sleep: async () => undefined,
    });
    expect(received).toEqual(['created:n1', 'deleted:n1']);
    expect(sent).toEqual([null, '7', '9']);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });
});

describe('invalidationFor', () => {
  it('refreshes the node, its folder and the one it left; trash moves the trashcan; membership everything', () => {
    const moved = invalidationFor([{ id: '1', type: 'moved', at, nodeId: 'n', parentId: 'b', previousParentId: 'a' }]);
    expect([...moved.ids].sort()).toEqual(['a', 'b', 'n']);
    expect(moved.everything).toBe(false);
    expect([...invalidationFor([{ id: '2', type: 'deleted', at, nodeId: 'n' }]).roots]).toContain('trash');
    expect(invalidationFor([{ id: '3', type: 'membership', at, groupId: 'GROUP_x' }]).everything).toBe(true);
  });

  it('invalidates exactly the node queries that name an affected id', async () => {
    const client = new QueryClient();
    client.setQueryData(['nodes', 'children', 'f', {}], 1);
    client.setQueryData(['nodes', 'children', 'other', {}], 1);
    await applyInvalidation(client, invalidationFor([{ id: '1', type: 'created', at, nodeId: 'n', parentId: 'f' }]));
    expect(client.getQueryState(['nodes', 'children', 'f', {}])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['nodes', 'children', 'other', {}])?.isInvalidated).toBe(false);
  });

  it('refreshes the listings of the folders holding a node as a secondary child: its changes, links and unlinks', async () => {
    const client = new QueryClient();
    const keys = [
      ['nodes', 'children', 's', {}],
      ['nodes', 'editor', 'secondary-children', 's', { skipCount: 0 }],
      ['nodes', 'children', 'other', {}],
    ];
    const stale = async (events: LiveEvent[]) => {
      for (const key of keys) client.setQueryData(key, 1);
      await applyInvalidation(client, invalidationFor(events));
      return keys.map((key) => client.getQueryState(key)?.isInvalidated);
    };
    const updated: LiveEvent = { id: '1', type: 'updated', at, nodeId: 'n', parentId: 'p', secondaryParentIds: ['s'] };
    expect(await stale([updated])).toEqual([true, true, false]);
    expect(await stale([{ id: '2', type: 'linked', at, nodeId: 'n', parentId: 's' }])).toEqual([true, true, false]);
    // A node deleted for good: its links' events name the folder only.
    expect(await stale([{ id: '3', type: 'unlinked', at, parentId: 's' }])).toEqual([true, true, false]);
  });

  it('a folder trashed, moved or restored refreshes what is shown below it (its nodes write no events of their own)', async () => {
    const client = new QueryClient();
    const path = (...ids: string[]) => ({ elements: ids.map((id) => ({ id, name: id })) });
    const keys = [
      ['nodes', 'node', 'sub'],
      ['nodes', 'children', 'sub', {}],
      ['nodes', 'node', 'beside'],
      ['nodes', 'children', 'beside', {}],
    ];
    const stale = async (event: LiveEvent) => {
      client.setQueryData(keys[0]!, { id: 'sub', name: 'sub', path: path('root', 'top', 'mid') });
      client.setQueryData(keys[1]!, { list: { entries: [] } });
      client.setQueryData(keys[2]!, { id: 'beside', name: 'beside', path: path('root', 'other') });
      client.setQueryData(keys[3]!, { list: { entries: [] } });
      await applyInvalidation(client, invalidationFor([event]));
      return keys.map((key) => client.getQueryState(key)?.isInvalidated);
    };
    expect(await stale({ id: '1', type: 'deleted', at, nodeId: 'top', parentId: 'root' })).toEqual([
      true,
      true,
      false,
      false,
    ]);
    const moved: LiveEvent = { id: '2', type: 'moved', at, nodeId: 'mid', parentId: 'x', previousParentId: 'top' };
    expect(await stale(moved)).toEqual([true, true, false, false]);
    // Other events of a folder leave what is below it alone.
    expect(await stale({ id: '4', type: 'updated', at, nodeId: 'top', parentId: 'root' })).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('a restore of the folder brings back a page below it that failed while it was in the trash', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = ['nodes', 'node', 'sub'];
    client.setQueryData(key, { id: 'sub', name: 'sub', path: { elements: [{ id: 'top', name: 'top' }] } });
    await expect(
      client.fetchQuery({ queryKey: key, queryFn: () => Promise.reject(new Error('404')), staleTime: 0 }),
    ).rejects.toThrow();
    // A query that failed keeps the data it had, its path included.
    expect(client.getQueryState(key)).toMatchObject({ status: 'error', data: { id: 'sub' } });
    // The page shows it (an observer that fetches only when told to).
    const fetched = vi.fn(async () => ({ id: 'sub', name: 'sub', path: { elements: [] } }));
    const page = new QueryObserver(client, {
      queryKey: key,
      queryFn: fetched,
      refetchOnMount: false,
      staleTime: Infinity,
    });
    const stop = page.subscribe(() => undefined);
    await applyInvalidation(client, invalidationFor([{ id: '5', type: 'restored', at, nodeId: 'top' }]));
    stop();
    expect(fetched).toHaveBeenCalledOnce();
  });
});
