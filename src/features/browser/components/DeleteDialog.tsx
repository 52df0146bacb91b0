import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useState } from 'react';
import { useIsAdmin } from '../../../lib/people.ts';
import { DialogFooter } from '../../../components/DialogFooter.tsx';
import { useDeleteNodes } from '../api/delete-node.ts';
import type { Node } from '../api/types.ts';
import { ResultList } from '../../../components/ResultList.tsx';

interface Props {
  /** What to delete; the dialog is open while this is not empty. */
  nodes: readonly Node[];
  parentId: string;
  onClose: () => void;
  /** The ids deleted, and whether for good (not into the trash). */
  onDeleted?: (ids: string[], permanent: boolean) => void;
}

function title(nodes: readonly Node[]): string {
  if (nodes.length > 1) return `Delete ${nodes.length} items?`;
  return `Delete ${nodes[0]?.isFolder ? 'folder' : 'file'}?`;
}

function question(nodes: readonly Node[], permanent: boolean): string {
  const [first] = nodes;
  const fate = permanent ? 'will be deleted for good. This cannot be undone.' : 'will be moved to the trash.';
  if (nodes.length === 1 && first) {
    return `“${first.name}”${first.isFolder ? ' and everything in it' : ''} ${fate}`;
  }
  const folders = nodes.filter((n) => n.isFolder).length;
  return `${nodes.length} items${folders > 0 ? ', with everything in the folders among them,' : ''} ${fate}`;
}

/** Asks before deleting one item or a selection; says what goes with a folder and what could not go. */
export function DeleteDialog({ nodes, parentId, onClose, onDeleted }: Props) {
  const remove = useDeleteNodes();
  // Administrators may skip the trash (so may a node's owner, through the API; the Trash page purges too).
  const mayDeleteForGood = useIsAdmin();
  const [permanent, setPermanent] = useState(false);
  const results = remove.data;
  const failures = results?.filter((r) => !r.ok) ?? [];
  const handleClose = () => {
    remove.reset();
    setPermanent(false);
    onClose();
  };
  const handleDelete = () => {
    remove.mutate(
      { nodes, parentId, permanent },
      {
        onSuccess: (outcome) => {
          onDeleted?.(
            outcome.filter((r) => r.ok).map((r) => r.item.id),
            permanent,
          );
          if (outcome.every((r) => r.ok)) handleClose();
        },
      },
    );
  };
  const isOpen = nodes.length > 0;
  return (
    <Dialog open={isOpen} onClose={handleClose} aria-labelledby="delete-title" maxWidth="xs" fullWidth>
      <DialogTitle id="delete-title">{title(nodes)}</DialogTitle>
      <DialogContent>
        {results === undefined ? (
          <>
            <DialogContentText>{question(nodes, permanent)}</DialogContentText>
            {mayDeleteForGood && (
              <FormControlLabel
                sx={{ mt: 1 }}
                control={<Checkbox checked={permanent} onChange={(event) => setPermanent(event.target.checked)} />}
                label="Delete permanently, without the trash"
              />
            )}
          </>
        ) : nodes.length === 1 && failures[0] ? (
          <Alert severity="error">{failures[0].message}</Alert>
        ) : (
          <ResultList results={results} done="deleted" />
        )}
        {remove.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            Nothing was deleted.
          </Alert>
        )}
      </DialogContent>
      {results === undefined ? (
        <DialogFooter
          confirmLabel={permanent ? 'Delete permanently' : 'Delete'}
          color="error"
          onConfirm={handleDelete}
          onCancel={handleClose}
          isBusy={remove.isPending}
          autoFocus="confirm"
        />
      ) : (
        <DialogActions>
          <Button variant="contained" onClick={handleClose} autoFocus>
            Close
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
