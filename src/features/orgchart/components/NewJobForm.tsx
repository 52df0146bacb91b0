import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { describeError } from '../../../lib/errors.ts';
import { useCreateJob } from '../api/create-job.ts';

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export const jobNameProblem = (name: string) => (name.trim() === '' ? 'A job needs a name.' : undefined);

/** A new job: a name, and an id when the administrator wants to choose it (else the server does). */
export function NewJobForm({ onCreated }: { onCreated: (name: string) => void }) {
  const [name, setName] = useState('');
  const [id, setId] = useState('');
  const [touched, setTouched] = useState(false);
  const create = useCreateJob();

  const nameProblem = jobNameProblem(name);
  const idProblem =
    id.trim() !== '' && !ID_PATTERN.test(id.trim())
      ? 'Letters, digits, _ . - (at most 64), starting with a letter or digit.'
      : undefined;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (nameProblem || idProblem) return;
    const body = { name: name.trim(), ...(id.trim() === '' ? {} : { id: id.trim() }) };
    create.mutate(body, {
      onSuccess: (job) => {
        setName('');
        setId('');
        setTouched(false);
        onCreated(job.name);
      },
    });
  };

  return (
    <Box component="form" onSubmit={handleSubmit} noValidate aria-label="New job">
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          label="Job name"
          size="small"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={touched && nameProblem !== undefined}
          helperText={touched ? nameProblem : undefined}
          sx={{ flex: '2 1 200px' }}
          slotProps={{ htmlInput: { maxLength: 256 } }}
        />
        <TextField
          label="Id (optional)"
          size="small"
          value={id}
          onChange={(e) => setId(e.target.value)}
          error={touched && idProblem !== undefined}
          helperText={(touched && idProblem) || 'Chosen by the server when empty.'}
          sx={{ flex: '1 1 140px' }}
          slotProps={{ htmlInput: { maxLength: 64 } }}
        />
        <Button type="submit" variant="contained" startIcon={<Add />} disabled={create.isPending} sx={{ mt: 0.25 }}>
          Add job
        </Button>
      </Box>
      {create.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          The job could not be added: {describeError(create.error)}
        </Alert>
      )}
    </Box>
  );
}
