import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { DialogFooter } from '../../../components/DialogFooter.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useCreateUnit } from '../api/create-unit.ts';
import { useUpdateUnit } from '../api/update-unit.ts';
import type { OrgUnit } from '../api/types.ts';

const WEIGHT_LIMIT = 1_000_000_000;

type Props =
  | { mode: 'create'; parent: OrgUnit; onClose: () => void; onCreated: (unitId: string) => void }
  | { mode: 'root'; onClose: () => void; onCreated: (unitId: string) => void }
  | { mode: 'edit'; unit: OrgUnit; onClose: () => void };

/**
 * A new subunit, the root unit of an empty chart, or a unit renamed and re-weighted (siblings are
 * ordered by weight, then name).
 */
export function UnitFormDialog(props: Props) {
  const editing = props.mode === 'edit' ? props.unit : undefined;
  const [name, setName] = useState(editing?.name ?? '');
  const [weight, setWeight] = useState(String(editing?.weight ?? 0));
  const [touched, setTouched] = useState(false);
  const create = useCreateUnit();
  const update = useUpdateUnit();
  const mutation = editing ? update : create;

  const nameProblem = name.trim() === '' ? 'A unit needs a name.' : undefined;
  const weightNumber = Number(weight);
  const weightProblem =
    weight.trim() === '' || !Number.isInteger(weightNumber) || Math.abs(weightNumber) > WEIGHT_LIMIT
      ? 'A whole number between -1,000,000,000 and 1,000,000,000.'
      : undefined;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (nameProblem || weightProblem) return;
    if (props.mode === 'edit') {
      update.mutate({ unitId: props.unit.id, name: name.trim(), weight: weightNumber }, { onSuccess: props.onClose });
    } else {
      const parentId = props.mode === 'create' ? props.parent.id : undefined;
      create.mutate(
        { parentId, name: name.trim(), weight: weightNumber },
        { onSuccess: (unit) => props.onCreated(unit.id) },
      );
    }
  };
  const title =
    props.mode === 'edit'
      ? `Edit ${props.unit.name}`
      : props.mode === 'root'
        ? 'Create the root unit'
        : `New subunit of ${props.parent.name}`;

  return (
    <Dialog open onClose={props.onClose} aria-labelledby="unit-form-title" maxWidth="xs" fullWidth>
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id="unit-form-title">{title}</DialogTitle>
        <DialogContent>
          <TextField
            label="Unit name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={touched && nameProblem !== undefined}
            helperText={touched ? nameProblem : undefined}
            fullWidth
            autoFocus
            margin="dense"
            slotProps={{ htmlInput: { maxLength: 256 } }}
          />
          {/* The root has no siblings to be ordered among. */}
          {props.mode !== 'root' && (
            <TextField
              label="Weight"
              value={weight}
              onChange={(e) => setWeight(e.target.value)}
              error={touched && weightProblem !== undefined}
              helperText={(touched && weightProblem) || 'Lighter units come first among their siblings.'}
              fullWidth
              margin="dense"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          )}
          {mutation.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {describeError(mutation.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogFooter
          confirmLabel={props.mode === 'edit' ? 'Save' : 'Create'}
          onCancel={props.onClose}
          isBusy={mutation.isPending}
        />
      </form>
    </Dialog>
  );
}
