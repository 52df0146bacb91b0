import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { editorKeys } from './keys.ts';

/** `GET /aspects`: every aspect with its properties (the model is small and changes with releases only). */
export async function listAspects() {
  const result = await api.GET('/aspects', { params: { query: { maxItems: 1000 } } });
  return unwrap(result).list.entries.map((e) => e.entry);
}

export const aspectsQueryOptions = () =>
  queryOptions({ queryKey: editorKeys.aspects, queryFn: listAspects, staleTime: Infinity });

export function useAspects() {
  return useQuery(aspectsQueryOptions());
}
