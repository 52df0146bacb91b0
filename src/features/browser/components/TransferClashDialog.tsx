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
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  alternativeName,
  type ClashAnswer,
  type ClashChoice,
  type ClashQuestion,
  choicesFor,
} from '../model/transfer-clash.ts';

interface Props {
  question: ClashQuestion;
  mode: 'copy' | 'move';
  targetName: string;
  onAnswer: (answer: ClashAnswer) => void;
}

const LABEL = { copy: 'copy', move: 'move' } as const;

/** A copied or moved item's name is taken in the target folder: keep both, replace (files) or skip. */
export function TransferClashDialog({ question, mode, targetName, onAnswer }: Props) {
  const { item, remaining } = question;
  const [choice, setChoice] = useState<ClashChoice>('keep-both');
  const [applyToAll, setApplyToAll] = useState(false);
  const choices = choicesFor(item);
  const radio = (value: ClashChoice) => ({
    name: 'transfer-clash-choice',
    value,
    checked: choice === value,
    onChange: () => setChoice(value),
  });
  const labels: Record<ClashChoice, string> = {
    'keep-both': `Keep both (${LABEL[mode]} as “${alternativeName(item.name, 1)}” or the next free name)`,
    replace: `Replace (the existing file gets a new version)`,
    skip: `Skip this ${item.isFolder ? 'folder' : 'file'}`,
  };

  return (
    <Dialog
      open
      onClose={() => onAnswer({ choice: 'skip', applyToAll: false })}
      aria-labelledby="transfer-clash-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="transfer-clash-title">Name already taken</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          “{targetName}” already has an item named “{item.name}”.
        </DialogContentText>
        <FormControl component="fieldset" sx={{ display: 'block' }}>
          <FormLabel component="legend">What to do</FormLabel>
          {choices.map((value) => (
            <FormControlLabel key={value} control={<Radio {...radio(value)} />} label={labels[value]} />
          ))}
        </FormControl>
        {item.isFolder && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            A folder cannot be replaced: that would throw away what the existing folder holds.
          </Typography>
        )}
        {remaining > 0 && (
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Checkbox checked={applyToAll} onChange={(e) => setApplyToAll(e.target.checked)} />}
            label="Do this for all clashes"
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={() => onAnswer({ choice, applyToAll })}>
          Continue
        </Button>
      </DialogActions>
    </Dialog>
  );
}
