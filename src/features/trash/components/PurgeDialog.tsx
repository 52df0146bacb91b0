import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DialogFooter } from '../../../components/DialogFooter.tsx';
import { describeError } from '../../../lib/errors.ts';
import { usePurgeDeletedNode } from '../api/purge-deleted-node.ts';
import type { DeletedNode } from '../api/types.ts';

interface Props {
  /** The item to purge; the dialog is open while there is one. */
  item: DeletedNode | null;
  onClose: () => void;
}

/** Asks before deleting a trash item for good; busy while the server purges, the error when it refuses. */
export function PurgeDialog({ item, onClose }: Props) {
  const purge = usePurgeDeletedNode();
  const handleClose = () => {
    purge.reset();
    onClose();
  };
  return (
    <Dialog open={item !== null} onClose={handleClose} aria-labelledby="purge-title" maxWidth="xs" fullWidth>
      <DialogTitle id="purge-title">Delete permanently?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          “{item?.name}”{item?.isFolder ? ' and everything in it' : ''} will be deleted for good. This cannot be undone.
        </DialogContentText>
        {purge.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {describeError(purge.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogFooter
        confirmLabel="Delete permanently"
        color="error"
        onConfirm={() => item && purge.mutate({ nodeId: item.id }, { onSuccess: handleClose })}
        onCancel={handleClose}
        isBusy={purge.isPending}
        autoFocus="cancel"
      />
    </Dialog>
  );
}
