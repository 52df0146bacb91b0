import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DriveFileMove from '@mui/icons-material/DriveFileMove';
import Edit from '@mui/icons-material/Edit';
import PersonAdd from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { OrgUnit } from '../api/types.ts';
import { unitPath } from '../model/org-path.ts';
import { AddMemberDialog } from './AddMemberDialog.tsx';
import { DeleteUnitDialog } from './DeleteUnitDialog.tsx';
import { MoveUnitDialog } from './MoveUnitDialog.tsx';
import { UnitFormDialog } from './UnitFormDialog.tsx';
import { UnitMembers } from './UnitMembers.tsx';

type Open = 'create' | 'edit' | 'move' | 'delete' | 'add-member' | null;

interface Props {
  unit: OrgUnit;
  isAdmin: boolean;
  /** After a change that the tree should show (a new unit, a move, a deletion): where to go. */
  onGo: (unitId: string) => void;
}

/** The selected unit: where it sits, its members, and for administrators what can be changed. */
export function UnitPanel({ unit, isAdmin, onGo }: Props) {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const parent = unit.ancestors[unit.ancestors.length - 1];

  return (
    <Box component="section" aria-labelledby="unit-title">
      {unit.ancestors.length > 0 && (
        <Breadcrumbs aria-label="Unit path" sx={{ mb: 0.5, '& ol': { flexWrap: 'wrap' } }}>
          {unit.ancestors.map((a) => (
            <Link key={a.id} component={RouterLink} to={unitPath(a.id)} underline="hover" color="inherit">
              {a.name}
            </Link>
          ))}
        </Breadcrumbs>
      )}
      <Typography id="unit-title" variant="h5" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {unit.name}
      </Typography>
      {isAdmin && (
        <Stack
          direction="row"
          useFlexGap
          sx={{ flexWrap: 'wrap', gap: 1, my: 1.5 }}
          aria-label="Unit actions"
          role="toolbar"
        >
          <Button size="small" variant="outlined" startIcon={<Add />} onClick={() => setOpen('create')}>
            New subunit
          </Button>
          <Button size="small" variant="outlined" startIcon={<Edit />} onClick={() => setOpen('edit')}>
            Edit
          </Button>
          {parent && (
            <Button size="small" variant="outlined" startIcon={<DriveFileMove />} onClick={() => setOpen('move')}>
              Move to…
            </Button>
          )}
          <Button size="small" variant="outlined" startIcon={<PersonAdd />} onClick={() => setOpen('add-member')}>
            Add member
          </Button>
          {parent && (
            <Button
              size="small"
              variant="outlined"
              color="error"
              startIcon={<DeleteOutline />}
              onClick={() => setOpen('delete')}
            >
              Delete
            </Button>
          )}
        </Stack>
      )}
      <Box sx={{ mt: isAdmin ? 0 : 2 }}>
        <UnitMembers unit={unit} isAdmin={isAdmin} />
      </Box>
      {open === 'create' && (
        <UnitFormDialog
          mode="create"
          parent={unit}
          onClose={close}
          onCreated={(id) => {
            close();
            onGo(id);
          }}
        />
      )}
      {open === 'edit' && <UnitFormDialog mode="edit" unit={unit} onClose={close} />}
      {open === 'move' && (
        <MoveUnitDialog
          unit={unit}
          onClose={close}
          onMoved={() => {
            close();
            onGo(unit.id);
          }}
        />
      )}
      {open === 'delete' && parent && (
        <DeleteUnitDialog
          unit={unit}
          onClose={close}
          onDeleted={() => {
            close();
            onGo(parent.id);
          }}
        />
      )}
      {open === 'add-member' && <AddMemberDialog unit={unit} onClose={close} />}
    </Box>
  );
}
