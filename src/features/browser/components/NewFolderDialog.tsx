import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { DialogFooter } from '../../../components/DialogFooter.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useCreateFolder } from '../api/create-folder.ts';
import { useNameRules } from '../../../lib/server-settings.ts';

interface Props {
  open: boolean;
  parentId: string;
  onClose: () => void;
}

/** A folder name checked as the server checks it, with a one-click fix; the server's refusal in words. */
export function NewFolderDialog({ open, parentId, onClose }: Props) {
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const create = useCreateFolder();
  const rules = useNameRules();
  const problem = rules.problem(name);
  const fixed = rules.suggest(name);
  const showProblem = touched && problem !== undefined;

  const handleClose = () => {
    setName('');
    setTouched(false);
    create.reset();
    onClose();
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || rules.isPending) return;
    create.mutate({ parentId, name }, { onSuccess: handleClose });
  };

  return (
    <Dialog open={open} onClose={handleClose} aria-labelledby="new-folder-title" maxWidth="xs" fullWidth>
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id="new-folder-title">New folder</DialogTitle>
        <DialogContent>
          <TextField
            label="Folder name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setTouched(true);
              create.reset();
            }}
            error={showProblem}
            helperText={showProblem ? problem : rules.hint}
            fullWidth
            autoFocus
            margin="dense"
            slotProps={{ htmlInput: { maxLength: 255 } }}
          />
          {showProblem && name.trim() !== '' && (
            <Button size="small" onClick={() => setName(fixed)} sx={{ mt: 1 }}>
              Use “{fixed}”
            </Button>
          )}
          {create.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {describeError(create.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogFooter
          confirmLabel="Create"
          onCancel={handleClose}
          isBusy={create.isPending}
          disabled={rules.isPending || showProblem}
        />
      </form>
    </Dialog>
  );
}
