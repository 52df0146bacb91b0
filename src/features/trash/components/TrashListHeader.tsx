import DeleteForever from '@mui/icons-material/DeleteForever';
import RestoreFromTrash from '@mui/icons-material/RestoreFromTrash';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import { SelectionToolbar } from '../../../components/SelectionToolbar.tsx';
import type { BulkAction } from '../api/run-on-selection.ts';

export const LIST_HEADER_HEIGHT = 48;

interface Props {
  /** How many rows the page shows, and how many of them are selected. */
  shown: number;
  selected: number;
  onToggleAll: () => void;
  onClear: () => void;
  onAction: (action: BulkAction) => void;
}

/** Above the rows: "select all on this page"; with a selection, how many and Restore / Delete permanently. */
export function TrashListHeader({ shown, selected, onToggleAll, onClear, onAction }: Props) {
  const selectAll = (
    <Box sx={{ ml: { xs: 1, sm: 0.5 }, mr: 0.5 }}>
      <Checkbox
        size="small"
        checked={shown > 0 && selected === shown}
        indeterminate={selected > 0 && selected < shown}
        onChange={onToggleAll}
        slotProps={{ input: { 'aria-label': 'Select all on this page' } }}
        sx={{ m: -1 }}
      />
    </Box>
  );
  if (selected === 0) {
    return (
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          height: LIST_HEADER_HEIGHT,
          px: { xs: 1, sm: 1.5 },
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {selectAll}
        <Typography variant="body2" sx={{ color: 'text.secondary', ml: 1 }} aria-hidden>
          Select all on this page
        </Typography>
      </Box>
    );
  }
  return (
    <SelectionToolbar count={selected} onClear={onClear} height={LIST_HEADER_HEIGHT} start={selectAll}>
      <Button size="small" color="inherit" startIcon={<RestoreFromTrash />} onClick={() => onAction('restore')}>
        Restore
      </Button>
      <Button size="small" color="error" startIcon={<DeleteForever />} onClick={() => onAction('purge')}>
        Delete permanently
      </Button>
    </SelectionToolbar>
  );
}
