import { TRASH_KEY } from '../../../lib/query-keys.ts';

export interface TrashParams {
  skipCount: number;
  maxItems: number;
}

/** Query keys of the Trash page, under the shared `['trash']` root (a delete anywhere invalidates it). */
export const trashKeys = {
  all: TRASH_KEY,
  list: (params: TrashParams) => [...trashKeys.all, 'list', params] as const,
};
