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
        {/* Every name, with why it is refused (a trailing space or dot does not show in the name); a
            long list scrolls, and takes the keyboard's focus so that it can be scrolled without a mouse. */}
        <List dense aria-label="Names to change" tabIndex={0} sx={{ maxHeight: '40vh', overflow: 'auto' }}>
          {fixes.map((fix) => (
            <ListItem key={`${fix.kind}:${fix.where}/${fix.from}`} disableGutters>
              <ListItemText
                primary={`${fix.from} → ${fix.to}`}
                secondary={`${fix.kind === 'folder' ? 'Folder' : 'File'}${fix.where ? ` in ${fix.where}` : ''} · ${fix.problem}`}
                slotProps={{
                  primary: { sx: { overflowWrap: 'anywhere' } },
                  secondary: { sx: { overflowWrap: 'anywhere' } },
                }}
              />
            </ListItem>
          ))}
        </List>
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
