import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrapEnvelope } from '../../../lib/errors.ts';
import { orgchartApi } from '../../../lib/orgchart-client.ts';
import { orgKeys } from './keys.ts';

/** `GET …/job`: the organisation's jobs, by name. */
export async function listJobs() {
  return unwrapEnvelope(await orgchartApi.GET('/job'));
}

export const jobsQueryOptions = () => queryOptions({ queryKey: orgKeys.jobs(), queryFn: listJobs, staleTime: 60_000 });

export function useJobs(enabled = true) {
  return useQuery({ ...jobsQueryOptions(), enabled });
}
