import ChevronRight from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DialogFooter } from '../../../components/DialogFooter.tsx';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useSubunits } from '../api/get-subunits.ts';
import type { OrgUnit } from '../api/types.ts';
import { useUpdateUnit } from '../api/update-unit.ts';

/**
 * "Move to…": browse the tree one level at a time (buttons, so the keyboard does it all) and move
 * the unit under the unit shown. The unit itself is not offered (a move under its own subtree is a
 * cycle, which the server refuses too).
 */
export function MoveUnitDialog({
  unit,
  onClose,
  onMoved,
}: {
  unit: OrgUnit;
  onClose: () => void;
  onMoved: () => void;
}) {
  const parentId = unit.ancestors[unit.ancestors.length - 1]?.id;
  const [at, setAt] = useState<string>(parentId ?? '-root-');
  const level = useSubunits(at);
  const move = useUpdateUnit();
  const here = level.data;
  const canMoveHere = here !== undefined && here.id !== parentId && here.id !== unit.id;

  return (
    <Dialog open onClose={onClose} aria-labelledby="move-unit-title" maxWidth="sm" fullWidth>
      <DialogTitle id="move-unit-title">Move {unit.name} to…</DialogTitle>
      <DialogContent dividers>
        {level.isPending && <CenteredProgress label="Loading units" />}
        {level.isError && <Alert severity="error">{describeError(level.error)}</Alert>}
        {here && (
          <>
            <Breadcrumbs aria-label="Where you are" sx={{ mb: 1 }}>
              {here.ancestors.map((a) => (
                <Link key={a.id} component="button" type="button" onClick={() => setAt(a.id)}>
                  {a.name}
                </Link>
              ))}
              <Typography color="text.primary" aria-current="location">
                {here.name}
              </Typography>
            </Breadcrumbs>
            <List dense aria-label={`Subunits of ${here.name}`}>
              {here.children
                .filter((c) => c.id !== unit.id)
                .map((child) => (
                  <ListItem key={child.id} disablePadding>
                    <ListItemButton onClick={() => setAt(child.id)} aria-label={`Open ${child.name}`}>
                      <ListItemText primary={child.name} />
                      <ChevronRight fontSize="small" aria-hidden />
                    </ListItemButton>
                  </ListItem>
                ))}
              {here.children.filter((c) => c.id !== unit.id).length === 0 && (
                <ListItem>
                  <Typography color="text.secondary">No other subunits here.</Typography>
                </ListItem>
              )}
            </List>
          </>
        )}
        {move.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {describeError(move.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogFooter
        confirmLabel={here ? `Move under ${here.name}` : 'Move here'}
        onConfirm={() => here && move.mutate({ unitId: unit.id, parentId: here.id }, { onSuccess: onMoved })}
        onCancel={onClose}
        isBusy={move.isPending}
        disabled={!canMoveHere}
      />
    </Dialog>
  );
}
