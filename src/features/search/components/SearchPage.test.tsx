import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorJson, json, renderRoutes, stubApi } from '../../../test/render.tsx';
import { MATCH_END as E, MATCH_START as S } from '../model/snippet.ts';
import { SearchPage } from './SearchPage.tsx';

const admin = { id: 'admin', displayName: 'Administrator' };
const node = (id: string, name: string, highlight: { field: string; snippets: string[] }[]) => ({
  id,
  name,
  nodeType: 'cm:content',
  isFile: true,
  isFolder: false,
  createdAt: '2026-11-22T10:00:00.000+0000',
  createdByUser: admin,
  modifiedAt: '2026-11-22T10:00:00.000+0000',
  modifiedByUser: admin,
  content: { mimeType: 'application/pdf', mimeTypeName: 'PDF', sizeInBytes: 2048 },
  path: {
    name: '/Company Home/Reports',
    isComplete: true,
    elements: [
      { id: 'ch', name: 'Company Home' },
      { id: 'r', name: 'Reports' },
    ],
  },
  search: { score: 1, highlight },
});
const answer = (entries: unknown[]) =>
  json(200, {
    list: {
      pagination: {
        count: entries.length,
        hasMoreItems: false,
        totalItems: entries.length,
        skipCount: 0,
        maxItems: 20,
      },
      context: {
        facets: [
          {
            type: 'field',
            label: 'File type',
            buckets: [
              {
                label: 'application/pdf',
                filterQuery: 'content.mimetype:"application/pdf"',
                metrics: [{ type: 'count', value: { count: 1 } }],
              },
            ],
          },
        ],
      },
      entries: entries.map((entry) => ({ entry })),
    },
  });
const routes = [{ path: '/search', element: <SearchPage /> }];

describe('SearchPage', () => {
  it('shows results with their matches marked, hostile text as text, and filters in the address', async () => {
    const hostile = `<img src=x onerror="alert(1)"> the ${S}zeppelin${E} fleet`;
    const requests = stubApi({
      'POST /search': () => answer([node('n1', 'plan.pdf', [{ field: 'cm:content', snippets: [hostile] }])]),
    });
    const { container, router } = renderRoutes(routes, '/search?q=zeppelin');
    const row = await screen.findByRole('listitem', { name: 'plan.pdf' });
    expect(within(row).getByText('zeppelin', { selector: 'mark' })).toBeTruthy();
    expect(row.textContent).toContain('<img src=x onerror="alert(1)"> the zeppelin fleet');
    expect(container.querySelector('img')).toBeNull();
    expect(within(row).getByRole('link', { name: 'Open folder Company Home / Reports' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('1 result for “zeppelin”');
    const body = (await requests[0]!.json()) as { query: { query: string }; highlight: { prefix: string } };
    expect(body.query.query).toBe('zeppelin');
    expect(body.highlight.prefix).toBe(S);

    await userEvent.click(screen.getAllByRole('checkbox', { name: /PDF/ })[0]!);
    expect(router.state.location.search).toBe('?q=zeppelin&filter=content.mimetype%3A%22application%2Fpdf%22');
  });

  it('says politely why the server refused a search', async () => {
    stubApi({ 'POST /search': () => errorJson(400, 'The query ends too early: a ) is missing.') });
    renderRoutes(routes, '/search?q=x');
    expect(await screen.findByText(/The repository could not read this search: The query ends too early/)).toBeTruthy();
  });

  it('asks for words when there are none, without searching', () => {
    const requests = stubApi({});
    renderRoutes(routes, '/search');
    expect(screen.getByText('Search files and folders')).toBeTruthy();
    expect(requests).toEqual([]);
  });
});
