import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrapEnvelope } from '../../../lib/errors.ts';
import { orgchartApi } from '../../../lib/orgchart-client.ts';
import { orgKeys } from './keys.ts';

/** `GET …/member/{username}`: the person, all of their units and their job (`-me-` is the caller). */
export async function getMember(username: string) {
  const result = await orgchartApi.GET('/member/{username}', { params: { path: { username } } });
  return unwrapEnvelope(result);
}

export const memberQueryOptions = (username: string) =>
  queryOptions({ queryKey: orgKeys.member(username), queryFn: () => getMember(username) });

export function useMember(username: string | undefined) {
  return useQuery({ ...memberQueryOptions(username ?? ''), enabled: username !== undefined });
}
