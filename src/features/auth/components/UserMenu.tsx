import AccountCircle from '@mui/icons-material/AccountCircle';
import MenuBook from '@mui/icons-material/MenuBook';
import Logout from '@mui/icons-material/Logout';
import Person from '@mui/icons-material/Person';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { useDeleteTicket } from '../api/delete-ticket.ts';

/** The signed-in user, "Your profile", the API reference (a page of the server, in a new tab) and "Sign out" (deletes the ticket on the server). */
export function UserMenu() {
  const current = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const signOut = useDeleteTicket();
  if (!current) return null;

  const handleSignOut = () => {
    setAnchor(null);
    // Ending the session takes the user to /login (RequireAuth), with no page to come back to.
    signOut.mutate();
  };

  return (
    <>
      <Tooltip title={`Signed in as ${current.userId}`}>
        <IconButton
          color="inherit"
          aria-label="User menu"
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <AccountCircle />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem disabled divider>
          <ListItemText primary={current.userId} secondary="Signed in" />
        </MenuItem>
        <MenuItem component={RouterLink} to="/profile" onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <Person fontSize="small" />
          </ListItemIcon>
          Your profile
        </MenuItem>
        <MenuItem component="a" href="/api-docs/" target="_blank" rel="noopener" onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <MenuBook fontSize="small" />
          </ListItemIcon>
          API reference
        </MenuItem>
        <MenuItem onClick={handleSignOut}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}
