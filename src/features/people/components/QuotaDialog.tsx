import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { DialogFooter } from '../../../components/DialogFooter.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useUpdatePerson } from '../api/update-person.ts';
import type { Person } from '../api/types.ts';
import { describeQuota, MB, parseQuotaMb, UNLIMITED } from '../model/quota.ts';

/** "Set quota": megabytes, or no limit. The person's current use is shown for reference. */
export function QuotaDialog({ person, onClose }: { person: Person | null; onClose: () => void }) {
  return (
    <Dialog open={person !== null} onClose={onClose} aria-labelledby="quota-title" maxWidth="xs" fullWidth>
      {person && <QuotaForm key={person.id} person={person} onClose={onClose} />}
    </Dialog>
  );
}

function QuotaForm({ person, onClose }: { person: Person; onClose: () => void }) {
  const hasLimit = person.quota !== undefined && person.quota >= 0;
  const [isUnlimited, setUnlimited] = useState(!hasLimit);
  const [mb, setMb] = useState(hasLimit ? String(Math.round(((person.quota ?? 0) / MB) * 100) / 100) : '');
  const [isSubmitted, setSubmitted] = useState(false);
  const update = useUpdatePerson();
  const parsed = parseQuotaMb(mb);
  const problem = isSubmitted && !isUnlimited ? parsed.problem : undefined;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!isUnlimited && parsed.bytes === undefined) return;
    const quota = isUnlimited ? UNLIMITED : parsed.bytes!;
    update.mutate({ personId: person.id, body: { quota } }, { onSuccess: onClose });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <DialogTitle id="quota-title">Quota of {person.displayName}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>In use: {describeQuota(person.quota, person.quotaUsed)}.</DialogContentText>
        <FormControlLabel
          control={<Checkbox checked={isUnlimited} onChange={(e) => setUnlimited(e.target.checked)} />}
          label="No limit"
        />
        <TextField
          label="Quota"
          value={mb}
          onChange={(e) => setMb(e.target.value)}
          disabled={isUnlimited}
          autoFocus
          fullWidth
          margin="dense"
          error={!!problem}
          helperText={problem ?? 'Uploads past the quota are refused.'}
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: { endAdornment: <InputAdornment position="end">MB</InputAdornment> },
          }}
        />
        {update.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {describeError(update.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogFooter confirmLabel="Save" onCancel={onClose} isBusy={update.isPending} />
    </form>
  );
}
