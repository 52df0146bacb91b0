import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useSession } from '../../../lib/session.ts';
import type { Node } from '../api/types.ts';
import { availableActions } from '../model/actions.ts';
import { ACTION_UI } from './action-ui.ts';
import type { OnAction } from './RowActions.tsx';
import { HEADER_HEIGHT } from './table-layout.ts';

interface Props {
  nodes: readonly Node[];
  onAction: OnAction;
  onClear: () => void;
}

/**
 * Appears with a selection: how many are selected, and what can be done with all of them. It is
 * laid over the table's header row (as Google Drive and Gmail do), so the rows never move under the
 * pointer between the two clicks of a double-click; it is exactly as tall as the header.
 */
export function SelectionToolbar({ nodes, onAction, onClear }: Props) {
  const me = useSession()?.userId;
  const actions = [...availableActions(nodes, me)].filter(([id]) => id !== 'properties' && id !== 'open');
  return (
    <Toolbar
      variant="dense"
      role="toolbar"
      aria-label="Selection"
      sx={(theme) => ({
        gap: 0.5,
        px: { xs: 1, sm: 1.5 },
        height: HEADER_HEIGHT,
        minHeight: HEADER_HEIGHT,
        flexWrap: 'nowrap',
        // Opaque: the header it covers must not show through.
        bgcolor: 'background.paper',
        backgroundImage: 'linear-gradient(rgba(57, 73, 171, 0.08), rgba(57, 73, 171, 0.08))',
        borderBottom: 1,
        borderColor: 'divider',
        ...theme.applyStyles('dark', {
          backgroundImage: 'linear-gradient(rgba(159, 168, 218, 0.16), rgba(159, 168, 218, 0.16))',
        }),
      })}
    >
      <Tooltip title="Clear selection">
        <IconButton size="small" aria-label="Clear selection" onClick={onClear} edge="start">
          <Close fontSize="small" />
        </IconButton>
      </Tooltip>
      <Typography role="status" sx={{ fontWeight: 600, mr: 1, whiteSpace: 'nowrap' }}>
        {nodes.length}
        {/* On a phone only the number shows (the actions need the room); "selected" is still read out. */}
        <Box component="span" sx={narrowHidden}>
          {' selected'}
        </Box>
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'nowrap', gap: 0.25, ml: 'auto', minWidth: 0, overflowX: 'auto' }}>
        {actions.map(([id, isEnabled]) => {
          const { label, Icon } = ACTION_UI[id];
          return (
            <Tooltip key={id} title={label} disableHoverListener={!isEnabled}>
              <span>
                <Button
                  size="small"
                  color="inherit"
                  aria-label={label}
                  disabled={!isEnabled}
                  onClick={() => onAction(id, nodes)}
                  sx={{ minWidth: 0, px: 1, whiteSpace: 'nowrap' }}
                >
                  <Icon fontSize="small" />
                  <Box component="span" aria-hidden sx={{ display: { xs: 'none', lg: 'inline' }, ml: 0.75 }}>
                    {label}
                  </Box>
                </Button>
              </span>
            </Tooltip>
          );
        })}
      </Box>
    </Toolbar>
  );
}

/** Visually hidden below `sm`, shown from `sm` up. */
const narrowHidden = {
  position: { xs: 'absolute', sm: 'static' },
  width: { xs: 1, sm: 'auto' },
  height: { xs: 1, sm: 'auto' },
  overflow: { xs: 'hidden', sm: 'visible' },
  clip: { xs: 'rect(0 0 0 0)', sm: 'auto' },
  whiteSpace: 'nowrap',
} as const;
