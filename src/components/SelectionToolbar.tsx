import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface Props {
  count: number;
  onClear: () => void;
  /** Its height, so that it can cover a list's header row exactly. */
  height: number;
  /** The actions on the selection (buttons). */
  children: ReactNode;
  /** Before the Clear button: a list's "select all" checkbox, when the bar stands in its header. */
  start?: ReactNode;
}

/**
 * "N selected", a way to clear the selection, and what can be done with all of it. Tinted and
 * opaque: it is laid over a list's header row, so what it covers never shows through.
 */
export function SelectionToolbar({ count, onClear, height, children, start }: Props) {
  return (
    <Toolbar
      variant="dense"
      role="toolbar"
      aria-label="Selection"
      sx={(theme) => ({
        gap: 0.5,
        px: { xs: 1, sm: 1.5 },
        height,
        minHeight: height,
        flexWrap: 'nowrap',
        bgcolor: 'background.paper',
        backgroundImage: 'linear-gradient(rgba(57, 73, 171, 0.08), rgba(57, 73, 171, 0.08))',
        borderBottom: 1,
        borderColor: 'divider',
        ...theme.applyStyles('dark', {
          backgroundImage: 'linear-gradient(rgba(159, 168, 218, 0.16), rgba(159, 168, 218, 0.16))',
        }),
      })}
    >
      {start}
      <Tooltip title="Clear selection">
        <IconButton size="small" aria-label="Clear selection" onClick={onClear} edge="start">
          <Close fontSize="small" />
        </IconButton>
      </Tooltip>
      <Typography role="status" sx={{ fontWeight: 600, mr: 1, whiteSpace: 'nowrap' }}>
        {count}
        {/* On a phone only the number shows (the actions need the room); "selected" is still read out. */}
        <Box component="span" sx={narrowHidden}>
          {' selected'}
        </Box>
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'nowrap', gap: 0.25, ml: 'auto', minWidth: 0, overflowX: 'auto' }}>
        {children}
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
