import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '../test/render.tsx';
import { searchPeople, useCurrentPerson, useIsAdmin } from './people.ts';
import { session } from './session.ts';

const empty = { list: { entries: [], pagination: { count: 0, hasMoreItems: false, skipCount: 0, maxItems: 20 } } };

/** What the server's where-clause parser reads as the search text: `'…'` with `\'` and `\\` escaped. */
function searchTextOf(where: string | null): string | undefined {
  const quoted = /^\(search='((?:[^'\\]|\\.)*)'\)$/.exec(where ?? '');
  return quoted?.[1]?.replace(/\\(.)/g, '$1');
}

async function whereSentFor(term: string) {
  const requests = stubApi({ 'GET /people': () => json(200, empty) });
  await searchPeople(term);
  return new URL(requests[0]?.url ?? '').searchParams.get('where');
}

describe('searchPeople', () => {
  it('escapes quotes and backslashes as lib/where-clause does', async () => {
    expect(await whereSentFor("O'Brien")).toBe("(search='O\\'Brien')");
    expect(await whereSentFor('C:\\')).toBe("(search='C:\\\\')");
    expect(await whereSentFor("a\\'b")).toBe("(search='a\\\\\\'b')");
  });

  // Escaping only the quote (an earlier copy did) left `C:\` as `'C:\'`: the closing quote escaped.
  it.each(["O'Brien", 'C:\\', "a\\'b", "\\\\'", 'plain'])(
    'sends %s so the server reads it back unchanged',
    async (term) => {
      expect(searchTextOf(await whereSentFor(term))).toBe(term);
    },
  );

  it('asks for one page of 20, by name', async () => {
    const requests = stubApi({ 'GET /people': () => json(200, empty) });
    await searchPeople('al');
    const query = new URL(requests[0]?.url ?? '').searchParams;
    expect(query.get('maxItems')).toBe('20');
    expect(query.get('orderBy')).toBe('firstName,lastName');
  });
});

function Me() {
  const me = useCurrentPerson();
  const isAdmin = useIsAdmin();
  return <p>{me.data ? `${me.data.id}: ${isAdmin ? 'admin' : 'not admin'}` : 'unknown'}</p>;
}

describe('the signed-in person', () => {
  beforeEach(() => session.set({ ticket: 'TICKET_1', userId: 'alice' }));

  it('is asked for once, however many parts of the page want it', async () => {
    const requests = stubApi({
      'GET /people/-me-': () =>
        json(200, { entry: { id: 'alice', firstName: 'Alice', enabled: true, capabilities: { isAdmin: true } } }),
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Me />
        <Me />
      </QueryClientProvider>,
    );
    expect(await screen.findAllByText('alice: admin')).toHaveLength(2);
    expect(requests).toHaveLength(1);
  });

  it('is not an administrator until the server says so', async () => {
    stubApi({
      'GET /people/-me-': () => json(200, { entry: { id: 'alice', firstName: 'Alice', enabled: true } }),
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Me />
      </QueryClientProvider>,
    );
    expect(screen.getByText('unknown')).toBeTruthy();
    expect(await screen.findByText('alice: not admin')).toBeTruthy();
  });
});
