import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { editorKeys } from './keys.ts';

/** `GET /types/{typeId}`: a node type's title and the properties it defines. */
export async function getType(typeId: string) {
  const result = await api.GET('/types/{typeId}', { params: { path: { typeId } } });
  return unwrap(result).entry;
}

export const typeQueryOptions = (typeId: string) =>
  queryOptions({ queryKey: editorKeys.type(typeId), queryFn: () => getType(typeId), staleTime: Infinity });

export function useType(typeId: string | undefined) {
  return useQuery({ ...typeQueryOptions(typeId ?? ''), enabled: typeId !== undefined });
}
