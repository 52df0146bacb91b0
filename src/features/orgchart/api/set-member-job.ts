import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrapEnvelope } from '../../../lib/errors.ts';
import { orgchartApi } from '../../../lib/orgchart-client.ts';
import { orgKeys } from './keys.ts';

/**
 * `PUT …/member/{username}/job` with a job id, or `DELETE …/member/{username}/job` with none
 * (administrators): a person has at most one job.
 */
export async function setMemberJob({ userName, jobId }: { userName: string; jobId: string | null }) {
  const path = { params: { path: { username: userName } } };
  const result =
    jobId === null
      ? await orgchartApi.DELETE('/member/{username}/job', path)
      : await orgchartApi.PUT('/member/{username}/job', { ...path, body: { jobId } });
  return unwrapEnvelope(result);
}

export function useSetMemberJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMemberJob,
    onSuccess: (member) => {
      queryClient.setQueryData(orgKeys.member(member.userName), member);
      return queryClient.invalidateQueries({ queryKey: orgKeys.memberAll() });
    },
  });
}
