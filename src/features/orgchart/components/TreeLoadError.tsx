import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { describeError } from '../../../lib/errors.ts';

/** A unit whose subunits could not load says why, with a retry. */
export function TreeLoadError({
  level,
  name,
  error,
  onRetry,
}: {
  level: number;
  name: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <li role="none">
      <Box
        sx={{ pl: (level - 1) * 2.25 + 3.5, py: 0.5, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="body2" color="error">
          The subunits of {name} could not load: {describeError(error)}
        </Typography>
        <Button size="small" onClick={onRetry}>
          Retry
        </Button>
      </Box>
    </li>
  );
}
