import SearchIcon from '@mui/icons-material/Search';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { Link as RouterLink, Outlet } from 'react-router';
import { CenteredProgress } from '../components/CenteredProgress.tsx';
import { ColorModeToggle } from '../components/ColorModeToggle.tsx';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { UserMenu } from '../features/auth/components/UserMenu.tsx';
import { SearchBox } from '../features/search/components/SearchBox.tsx';
import { useIsAdmin } from '../lib/people.ts';
import { Navigation } from './Navigation.tsx';
import { useLiveUpdates } from './use-live-updates.ts';

/** The frame of every signed-in page: app bar (navigation, search, theme, user menu) and the page. */
export function Layout() {
  const isAdmin = useIsAdmin();
  useLiveUpdates();
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
            sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, mr: { xs: 0, md: 2 } }}
          >
            Quire
          </Typography>
          <Navigation isAdmin={isAdmin} />
          {/* People open on their administration page for administrators, in the org chart for others. */}
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            <SearchBox
              personHref={(id) =>
                isAdmin ? `/people/${encodeURIComponent(id)}` : `/org-chart/member/${encodeURIComponent(id)}`
              }
            />
          </Box>
          <IconButton
            component={RouterLink}
            to="/search"
            color="inherit"
            aria-label="Search"
            sx={{ display: { xs: 'inline-flex', md: 'none' } }}
          >
            <SearchIcon />
          </IconButton>
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
