import { PEOPLE_KEY } from '../../../lib/query-keys.ts';

export interface PeopleParams {
  search: string;
  skipCount: number;
  maxItems: number;
}

/**
 * Query keys of people administration; mutations invalidate through these. They share the app's
 * `['people']` root with the signed-in person and the people search (`lib/people.ts`), so an edit
 * refreshes those too.
 */
export const peopleKeys = {
  all: PEOPLE_KEY,
  lists: () => [...peopleKeys.all, 'list'] as const,
  list: (params: PeopleParams) => [...peopleKeys.lists(), params] as const,
  person: (personId: string) => [...peopleKeys.all, 'person', personId] as const,
};
