export interface PeopleParams {
  search: string;
  skipCount: number;
  maxItems: number;
}

/** Query keys of people administration; mutations invalidate through these. */
export const peopleKeys = {
  all: ['people'] as const,
  lists: () => [...peopleKeys.all, 'list'] as const,
  list: (params: PeopleParams) => [...peopleKeys.lists(), params] as const,
  person: (personId: string) => [...peopleKeys.all, 'person', personId] as const,
};
