import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { Link as RouterLink } from 'react-router';
import { type Restored, usePlaceLabel } from './TrashRow.tsx';

/** "Restored “plan.txt” to Marketing / Campaigns", with a link to that folder. */
export function RestoredNotice({ restored, onClose }: { restored: Restored | null; onClose: () => void }) {
  return (
    <Snackbar
      open={restored !== null}
      autoHideDuration={8000}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
    >
      {restored ? (
        <Alert
          severity="success"
          variant="filled"
          action={
            <Button
              color="inherit"
              size="small"
              component={RouterLink}
              to={restored.href}
              onClick={onClose}
              sx={{ whiteSpace: 'nowrap' }}
            >
              Open folder
            </Button>
          }
        >
          Restored “{restored.name}” to <Place where={restored.where} />
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}

function Place({ where }: { where: Restored['where'] }) {
  const label = usePlaceLabel(where ?? []);
  return <>{label ?? 'My files'}</>;
}
