import AccountTree from '@mui/icons-material/AccountTree';
import Delete from '@mui/icons-material/Delete';
import Folder from '@mui/icons-material/Folder';
import Groups from '@mui/icons-material/Groups';
import History from '@mui/icons-material/History';
import Menu from '@mui/icons-material/Menu';
import People from '@mui/icons-material/People';
import Star from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';

export interface NavItem {
  label: string;
  to: string;
  /** The paths under which the entry counts as the current page. */
  prefix: string;
  icon: ReactNode;
}

/** The app's places; People only for administrators (what the server says of `-me-`). */
export function navItems(isAdmin: boolean): NavItem[] {
  return [
    { label: 'Files', to: '/browse/-my-', prefix: '/browse', icon: <Folder /> },
    { label: 'Recent', to: '/recent', prefix: '/recent', icon: <History /> },
    { label: 'Sites', to: '/sites', prefix: '/sites', icon: <Groups /> },
    { label: 'Favorites', to: '/favorites', prefix: '/favorites', icon: <Star /> },
    { label: 'Org chart', to: '/org-chart', prefix: '/org-chart', icon: <AccountTree /> },
    { label: 'Trash', to: '/trash', prefix: '/trash', icon: <Delete /> },
    ...(isAdmin ? [{ label: 'People', to: '/people', prefix: '/people', icon: <People /> }] : []),
  ];
}

const isCurrent = (pathname: string, item: NavItem) =>
  pathname === item.prefix || pathname.startsWith(`${item.prefix}/`);

/** Links in the app bar on wide windows (1200 px and more, with the search box beside them); a menu button and a drawer on narrower ones. */
export function Navigation({ isAdmin }: { isAdmin: boolean }) {
  const { pathname } = useLocation();
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const items = navItems(isAdmin);

  return (
    <>
      <IconButton
        color="inherit"
        aria-label="Open navigation"
        onClick={() => setDrawerOpen(true)}
        sx={{ display: { xs: 'inline-flex', lg: 'none' } }}
      >
        <Menu />
      </IconButton>
      <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', lg: 'flex' }, gap: 0.5, flexGrow: 1 }}>
        {items.map((item) => {
          const current = isCurrent(pathname, item);
          return (
            <Button
              key={item.to}
              component={RouterLink}
              to={item.to}
              color="inherit"
              startIcon={item.icon}
              aria-current={current ? 'page' : undefined}
              sx={{ bgcolor: current ? 'rgba(255,255,255,0.15)' : undefined }}
            >
              {item.label}
            </Button>
          );
        })}
      </Box>
      <Box sx={{ display: { xs: 'block', lg: 'none' }, flexGrow: 1 }} />
      <Drawer open={isDrawerOpen} onClose={() => setDrawerOpen(false)}>
        <Box component="nav" aria-label="Main" sx={{ width: 260 }}>
          <List>
            {items.map((item) => {
              const current = isCurrent(pathname, item);
              return (
                <ListItem key={item.to} disablePadding>
                  <ListItemButton
                    component={RouterLink}
                    to={item.to}
                    selected={current}
                    aria-current={current ? 'page' : undefined}
                    onClick={() => setDrawerOpen(false)}
                  >
                    <ListItemIcon>{item.icon}</ListItemIcon>
                    <ListItemText primary={item.label} />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        </Box>
      </Drawer>
    </>
  );
}
