import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useJobs } from '../api/list-jobs.ts';
import { JobRow } from './JobRow.tsx';
import { NewJobForm } from './NewJobForm.tsx';

/** Administrators define the organisation's jobs: add, rename, delete (refused while someone has one). */
export function JobsDialog({ onClose }: { onClose: () => void }) {
  const jobs = useJobs();
  const [added, setAdded] = useState<string>();

  let list;
  if (jobs.isPending) list = <CenteredProgress label="Loading the jobs" />;
  else if (jobs.isError) {
    list = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void jobs.refetch()}>
            Retry
          </Button>
        }
      >
        The jobs could not load: {describeError(jobs.error)}
      </Alert>
    );
  } else if (jobs.data.length === 0) {
    list = <Typography color="text.secondary">There are no jobs yet. Add the first one above.</Typography>;
  } else {
    list = (
      <List aria-label="Jobs" disablePadding>
        {jobs.data.map((job) => (
          <JobRow key={job.id} job={job} />
        ))}
      </List>
    );
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby="jobs-title" maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle id="jobs-title">Jobs</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>
          Jobs are defined once for the whole organisation; a person has at most one, given on their card. A job cannot
          be deleted while someone has it.
        </DialogContentText>
        <NewJobForm onCreated={setAdded} />
        <Typography role="status" variant="body2" color="text.secondary" sx={{ minHeight: 24, my: 1 }}>
          {added ? `Added ${added}.` : ''}
        </Typography>
        {list}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
