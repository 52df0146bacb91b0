import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrapEnvelope } from '../../../lib/errors.ts';
import { orgchartApi } from '../../../lib/orgchart-client.ts';
import { orgKeys } from './keys.ts';

/** `PUT …/job/{id}` (administrators): the job, renamed. */
export async function renameJob({ jobId, name }: { jobId: string; name: string }) {
  const result = await orgchartApi.PUT('/job/{id}', { params: { path: { id: jobId } }, body: { name } });
  return unwrapEnvelope(result);
}

export function useRenameJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameJob,
    // The list (and every job select), and the cards of the people who have it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orgKeys.jobs() }),
        queryClient.invalidateQueries({ queryKey: orgKeys.memberAll() }),
      ]),
  });
}
