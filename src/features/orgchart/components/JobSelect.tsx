import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { describeError } from '../../../lib/errors.ts';
import { useJobs } from '../api/list-jobs.ts';
import { useSetMemberJob } from '../api/set-member-job.ts';
import type { OrgMember } from '../api/types.ts';

const NONE = '';

/** Administrators give a person their job (or none); the change is saved at once. */
export function JobSelect({ member }: { member: OrgMember }) {
  const jobs = useJobs();
  const setJob = useSetMemberJob();
  return (
    <>
      <TextField
        select
        label="Assign job"
        size="small"
        value={jobs.data ? (member.job?.id ?? NONE) : NONE}
        onChange={(e) =>
          setJob.mutate({ userName: member.userName, jobId: e.target.value === NONE ? null : e.target.value })
        }
        disabled={!jobs.data || setJob.isPending}
        helperText={jobs.isError ? `The jobs could not load: ${describeError(jobs.error)}` : undefined}
        sx={{ mt: 2, minWidth: 240, maxWidth: '100%' }}
      >
        <MenuItem value={NONE}>
          <em>No job</em>
        </MenuItem>
        {(jobs.data ?? []).map((job) => (
          <MenuItem key={job.id} value={job.id}>
            {job.name}
          </MenuItem>
        ))}
      </TextField>
      {setJob.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {describeError(setJob.error)}
        </Alert>
      )}
    </>
  );
}
