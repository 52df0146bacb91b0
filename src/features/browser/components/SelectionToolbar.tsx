import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { SelectionToolbar as SharedSelectionToolbar } from '../../../components/SelectionToolbar.tsx';
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
    <SharedSelectionToolbar count={nodes.length} onClear={onClear} height={HEADER_HEIGHT}>
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
    </SharedSelectionToolbar>
  );
}
