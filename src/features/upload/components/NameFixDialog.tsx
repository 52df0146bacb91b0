import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { NameFix } from '../model/batch-names.ts';

interface Props {
  fixes: readonly NameFix[];
  /** How many files the batch holds. */
  fileCount: number;
  /** The one action's words ("Replace spaces with _ in 4 names"). */
  actionLabel: string;
  onFix: () => void;
  onCancel: () => void;
}

const SHOWN = 8;

/** Names of an upload the repository would refuse, before anything is sent: one fix for the batch, or cancel. */
export function NameFixDialog({ fixes, fileCount, actionLabel, onFix, onCancel }: Props) {
  const files = `${fileCount} ${fileCount === 1 ? 'file' : 'files'}`;
  return (
    <Dialog
      open
      onClose={onCancel}
      aria-labelledby="name-fix-title"
      aria-describedby="name-fix-text"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="name-fix-title">Names the repository does not accept</DialogTitle>
      <DialogContent>
        <DialogContentText id="name-fix-text">
          {fixes.length === 1 ? 'One name' : `${fixes.length} names`} in this upload of {files} cannot be used here.
          Nothing has been sent yet.
        </DialogContentText>
        <List dense aria-label="Names to change">
          {fixes.slice(0, SHOWN).map((fix) => (
            <ListItem key={`${fix.kind}:${fix.where}/${fix.from}`} disableGutters>
              <ListItemText
                primary={`${fix.from} → ${fix.to}`}
                secondary={`${fix.kind === 'folder' ? 'Folder' : 'File'}${fix.where ? ` in ${fix.where}` : ''}`}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { noWrap: true } }}
              />
            </ListItem>
          ))}
        </List>
        {fixes.length > SHOWN && <DialogContentText>and {fixes.length - SHOWN} more.</DialogContentText>}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel}>Cancel upload</Button>
        <Button variant="contained" onClick={onFix} autoFocus>
          {actionLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
