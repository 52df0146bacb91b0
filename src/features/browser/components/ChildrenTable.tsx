import Lock from '@mui/icons-material/Lock';
import Star from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import { type KeyboardEvent, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Node } from '../api/types.ts';
import type { BrowseState, SortColumn } from '../model/browse-params.ts';
import { formatBytes, formatDateTime } from '../model/format.ts';
import { nextIndex } from '../model/selection.ts';
import { NodeIcon } from './NodeIcon.tsx';
import { RowActions, type RowActionHandlers } from './RowActions.tsx';

interface Props extends RowActionHandlers {
  rows: Node[] | undefined;
  state: BrowseState;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onSort: (column: SortColumn) => void;
}

const wide = { display: { xs: 'none', md: 'table-cell' } };
const COLUMNS: { id: SortColumn; label: string; align?: 'right'; sx?: object }[] = [
  { id: 'name', label: 'Name' },
  { id: 'size', label: 'Size', align: 'right', sx: { ...wide, width: 110 } },
  { id: 'modified', label: 'Modified', sx: { display: { xs: 'none', sm: 'table-cell' }, width: 220 } },
  { id: 'modifiedBy', label: 'Modified by', sx: { ...wide, width: 170 } },
];

/** One page of children: sortable headers, one selected row, arrow keys, Enter and Delete. */
export function ChildrenTable({ rows, state, selectedId, onSelect, onSort, ...actions }: Props) {
  const rowRefs = useRef(new Map<string, HTMLTableRowElement>());
  const selectedIndex = rows?.findIndex((r) => r.id === selectedId) ?? -1;
  const focusIndex = selectedIndex >= 0 ? selectedIndex : 0;

  const handleKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, node: Node, index: number) => {
    if (event.target !== event.currentTarget || !rows) return;
    const target = nextIndex(event.key, index, rows.length);
    if (target !== undefined) {
      event.preventDefault();
      const next = rows[target];
      if (next) {
        onSelect(next.id);
        rowRefs.current.get(next.id)?.focus();
      }
    } else if (event.key === 'Enter') {
      event.preventDefault();
      actions.onOpen(node);
    } else if (event.key === 'Delete' && node.allowableOperations?.includes('delete')) {
      event.preventDefault();
      actions.onDelete(node);
    }
  };

  return (
    <Table stickyHeader size="small" aria-label="Folder contents" sx={{ tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          {COLUMNS.map((column) => (
            <TableCell
              key={column.id}
              align={column.align}
              sx={column.sx}
              sortDirection={state.sort === column.id ? state.direction : false}
            >
              <TableSortLabel
                active={state.sort === column.id}
                direction={state.sort === column.id ? state.direction : 'asc'}
                onClick={() => onSort(column.id)}
              >
                {column.label}
              </TableSortLabel>
            </TableCell>
          ))}
          <TableCell sx={{ width: 104 }}>
            <Box component="span" sx={visuallyHidden}>
              Status and actions
            </Box>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows === undefined
          ? Array.from({ length: 8 }, (_, i) => (
              <TableRow key={i} aria-hidden>
                <TableCell colSpan={5}>
                  <Skeleton variant="text" width={`${60 - (i % 3) * 12}%`} />
                </TableCell>
              </TableRow>
            ))
          : rows.map((node, index) => (
              <TableRow
                key={node.id}
                ref={(el) => {
                  if (el) rowRefs.current.set(node.id, el);
                  else rowRefs.current.delete(node.id);
                }}
                hover
                selected={node.id === selectedId}
                aria-selected={node.id === selectedId}
                tabIndex={index === focusIndex ? 0 : -1}
                onClick={() => onSelect(node.id)}
                onDoubleClick={() => actions.onOpen(node)}
                onKeyDown={(e) => handleKeyDown(e, node, index)}
                sx={{
                  cursor: 'default',
                  '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
                }}
              >
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
                    <NodeIcon node={node} />
                    {node.isFolder ? (
                      <Link
                        component={RouterLink}
                        to={`/browse/${node.id}`}
                        underline="hover"
                        color="inherit"
                        noWrap
                        tabIndex={-1}
                      >
                        {node.name}
                      </Link>
                    ) : (
                      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                        {node.name}
                      </Box>
                    )}
                  </Box>
                </TableCell>
                <TableCell align="right" sx={{ ...wide, color: 'text.secondary' }}>
                  {node.isFolder ? '—' : formatBytes(node.content?.sizeInBytes)}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, color: 'text.secondary', ...ellipsis }}>
                  {formatDateTime(node.modifiedAt)}
                </TableCell>
                <TableCell sx={{ ...wide, color: 'text.secondary', ...ellipsis }}>
                  {node.modifiedByUser.displayName}
                </TableCell>
                <TableCell padding="none">
                  <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5, pr: 1 }}>
                    {node.isLocked && (
                      <Tooltip title="Locked">
                        <Lock fontSize="small" color="action" aria-label="Locked" aria-hidden={false} role="img" />
                      </Tooltip>
                    )}
                    {node.isFavorite && (
                      <Tooltip title="Favorite">
                        <Star
                          fontSize="small"
                          sx={{ color: '#f0b429' }}
                          aria-label="Favorite"
                          aria-hidden={false}
                          role="img"
                        />
                      </Tooltip>
                    )}
                    <RowActions node={node} {...actions} />
                  </Box>
                </TableCell>
              </TableRow>
            ))}
      </TableBody>
    </Table>
  );
}

const ellipsis = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;
