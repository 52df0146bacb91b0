import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageShell } from './PageShell.tsx';

export function NotFoundPage() {
  return (
    <PageShell>
      <Typography variant="h5" component="h1" gutterBottom>
        Page not found
      </Typography>
      <Link component={RouterLink} to="/">
        Go to my files
      </Link>
    </PageShell>
  );
}
