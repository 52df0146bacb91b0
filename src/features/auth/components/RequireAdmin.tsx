import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useCurrentPerson } from '../../../lib/people.ts';
import { useSession } from '../../../lib/session.ts';
import { PageShell } from '../../../components/PageShell.tsx';

/** Administrator pages: others get a page that says what rights are needed, never a blank one. */
export function RequireAdmin({ children, what }: { children: ReactNode; what: string }) {
  const current = useSession();
  const me = useCurrentPerson();

  if (me.isPending) return <CenteredProgress label="Checking your rights" />;
  if (me.isError) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void me.refetch()}>
              Retry
            </Button>
          }
        >
          {describeError(me.error)}
        </Alert>
      </Box>
    );
  }
  if (me.data.capabilities?.isAdmin) return children;
  return (
    <PageShell sx={{ alignItems: 'center' }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, maxWidth: 520, textAlign: 'center' }}>
        <AdminPanelSettings color="action" sx={{ fontSize: 48 }} />
        <Typography variant="h5" component="h1" gutterBottom>
          Administrator rights needed
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {what} is for administrators only. You are signed in as {current?.userId}, who is not an administrator. Ask an
          administrator if you need something changed here.
        </Typography>
        <Button component={RouterLink} to="/" variant="contained">
          Go to my files
        </Button>
      </Paper>
    </PageShell>
  );
}
