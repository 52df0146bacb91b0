import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DialogFooter } from '../../../components/DialogFooter.tsx';
import { describeError } from '../../../lib/errors.ts';
import { type EmptyTrashProgress, useEmptyTrash } from '../api/empty-trash.ts';

interface Props {
  open: boolean;
  /** How many items the trash holds (everyone's), as the list says. */
  count: number;
  onClose: () => void;
}

const plural = (n: number) => `${n} item${n === 1 ? '' : 's'}`;

/** Administrators: asks, then purges everything in the trash, a batch per request, with progress. */
export function EmptyTrashDialog({ open, count, onClose }: Props) {
  const [progress, setProgress] = useState<EmptyTrashProgress>();
  const empty = useEmptyTrash(setProgress);
  const handleClose = () => {
    if (empty.isPending) return;
    empty.reset();
    setProgress(undefined);
    onClose();
  };
  const total = progress ? progress.purged + progress.remaining : count;
  return (
    <Dialog open={open} onClose={handleClose} aria-labelledby="empty-trash-title" maxWidth="xs" fullWidth>
      <DialogTitle id="empty-trash-title">Empty the trash?</DialogTitle>
      <DialogContent>
        {empty.isIdle && (
          <DialogContentText>
            Delete everything in the trash permanently? {plural(count)}, everyone’s. This cannot be undone.
          </DialogContentText>
        )}
        {empty.isPending && (
          <>
            <Typography role="status" sx={{ mb: 1.5 }}>
              Deleted {progress?.purged ?? 0} of {total}…
            </Typography>
            <LinearProgress
              variant={progress ? 'determinate' : 'indeterminate'}
              value={total === 0 ? 100 : ((progress?.purged ?? 0) / total) * 100}
              aria-label="Emptying the trash"
            />
          </>
        )}
        {empty.isSuccess && (
          <Typography role="status">
            {empty.data.remaining === 0
              ? `The trash is empty: ${plural(empty.data.purged)} deleted.`
              : `${plural(empty.data.purged)} deleted; ${plural(empty.data.remaining)} could not be deleted.`}
          </Typography>
        )}
        {empty.isError && (
          <Alert severity="error">
            {progress ? `${plural(progress.purged)} deleted, then: ` : ''}
            {describeError(empty.error)}
          </Alert>
        )}
      </DialogContent>
      {empty.isIdle ? (
        <DialogFooter
          confirmLabel="Empty trash"
          color="error"
          onConfirm={() => empty.mutate()}
          onCancel={handleClose}
          autoFocus="cancel"
        />
      ) : (
        <DialogActions>
          <Button onClick={handleClose} disabled={empty.isPending} variant="contained">
            Close
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
