import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { DialogFooter } from '../../../components/DialogFooter.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useRevertVersion } from '../api/revert-version.ts';

interface Props {
  nodeId: string;
  versionId: string | null;
  onClose: () => void;
}

/** Asks before making an old version's content current again (as a new version, with a comment). */
export function RevertDialog({ nodeId, versionId, onClose }: Props) {
  const revert = useRevertVersion();
  const [majorVersion, setMajor] = useState(false);
  const [comment, setComment] = useState('');
  const handleClose = () => {
    revert.reset();
    setMajor(false);
    setComment('');
    onClose();
  };
  const handleRevert = () => {
    if (versionId) revert.mutate({ nodeId, versionId, majorVersion, comment }, { onSuccess: handleClose });
  };
  return (
    <Dialog open={versionId !== null} onClose={handleClose} aria-labelledby="revert-title" maxWidth="xs" fullWidth>
      <DialogTitle id="revert-title">Revert to version {versionId}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          The content of version {versionId} becomes the current content, as a new version. Later versions stay in the
          history.
        </DialogContentText>
        <FormControlLabel
          control={<Checkbox checked={majorVersion} onChange={(e) => setMajor(e.target.checked)} />}
          label="Major version"
          sx={{ mt: 1 }}
        />
        <TextField
          label="Comment"
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          fullWidth
          margin="dense"
        />
        {revert.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {describeError(revert.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogFooter confirmLabel="Revert" onConfirm={handleRevert} onCancel={handleClose} isBusy={revert.isPending} />
    </Dialog>
  );
}
