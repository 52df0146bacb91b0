import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DialogFooter } from '../../../components/DialogFooter.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useDeleteUnit } from '../api/delete-unit.ts';
import type { OrgUnit } from '../api/types.ts';

/** Deletes an empty unit; the server refuses one with subunits or members, and says so. */
export function DeleteUnitDialog({
  unit,
  onClose,
  onDeleted,
}: {
  unit: OrgUnit;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteUnit();
  return (
    <Dialog open onClose={onClose} aria-labelledby="delete-unit-title" maxWidth="xs" fullWidth>
      <DialogTitle id="delete-unit-title">Delete {unit.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Only a unit without subunits or members can be deleted. Its group goes with it, and so do the permissions
          given to it.
        </DialogContentText>
        {remove.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {describeError(remove.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogFooter
        confirmLabel="Delete"
        color="error"
        onConfirm={() => remove.mutate(unit.id, { onSuccess: onDeleted })}
        onCancel={onClose}
        isBusy={remove.isPending}
      />
    </Dialog>
  );
}
