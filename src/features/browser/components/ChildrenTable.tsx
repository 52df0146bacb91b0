import Lock from '@mui/icons-material/Lock';
import Star from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { tableCellClasses } from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import { type KeyboardEvent, type MouseEvent, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import { dropTargetAttributes } from '../../../lib/drop-target.ts';
import { useSession } from '../../../lib/session.ts';
import { can, type Node } from '../api/types.ts';
import type { BrowseState, SortColumn } from '../model/browse-params.ts';
import { DateTime } from '../../../components/DateTime.tsx';
import { formatBytes } from '../model/format.ts';
import { type ActionId, availableActions } from '../model/actions.ts';
import {
  actionTargets,
  moveFocus,
  type Selection,
  selectOnly,
  selectRange,
  toggle,
  toggleAll,
} from '../model/selection.ts';
import { NodeIcon } from './NodeIcon.tsx';
import { CHECKBOX_COLUMN_WIDTH, HEADER_HEIGHT } from './table-layout.ts';
import { type OnAction, RowActions } from './RowActions.tsx';

interface Props {
  rows: Node[] | undefined;
  state: BrowseState;
  selection: Selection;
  onSelectionChange: (next: Selection) => void;
  onSort: (column: SortColumn) => void;
  onAction: OnAction;
  /** Where a child folder opens (in its site when the folder lies in a site's library). */
  folderHref: (node: Node) => string;
  /** The folder row files are dragged over (it is highlighted). */
  dropTargetId?: string | undefined;
}

const wide = { display: { xs: 'none', md: 'table-cell' } };
const COLUMNS: { id: SortColumn; label: string; align?: 'right'; sx?: object }[] = [
  { id: 'name', label: 'Name' },
  { id: 'size', label: 'Size', align: 'right', sx: { ...wide, width: 110 } },
  { id: 'modified', label: 'Modified', sx: { display: { xs: 'none', sm: 'table-cell' }, width: 220 } },
  { id: 'modifiedBy', label: 'Modified by', sx: { ...wide, width: 170 } },
];

/**
 * One page of children: sortable headers, a checkbox per row and one for the page, and the keys of
 * a file manager (arrows, Shift/Ctrl+arrows, Space, Ctrl+A, Escape, Enter, Delete, F2).
 */
export function ChildrenTable({
  rows,
  state,
  selection,
  onSelectionChange,
  onSort,
  onAction,
  folderHref,
  dropTargetId,
}: Props) {
  const rowRefs = useRef(new Map<string, HTMLTableRowElement>());
  const me = useSession()?.userId;
  const ids = rows?.map((r) => r.id) ?? [];
  const selected = new Set(selection.selected);
  const focusId = selection.focus !== null && ids.includes(selection.focus) ? selection.focus : (ids[0] ?? null);
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));

  const focusRow = (id: string | null) => id !== null && rowRefs.current.get(id)?.focus();
  const handleKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, node: Node) => {
    if (event.target !== event.currentTarget || !rows) return;
    const ctrl = event.ctrlKey || event.metaKey;
    const moved = moveFocus({ ...selection, focus: node.id }, ids, event.key, { shift: event.shiftKey, ctrl });
    if (moved) {
      event.preventDefault();
      onSelectionChange(moved);
      focusRow(moved.focus);
      return;
    }
    const targets = () => actionTargets(selection, node.id).flatMap((id) => rows.filter((r) => r.id === id));
    const run = (action: ActionId, nodes: readonly Node[]) => {
      event.preventDefault();
      if (availableActions(nodes, me).get(action)) onAction(action, nodes);
    };
    if (event.key === ' ') {
      event.preventDefault();
      onSelectionChange(toggle(selection, ids, node.id));
    } else if (ctrl && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      onSelectionChange({ ...selection, selected: ids });
    } else if (event.key === 'Escape' && selection.selected.length > 0) {
      event.preventDefault();
      onSelectionChange({ ...selection, selected: [] });
    } else if (event.key === 'Enter') {
      run(node.isFolder ? 'open' : 'download', [node]);
    } else if (event.key === 'Delete') {
      run('delete', targets());
    } else if (event.key === 'F2') {
      run('rename', [node]);
    }
  };
  // The row a double-click acts on is the one its first click was on, whatever is under the pointer at the second.
  const firstClick = useRef<{ id: string; at: number } | null>(null);
  const handleClick = (event: MouseEvent, node: Node) => {
    const previous = firstClick.current;
    if (event.detail > 1 && previous && event.timeStamp - previous.at < DOUBLE_CLICK_MS) return;
    firstClick.current = { id: node.id, at: event.timeStamp };
    if (event.shiftKey) onSelectionChange(selectRange(selection, ids, node.id));
    else if (event.ctrlKey || event.metaKey) onSelectionChange(toggle(selection, ids, node.id));
    else onSelectionChange(selectOnly(node.id));
  };
  const handleDoubleClick = (event: MouseEvent, node: Node) => {
    const first = firstClick.current;
    firstClick.current = null;
    const isSameGesture = first !== null && event.timeStamp - first.at < DOUBLE_CLICK_MS;
    const target = (isSameGesture && rows?.find((r) => r.id === first.id)) || node;
    onAction(target.isFolder ? 'open' : 'download', [target]);
  };

  return (
    <Table stickyHeader size="small" aria-label="Folder contents" sx={{ tableLayout: 'fixed' }}>
      <TableHead sx={{ [`& .${tableCellClasses.head}`]: { height: HEADER_HEIGHT, py: 0 } }}>
        <TableRow>
          <TableCell padding="checkbox" sx={checkboxColumn}>
            <Checkbox
              size="small"
              checked={allSelected}
              indeterminate={!allSelected && selection.selected.length > 0}
              disabled={ids.length === 0}
              onChange={() => onSelectionChange(toggleAll(selection, ids))}
              slotProps={{ input: { 'aria-label': 'Select all on this page' } }}
            />
          </TableCell>
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
            <VisuallyHidden>Status and actions</VisuallyHidden>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows === undefined
          ? Array.from({ length: 8 }, (_, i) => (
              <TableRow key={i} aria-hidden>
                <TableCell colSpan={6}>
                  <Skeleton variant="text" width={`${60 - (i % 3) * 12}%`} />
                </TableCell>
              </TableRow>
            ))
          : rows.map((node) => (
              <TableRow
                key={node.id}
                ref={(el) => {
                  if (el) rowRefs.current.set(node.id, el);
                  else rowRefs.current.delete(node.id);
                }}
                hover
                selected={selected.has(node.id)}
                aria-selected={selected.has(node.id)}
                tabIndex={node.id === focusId ? 0 : -1}
                onClick={(e) => handleClick(e, node)}
                onDoubleClick={(e) => handleDoubleClick(e, node)}
                onKeyDown={(e) => handleKeyDown(e, node)}
                {...(node.isFolder
                  ? dropTargetAttributes({ id: node.id, name: node.name, canCreate: can(node, 'create') })
                  : {})}
                data-drop-over={node.id === dropTargetId ? 'true' : undefined}
                sx={{
                  cursor: 'default',
                  '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
                  ...(node.id === dropTargetId && {
                    outline: 2,
                    outlineStyle: 'dashed',
                    outlineOffset: -2,
                    outlineColor: can(node, 'create') ? 'primary.main' : 'error.main',
                    bgcolor: 'action.hover',
                  }),
                }}
              >
                <TableCell padding="checkbox" onClick={(e) => e.stopPropagation()}>
                  <Checkbox
                    size="small"
                    checked={selected.has(node.id)}
                    onChange={() => onSelectionChange(toggle(selection, ids, node.id))}
                    tabIndex={-1}
                    slotProps={{ input: { 'aria-label': `Select ${node.name}`, tabIndex: -1 } }}
                  />
                </TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
                    <NodeIcon node={node} />
                    {node.isFolder ? (
                      <Link
                        component={RouterLink}
                        to={folderHref(node)}
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
                  <DateTime value={node.modifiedAt} />
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
                    <RowActions node={node} onAction={onAction} />
                  </Box>
                </TableCell>
              </TableRow>
            ))}
      </TableBody>
    </Table>
  );
}

/** Longer than a double-click takes (the system setting is at most about 900 ms). */
const DOUBLE_CLICK_MS = 1000;

/**
 * The checkbox column, 16 + 20 + 12 px. A small table's checkbox cell gets `width: 24` from a
 * `.sizeSmall.paddingCheckbox` rule that a plain `sx` width cannot outweigh; with border-box and its
 * 28 px of padding that is a 28 px column with no room for the 20 px checkbox. A fixed layout does not
 * widen it, so the checkbox spills into the next column, and in the sticky header the opaque "Name"
 * cell covers the spilled part.
 */
const checkboxColumn = { [`&.${tableCellClasses.paddingCheckbox}`]: { width: CHECKBOX_COLUMN_WIDTH } } as const;

const ellipsis = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
