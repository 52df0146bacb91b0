import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DialogFooter } from '../../../components/DialogFooter.tsx';

const WORDS = { read: 'open this item', managePermissions: 'change its permissions' } as const;

interface Props {
  lost: (keyof typeof WORDS)[];
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a change that takes the person's own access away. */
export function SelfRemovalDialog({ lost, onCancel, onConfirm }: Props) {
  return (
    <Dialog open={lost.length > 0} onClose={onCancel} aria-labelledby="self-removal-title" maxWidth="xs" fullWidth>
      <DialogTitle id="self-removal-title">Remove your own access?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          After this change you will no longer be able to {lost.map((l) => WORDS[l]).join(' or ')}. Only an owner or an
          administrator could give it back.
        </DialogContentText>
      </DialogContent>
      <DialogFooter
        confirmLabel="Save anyway"
        color="error"
        onConfirm={onConfirm}
        onCancel={onCancel}
        autoFocus="cancel"
      />
    </Dialog>
  );
}
