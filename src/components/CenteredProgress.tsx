import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export function CenteredProgress({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', p: 6 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
