import FolderOpen from '@mui/icons-material/FolderOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { Link as RouterLink, NavLink, Outlet } from 'react-router';
import { CenteredProgress } from '../components/CenteredProgress.tsx';
import { ColorModeToggle } from '../components/ColorModeToggle.tsx';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { UserMenu } from '../features/auth/components/UserMenu.tsx';

/** The frame of every signed-in page: app bar (navigation, theme, user menu) and the page. */
export function Layout() {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar
        position="sticky"
        elevation={0}
        color="primary"
        sx={(theme) => ({
          ...theme.applyStyles('dark', {
            bgcolor: '#1c1f2b',
            color: 'common.white',
            borderBottom: 1,
            borderColor: 'divider',
          }),
        })}
      >
        <Toolbar variant="dense" sx={{ gap: 1 }}>
          <Typography
            component={RouterLink}
            to="/"
            variant="h6"
            sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, mr: 2 }}
          >
            Quire
          </Typography>
          <Box component="nav" aria-label="Main" sx={{ display: 'flex', gap: 1, flexGrow: 1 }}>
            <Button
              component={NavLink}
              to="/browse/-my-"
              color="inherit"
              startIcon={<FolderOpen />}
              sx={{ '&.active': { bgcolor: 'rgba(255,255,255,0.15)' } }}
            >
              My files
            </Button>
          </Box>
          <ColorModeToggle />
          <UserMenu />
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0 }}>
        <ErrorBoundary>
          <Suspense fallback={<CenteredProgress />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </Box>
    </Box>
  );
}
