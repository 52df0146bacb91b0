import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/database-under-test.ts';
import { searchAuthorities } from './authority-search.ts';
import { parseQueries, type SearchRequest } from './search-request.ts';

// The groups hidden from a caller are five per private site they are not in: a repository of
// thousands of private sites hides more groups than one statement may have parameters (SQLite
// 32,766), so they go as one parameter.

const database = useTestDatabase('authorities');

beforeAll(async () => {
  const db = database().db;
  await db
    .insertInto('groups')
    .values([
      { id: 'GROUP_open', idKey: 'group_open', displayName: 'Open', description: null, createdAt: 1 },
      {
        id: 'GROUP_site_s1_SiteManager',
        idKey: 'group_site_s1_sitemanager',
        displayName: 'x',
        description: null,
        createdAt: 1,
      },
    ])
    .execute();
});

describe('a search of people and groups with many hidden groups', () => {
  it('leaves 40,000 hidden groups out in one statement', async () => {
    const body: SearchRequest = {
      query: { query: 'authorityName:GROUP_open OR authorityName:GROUP_site_s1_SiteManager' },
      filterQueries: [{ query: "TYPE:'cm:authorityContainer'" }],
    };
    const hidden = [
      'GROUP_site_s1_SiteManager',
      ...Array.from({ length: 40_000 }, (_, i) => `GROUP_site_p${i}_SiteConsumer`),
    ];
    const found = await searchAuthorities(database().db, body, parseQueries(body), new Set(['group']), hidden, {
      skipCount: 0,
      maxItems: 10,
    });
    expect(found.hits.map((h) => h.id)).toEqual(['GROUP_open']);
    expect(found.total).toBe(1);
  });
});
