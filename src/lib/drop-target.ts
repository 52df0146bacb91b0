/**
 * Where a drop of files lands, told through the DOM: a view marks an element (a folder's row) as a
 * drop target with `dropTargetAttributes`; the upload zone around it finds the nearest one under
 * the pointer with `dropTargetAt`. Neither feature imports the other.
 */
export interface DropTarget {
  id: string;
  name: string;
  /** The person may add items there (`allowableOperations` has `create`). */
  canCreate: boolean;
}

export function dropTargetAttributes(target: DropTarget): Record<string, string> {
  return {
    'data-drop-folder': target.id,
    'data-drop-folder-name': target.name,
    'data-drop-allowed': String(target.canCreate),
  };
}

/** The drop target marked at or above `element`, if any. */
export function dropTargetAt(element: EventTarget | null): DropTarget | undefined {
  if (!(element instanceof Element)) return undefined;
  const marked = element.closest<HTMLElement>('[data-drop-folder]');
  if (!marked) return undefined;
  return {
    id: marked.dataset.dropFolder ?? '',
    name: marked.dataset.dropFolderName ?? '',
    canCreate: marked.dataset.dropAllowed === 'true',
  };
}
