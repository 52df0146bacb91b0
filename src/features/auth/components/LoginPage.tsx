import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { ApiError, describeError } from '../../../lib/errors.ts';
import { useSession } from '../../../lib/session.ts';
import { useCreateTicket } from '../api/create-ticket.ts';
import { safeNextPath } from '../model/next-path.ts';

function signInMessage(error: unknown): string {
  // The server's throttle: too many failures of this user from here (it says so for any user name).
  if (error instanceof ApiError && error.status === 403 && /too many/i.test(error.briefSummary ?? '')) {
    return 'Too many failed sign-ins from here for this user. Wait a few seconds and try again.';
  }
  if (error instanceof ApiError && (error.status === 403 || error.status === 401)) {
    return 'The username or password is not correct.';
  }
  if (error instanceof ApiError && error.status === 429) return 'Too many attempts. Wait a few seconds and try again.';
  return describeError(error);
}

/** `/login`: username and password for a ticket; then back to the page the user came from. */
export function LoginPage() {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const current = useSession();
  const signIn = useCreateTicket();
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  const wasSent = params.has('next');

  // Signed in (now, or already): on to the page of `next`.
  if (current) return <Navigate to={next} replace />;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({ userId: userId.trim(), password }, { onSettled: () => setPassword('') });
  };

  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 400 }}>
        <Stack component="form" spacing={2.5} onSubmit={handleSubmit} noValidate aria-labelledby="login-title">
          <Box>
            <Typography id="login-title" variant="h5" component="h1" sx={{ fontWeight: 600 }}>
              Sign in to Quire
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {wasSent ? 'Your session has ended. Sign in to continue where you were.' : 'Your document repository.'}
            </Typography>
          </Box>
          {signIn.isError && (
            <Alert severity="error" role="alert">
              {signInMessage(signIn.error)}
            </Alert>
          )}
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            autoFocus
            required
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={signIn.isPending || userId.trim() === '' || password === ''}
            startIcon={signIn.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            Sign in
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
