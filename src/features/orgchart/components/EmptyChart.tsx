import AccountTree from '@mui/icons-material/AccountTree';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { UnitFormDialog } from './UnitFormDialog.tsx';

/**
 * A chart with no root unit yet. Administrators can create the root here (the tree shows once the
 * root query refetches) or import a whole chart; other people are told who can.
 */
export function EmptyChart({ isAdmin }: { isAdmin: boolean }) {
  const [creating, setCreating] = useState(false);
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <AccountTree sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h6" component="p">
        There is no org chart yet
      </Typography>
      {isAdmin ? (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Start with the organisation&apos;s root unit and add its subunits, or import a whole chart (npm run
            orgchart:import).
          </Typography>
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            Create the root unit
          </Button>
        </>
      ) : (
        <Typography color="text.secondary">An administrator can import one (npm run orgchart:import).</Typography>
      )}
      {creating && (
        <UnitFormDialog mode="root" onClose={() => setCreating(false)} onCreated={() => setCreating(false)} />
      )}
    </Box>
  );
}
