import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrapEnvelope } from '../../../lib/errors.ts';
import { orgchartApi } from '../../../lib/orgchart-client.ts';
import { orgKeys } from './keys.ts';

/** `DELETE …/job/{id}` (administrators): 409 while someone has the job. */
export async function deleteJob(jobId: string) {
  unwrapEnvelope(await orgchartApi.DELETE('/job/{id}', { params: { path: { id: jobId } } }));
}

export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.jobs() }),
  });
}
