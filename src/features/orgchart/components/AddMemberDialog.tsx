import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { describeError } from '../../../lib/errors.ts';
import { useAddUnitMember } from '../api/add-unit-member.ts';
import type { OrgUnit } from '../api/types.ts';
import { displayName } from '../model/org-path.ts';
import { PersonPicker } from './PersonPicker.tsx';

/** Adds a person, found by name, to a unit. */
export function AddMemberDialog({ unit, onClose }: { unit: OrgUnit; onClose: () => void }) {
  const add = useAddUnitMember();
  return (
    <Dialog open onClose={onClose} aria-labelledby="add-member-title" maxWidth="xs" fullWidth>
      <DialogTitle id="add-member-title">Add a member to {unit.name}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <PersonPicker
          label="Person"
          size="medium"
          autoFocus
          onPick={(person) => add.mutate({ unitId: unit.id, userName: person.id })}
        />
        {add.isSuccess && (
          <Typography role="status" sx={{ mt: 2 }}>
            {displayName(add.data)} is now a member of {unit.name}.
          </Typography>
        )}
        {add.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {describeError(add.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
