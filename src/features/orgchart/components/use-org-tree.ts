import { useQueries } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { subunitsQueryOptions, useSubunits } from '../api/get-subunits.ts';
import { useMember } from '../api/get-member.ts';
import type { OrgUnit } from '../api/types.ts';
import type { OrgLocation } from '../model/org-path.ts';
import { initialTreeState, reduceTree, type TreeAction, type TreeState } from '../model/tree.ts';

/**
 * The tree's state for a URL: the selected unit follows the URL, and the tree opens down to the unit
 * or to the member's units the URL names (again after a change, as a move puts a unit elsewhere).
 * Selecting a unit in the tree calls `onSelect`, which changes the URL.
 */
export function useOrgTree(root: OrgUnit, location: OrgLocation, onSelect: (unitId: string) => void) {
  const [state, setState] = useState<TreeState>(() => initialTreeState(root.id));
  const stateRef = useRef(state);
  const apply = useCallback(
    (action: TreeAction, notify: boolean) => {
      const before = stateRef.current;
      const next = reduceTree(before, action);
      if (next === before) return;
      stateRef.current = next;
      setState(next);
      if (notify && next.selectedId && next.selectedId !== before.selectedId) onSelect(next.selectedId);
    },
    [onSelect],
  );
  const dispatch = useCallback((action: TreeAction) => apply(action, true), [apply]);

  const unit = useSubunits(location.kind === 'unit' ? location.unitId : undefined);
  const member = useMember(location.kind === 'member' ? location.username : undefined);
  const memberUnits = useQueries({
    queries: (member.data?.units ?? []).map((u) => subunitsQueryOptions(u.id)),
  });
  const memberUnitsReady = memberUnits.every((q) => q.data);
  const memberUnitsUpdated = memberUnits.map((q) => q.dataUpdatedAt).join();

  // The selection follows the URL (without going back to it).
  const selectedId =
    location.kind === 'root' ? root.id : location.kind === 'unit' ? (unit.data?.id ?? location.unitId) : null;
  useEffect(() => apply({ type: 'select', id: selectedId }, false), [apply, selectedId]);

  useEffect(() => {
    if (location.kind === 'unit' && unit.data) {
      const ids = unit.data.ancestors.map((a) => a.id);
      apply({ type: 'reveal', expand: ids, focusId: unit.data.id }, false);
    }
  }, [apply, location.kind, unit.data, unit.dataUpdatedAt]);

  useEffect(() => {
    if (location.kind !== 'member' || !member.data || !memberUnitsReady) return;
    const ids = memberUnits.flatMap((q) => q.data?.ancestors.map((a) => a.id) ?? []);
    apply({ type: 'reveal', expand: ids, focusId: member.data.units[0]?.id }, false);
    // memberUnits changes identity on every render; its update times say when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [apply, location.kind, member.data, memberUnitsReady, memberUnitsUpdated]);

  return { state, dispatch, unit, member };
}
