import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { ConflictChoice, UploadItem } from '../model/upload-queue.ts';

type Kind = ConflictChoice['kind'];

interface Props {
  item: UploadItem;
  /** How many files wait on a clash, this one included. */
  pending: number;
  onResolve: (choice: ConflictChoice, applyToAll: boolean) => void;
  onClose: () => void;
}

/** A file's name is taken: keep both (a free name), replace (a new version) or skip. */
export function ConflictDialog({ item, pending, onResolve, onClose }: Props) {
  const [kind, setKind] = useState<Kind>('keep-both');
  const [isMajor, setMajor] = useState(false);
  const [comment, setComment] = useState('');
  const [applyToAll, setApplyToAll] = useState(false);
  const existing = item.clashesWith ?? item.name;

  // Native radios sharing a name: one group for the browser (arrow keys) and for assistive technology.
  const radio = (value: Kind) => ({
    name: 'upload-conflict-choice',
    value,
    checked: kind === value,
    onChange: () => setKind(value),
  });

  const handleContinue = () => {
    const choice: ConflictChoice =
      kind === 'replace' ? { kind, majorVersion: isMajor, comment: comment.trim() } : { kind };
    onResolve(choice, applyToAll);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="upload-conflict-title" fullWidth maxWidth="xs">
      <DialogTitle id="upload-conflict-title">Name already taken</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          An item named “{existing}” already exists{item.relativePath ? ` in ${item.relativePath}` : ' here'}.
          {existing !== item.name &&
            ` Names that differ only in letter case clash, so “${item.name}” cannot go beside it.`}
        </DialogContentText>
        {/* A fieldset names the group; the version options sit under their choice, outside the radios' own group. */}
        <FormControl component="fieldset" sx={{ display: 'block' }}>
          <FormLabel component="legend">What to do</FormLabel>
          <FormControlLabel control={<Radio {...radio('keep-both')} />} label="Keep both (upload under a free name)" />
          <FormControlLabel control={<Radio {...radio('replace')} />} label="Replace (upload as a new version)" />
          {kind === 'replace' && (
            <Stack spacing={1} sx={{ pl: 4, mb: 1 }} role="group" aria-label="New version">
              <FormControlLabel
                control={<Checkbox checked={isMajor} onChange={(e) => setMajor(e.target.checked)} />}
                label="Major version"
              />
              <TextField
                label="Version comment"
                size="small"
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                multiline
                maxRows={3}
              />
            </Stack>
          )}
          <FormControlLabel control={<Radio {...radio('skip')} />} label="Skip this file" />
        </FormControl>
        {pending > 1 && (
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Checkbox checked={applyToAll} onChange={(e) => setApplyToAll(e.target.checked)} />}
            label={`Apply to all ${pending} clashes`}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Later</Button>
        <Button variant="contained" onClick={handleContinue}>
          Continue
        </Button>
      </DialogActions>
    </Dialog>
  );
}
