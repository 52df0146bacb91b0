import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { describeError } from '../../../lib/errors.ts';
import { useDeleteNode } from '../api/delete-node.ts';
import type { Node } from '../api/types.ts';

interface Props {
  node: Node | null;
  parentId: string;
  onClose: () => void;
  onDeleted?: (node: Node) => void;
}

/** Asks before deleting; says what goes with a folder. */
export function DeleteDialog({ node, parentId, onClose, onDeleted }: Props) {
  const remove = useDeleteNode();
  const handleClose = () => {
    remove.reset();
    onClose();
  };
  const handleDelete = () => {
    if (!node) return;
    remove.mutate(
      { nodeId: node.id, parentId },
      {
        onSuccess: () => {
          onDeleted?.(node);
          handleClose();
        },
      },
    );
  };
  return (
    <Dialog open={node !== null} onClose={handleClose} aria-labelledby="delete-title" maxWidth="xs" fullWidth>
      <DialogTitle id="delete-title">Delete {node?.isFolder ? 'folder' : 'file'}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          “{node?.name}”{node?.isFolder ? ' and everything in it' : ''} will be deleted permanently.
        </DialogContentText>
        {remove.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {describeError(remove.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={handleClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={handleDelete} disabled={remove.isPending} autoFocus>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
