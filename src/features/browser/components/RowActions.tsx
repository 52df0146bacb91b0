import MoreVert from '@mui/icons-material/MoreVert';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import type { Node } from '../api/types.ts';
import { isLockedAgainst, isSameUser, lockInfoOf } from '../../../lib/node-lock.ts';
import { useSession } from '../../../lib/session.ts';
import { type ActionId, availableActions, LOCK_FORBIDS } from '../model/actions.ts';
import { ACTION_UI } from './action-ui.ts';

export type OnAction = (action: ActionId, nodes: readonly Node[]) => void;

const DIVIDER_BEFORE = new Set<ActionId>(['copy', 'favorite', 'properties']);

/**
 * The actions on one item, offered where they apply and enabled where `allowableOperations` allow
 * them; what a lock held against the user forbids is disabled, saying whose lock it is.
 */
export function RowActions({ node, onAction }: { node: Node; onAction: OnAction }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const me = useSession()?.userId;
  const actions = [...availableActions([node], me)];
  const lock = lockInfoOf(node);
  const lockedBy = isLockedAgainst(lock, me)
    ? `Locked by ${isSameUser(lock.owner?.id, me) ? 'you' : (lock.owner?.displayName ?? 'someone')}`
    : undefined;
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Actions for ${node.name}`}
        aria-haspopup="menu"
        tabIndex={-1}
        onClick={(e) => {
          e.stopPropagation();
          setAnchor(e.currentTarget);
        }}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        onClick={(e) => e.stopPropagation()}
        onDoubleClick={(e) => e.stopPropagation()}
      >
        {actions.map(([id, isEnabled]) => {
          const { label, Icon, shortcut } = ACTION_UI[id];
          return (
            <Fragment key={id}>
              {DIVIDER_BEFORE.has(id) && id !== actions[0]?.[0] && <Divider />}
              <MenuItem
                disabled={!isEnabled}
                onClick={() => {
                  setAnchor(null);
                  onAction(id, [node]);
                }}
              >
                <ListItemIcon>
                  <Icon fontSize="small" />
                </ListItemIcon>
                <ListItemText secondary={LOCK_FORBIDS.has(id) ? lockedBy : undefined}>{label}</ListItemText>
                {shortcut && (
                  <Typography variant="body2" color="text.secondary" sx={{ ml: 2 }} aria-hidden>
                    {shortcut}
                  </Typography>
                )}
              </MenuItem>
            </Fragment>
          );
        })}
      </Menu>
    </>
  );
}
