import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { describeError } from '../lib/errors.ts';

/** A failed load in words, with Retry. */
export function QueryError({ error, onRetry, sx }: { error: unknown; onRetry: () => void; sx?: SxProps<Theme> }) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {describeError(error)}
    </Alert>
  );
}
