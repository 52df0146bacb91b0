import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { ApiError, describeError } from '../../../lib/errors.ts';
import type { Person } from '../api/types.ts';
import { useUpdatePerson } from '../api/update-person.ts';
import {
  DETAIL_FIELDS,
  DETAIL_LABELS,
  detailsBody,
  detailsOf,
  fieldOfDetailsError,
  validateDetails,
  type DetailField,
  type Details,
} from '../model/person-details.ts';

const TYPES: Partial<Record<DetailField, string>> = { email: 'email', telephone: 'tel', mobile: 'tel' };
const AUTOCOMPLETE: Partial<Record<DetailField, string>> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  jobTitle: 'organization-title',
  telephone: 'tel',
  mobile: 'tel',
};

/** A person's details, saved with `PUT /people/{id}` (only what changed); refusals on their fields. */
export function PersonDetailsForm({ person }: { person: Person }) {
  // The baseline is the server's person: after a save the refetched person is the new baseline.
  const baseline = detailsOf(person);
  const [draft, setDraft] = useState<Details>(baseline);
  const [isSubmitted, setSubmitted] = useState(false);
  const update = useUpdatePerson();
  const body = detailsBody(baseline, draft);
  const isDirty = Object.keys(body).length > 0;
  const errors = isSubmitted ? validateDetails(draft) : {};
  const serverError = update.error instanceof ApiError ? update.error : undefined;
  const serverField = serverError?.status === 400 ? fieldOfDetailsError(serverError.briefSummary) : undefined;
  const errorOf = (f: DetailField) => errors[f] ?? (serverField === f ? serverError?.briefSummary : undefined);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateDetails(draft)).length || !isDirty) return;
    update.mutate({ personId: person.id, body });
  };

  return (
    <Box component="form" onSubmit={handleSubmit} noValidate aria-label="Details">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {DETAIL_FIELDS.map((f) => (
          <TextField
            key={f}
            label={DETAIL_LABELS[f]}
            required={f === 'firstName' || f === 'email'}
            value={draft[f]}
            onChange={(e) => {
              update.reset();
              setDraft((d) => ({ ...d, [f]: e.target.value }));
            }}
            error={!!errorOf(f)}
            helperText={errorOf(f)}
            type={TYPES[f]}
            autoComplete={AUTOCOMPLETE[f] ?? 'off'}
            multiline={f === 'description'}
            minRows={f === 'description' ? 3 : undefined}
            size="small"
            sx={f === 'description' ? { gridColumn: { sm: '1 / -1' } } : undefined}
          />
        ))}
      </Box>
      {update.isError && !serverField && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {describeError(update.error)}
        </Alert>
      )}
      {update.isSuccess && !isDirty && (
        <Alert severity="success" sx={{ mt: 2 }}>
          Saved.
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button disabled={!isDirty || update.isPending} onClick={() => setDraft(baseline)}>
          Discard changes
        </Button>
        <Button type="submit" variant="contained" disabled={!isDirty} loading={update.isPending}>
          Save details
        </Button>
      </Stack>
    </Box>
  );
}
