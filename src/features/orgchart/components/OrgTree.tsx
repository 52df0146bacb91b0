import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useQueries } from '@tanstack/react-query';
import { type DragEvent, Fragment, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { subunitsQueryOptions } from '../api/get-subunits.ts';
import type { OrgUnit } from '../api/types.ts';
import { type TreeAction, TREE_KEYS, tabStop, type TreeRow, type TreeState, visibleRows } from '../model/tree.ts';
import { TreeLoadError } from './TreeLoadError.tsx';

const DRAG_TYPE = 'application/x-quire-unit';

interface Props {
  root: OrgUnit;
  state: TreeState;
  dispatch: (action: TreeAction) => void;
  /** Units to mark (a member's units). */
  marked?: ReadonlySet<string>;
  /** Dragging a unit onto another moves it there (administrators only). */
  onMove?: (unitId: string, parentId: string) => void;
}

/** The org chart as an ARIA tree: subunits load when a unit is expanded. */
export function OrgTree({ root, state, dispatch, marked, onMove }: Props) {
  const others = [...state.expanded].filter((id) => id !== root.id);
  const results = useQueries({ queries: others.map((id) => subunitsQueryOptions(id)) });
  const children = new Map<string, OrgUnit['children']>([[root.id, root.children]]);
  results.forEach((result, i) => {
    if (result.data) children.set(others[i]!, result.data.children);
  });
  const failed = new Map(others.flatMap((id, i) => (results[i]?.isError ? [[id, results[i]]] : [])));
  const rows = visibleRows(root, children, state.expanded);
  const stop = tabStop(rows, state);

  const treeRef = useRef<HTMLUListElement>(null);
  // DOM focus follows the model's focus, but only while the focus is in the tree already.
  useEffect(() => {
    const tree = treeRef.current;
    if (!tree || !state.focusedId || !tree.contains(document.activeElement)) return;
    const items = tree.querySelectorAll<HTMLElement>('[data-unit-id]');
    const item = [...items].find((el) => el.dataset.unitId === state.focusedId);
    if (item && item !== document.activeElement) item.focus();
  }, [state.focusedId, rows.length]);

  const [dropTarget, setDropTarget] = useState<string | null>(null);

  const handleKeyDown = (event: KeyboardEvent) => {
    if (!TREE_KEYS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    dispatch({ type: 'key', key: event.key, rows });
  };

  const renderItem = (row: TreeRow) => {
    const isSelected = state.selectedId === row.id;
    const error = failed.get(row.id);
    const dragProps = onMove && {
      draggable: row.parentId !== null,
      onDragStart: (e: DragEvent) => {
        e.stopPropagation();
        e.dataTransfer.setData(DRAG_TYPE, row.id);
        e.dataTransfer.effectAllowed = 'move';
      },
      onDragOver: (e: DragEvent) => {
        if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
        e.preventDefault();
        e.stopPropagation();
        setDropTarget(row.id);
      },
      onDragLeave: () => setDropTarget((t) => (t === row.id ? null : t)),
      onDrop: (e: DragEvent) => {
        e.preventDefault();
        e.stopPropagation();
        setDropTarget(null);
        const dragged = e.dataTransfer.getData(DRAG_TYPE);
        if (dragged && dragged !== row.id) onMove(dragged, row.id);
      },
    };
    return (
      <Fragment key={row.id}>
        <li
          role="treeitem"
          data-unit-id={row.id}
          // The tree is flat (aria-level, aria-posinset, aria-setsize say where a unit is): a unit's
          // item holds its own row only, so its name is what it shows (axe label-content-name-mismatch).
          aria-label={marked?.has(row.id) ? `${row.name} member` : row.name}
          aria-level={row.level}
          aria-posinset={row.posInSet}
          aria-setsize={row.setSize}
          aria-expanded={row.hasChild ? row.isExpanded : undefined}
          aria-selected={isSelected}
          tabIndex={stop === row.id ? 0 : -1}
          onFocus={(e) => {
            if (e.target === e.currentTarget) dispatch({ type: 'focus', id: row.id });
          }}
          {...dragProps}
          style={{ outline: 'none' }}
        >
          <Box
            onClick={(e) => {
              e.stopPropagation();
              dispatch({ type: 'focus', id: row.id });
              dispatch({ type: 'select', id: row.id });
            }}
            sx={(theme) => ({
              display: 'flex',
              alignItems: 'center',
              gap: 0.5,
              pl: (row.level - 1) * 2.25,
              pr: 1,
              minHeight: 36,
              borderRadius: 1,
              cursor: 'pointer',
              userSelect: 'none',
              bgcolor: isSelected ? 'action.selected' : 'transparent',
              '&:hover': { bgcolor: isSelected ? 'action.selected' : 'action.hover' },
              outline: dropTarget === row.id ? `2px dashed ${theme.palette.primary.main}` : 'none',
              'li:focus-visible > &': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
            })}
          >
            <Box
              component="span"
              aria-hidden
              onClick={(e) => {
                if (!row.hasChild) return;
                e.stopPropagation();
                dispatch({ type: 'toggle', id: row.id });
              }}
              sx={{ display: 'inline-flex', width: 24, color: 'text.secondary', flexShrink: 0 }}
            >
              {row.hasChild && (row.isExpanded ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />)}
            </Box>
            <Box
              component="span"
              sx={{
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
                fontWeight: marked?.has(row.id) ? 700 : 400,
              }}
            >
              {row.name}
            </Box>
            {/* A space, so the text read out is "Sales member" as the label says, not "Salesmember". */}
            {marked?.has(row.id) && ' '}
            {marked?.has(row.id) && (
              <Box component="span" sx={{ ml: 'auto', fontSize: 12, color: 'text.secondary', flexShrink: 0 }}>
                member
              </Box>
            )}
          </Box>
        </li>
        {row.isLoading &&
          (error ? (
            <TreeLoadError
              level={row.level + 1}
              name={row.name}
              error={error.error}
              onRetry={() => void error.refetch()}
            />
          ) : (
            <li role="none">
              <Box sx={{ pl: row.level * 2.25 + 3.5, py: 0.5 }}>
                <CircularProgress size={16} aria-label={`Loading the subunits of ${row.name}`} />
              </Box>
            </li>
          ))}
      </Fragment>
    );
  };

  return (
    <ul
      ref={treeRef}
      role="tree"
      aria-label="Organisation units"
      onKeyDown={handleKeyDown}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {rows.map(renderItem)}
    </ul>
  );
}
