import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { describeError } from '../../../lib/errors.ts';
import { useDeleteJob } from '../api/delete-job.ts';
import { useRenameJob } from '../api/rename-job.ts';
import type { OrgJob } from '../api/types.ts';
import { describeJobDeleteError } from '../model/job-delete-error.ts';
import { jobNameProblem } from './NewJobForm.tsx';

/** One job of the list: its name and id, renamed in place, or deleted after a confirmation. */
export function JobRow({ job }: { job: OrgJob }) {
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [name, setName] = useState(job.name);
  const rename = useRenameJob();
  const remove = useDeleteJob();
  const problem = jobNameProblem(name);

  const handleRename = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    rename.mutate({ jobId: job.id, name: name.trim() }, { onSuccess: () => setMode('view') });
  };
  const cancel = () => {
    setMode('view');
    setName(job.name);
    rename.reset();
    remove.reset();
  };

  let body;
  if (mode === 'rename') {
    body = (
      <Box
        component="form"
        onSubmit={handleRename}
        noValidate
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', width: 1 }}
      >
        <TextField
          label={`New name for ${job.name}`}
          size="small"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={problem !== undefined}
          helperText={problem}
          autoFocus
          sx={{ flex: '1 1 220px' }}
          slotProps={{ htmlInput: { maxLength: 256 } }}
        />
        <Button
          type="submit"
          variant="contained"
          size="small"
          disabled={rename.isPending}
          sx={{ alignSelf: 'flex-start', mt: 0.5 }}
        >
          Save
        </Button>
        <Button size="small" onClick={cancel} sx={{ alignSelf: 'flex-start', mt: 0.5 }}>
          Cancel
        </Button>
      </Box>
    );
  } else if (mode === 'delete') {
    body = (
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', width: 1 }}>
        <Typography sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>Delete {job.name}?</Typography>
        <Button size="small" onClick={cancel}>
          Cancel
        </Button>
        <Button
          size="small"
          color="error"
          variant="contained"
          disabled={remove.isPending}
          onClick={() => remove.mutate(job.id)}
        >
          Delete
        </Button>
      </Box>
    );
  } else {
    body = (
      <>
        <ListItemText
          primary={job.name}
          secondary={job.id}
          sx={{ overflowWrap: 'anywhere', my: 0 }}
          slotProps={{ secondary: { sx: { fontFamily: 'monospace', fontSize: '0.75rem' } } }}
        />
        <Tooltip title="Rename">
          <IconButton aria-label={`Rename ${job.name}`} onClick={() => setMode('rename')}>
            <Edit fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton aria-label={`Delete ${job.name}`} onClick={() => setMode('delete')}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      </>
    );
  }

  const error = rename.isError
    ? `The job could not be renamed: ${describeError(rename.error)}`
    : remove.isError
      ? describeJobDeleteError(remove.error)
      : undefined;
  return (
    <ListItem divider aria-label={job.name} sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1, px: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 40 }}>{body}</Box>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
    </ListItem>
  );
}
