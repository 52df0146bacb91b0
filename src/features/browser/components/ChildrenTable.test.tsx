import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Node } from '../api/types.ts';
import { EMPTY_SELECTION, type Selection } from '../model/selection.ts';
import { ChildrenTable } from './ChildrenTable.tsx';

const user = { id: 'admin', displayName: 'Administrator' };
const aFolder = (id: string): Node =>
  ({
    id,
    name: id,
    nodeType: 'cm:folder',
    isFolder: true,
    isFile: false,
    createdAt: '2026-11-22T10:00:00.000+0000',
    modifiedAt: '2026-11-22T10:00:00.000+0000',
    createdByUser: user,
    modifiedByUser: user,
  }) as Node;

function renderTable(onAction = vi.fn(), rows = [aFolder('alpha'), aFolder('beta')]) {
  let selection: Selection = EMPTY_SELECTION;
  const view = () => (
    <MemoryRouter>
      <ChildrenTable
        rows={rows}
        state={{ sort: null, direction: 'asc', page: 0, pageSize: 50 }}
        selection={selection}
        onSelectionChange={(next) => {
          selection = next;
          result.rerender(view());
        }}
        onSort={() => undefined}
        onAction={onAction}
        folderHref={(node) => `/browse/${node.id}`}
      />
    </MemoryRouter>
  );
  const result = render(view());
  return { onAction, selection: () => selection };
}

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

describe('ChildrenTable', () => {
  it('a double-click acts on the row of its first click, even when its second lands on another row', () => {
    const { onAction, selection } = renderTable();
    fireEvent.click(rowOf('beta'), { detail: 1 });
    // Something moved the rows: the second click and the double-click land on the row above.
    fireEvent.click(rowOf('alpha'), { detail: 2 });
    fireEvent.doubleClick(rowOf('alpha'), { detail: 2 });
    expect(selection().selected).toEqual(['beta']);
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(onAction.mock.calls[0]?.[0]).toBe('open');
    expect((onAction.mock.calls[0]?.[1] as Node[])[0]?.id).toBe('beta');
  });

  it('a double-click without a first click on a row acts on its own row', () => {
    const { onAction } = renderTable();
    fireEvent.doubleClick(rowOf('alpha'), { detail: 2 });
    expect((onAction.mock.calls[0]?.[1] as Node[])[0]?.id).toBe('alpha');
  });

  it('writes a recent change as people say it, with the full date in the markup', () => {
    const recent = new Date(Date.now() - 5 * 60_000);
    renderTable(vi.fn(), [{ ...aFolder('alpha'), modifiedAt: recent.toISOString() }]);
    const time = screen.getByText('5 minutes ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe(recent.toISOString());
  });
});
