import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrapEnvelope } from '../../../lib/errors.ts';
import { orgchartApi } from '../../../lib/orgchart-client.ts';
import { orgKeys } from './keys.ts';

export interface JobCreate {
  name: string;
  /** Chosen by the server (a UUID) when absent. */
  id?: string;
}

/** `POST …/job` (administrators): a new job; 409 when the id is taken. */
export async function createJob(body: JobCreate) {
  return unwrapEnvelope(await orgchartApi.POST('/job', { body }));
}

export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.jobs() }),
  });
}
