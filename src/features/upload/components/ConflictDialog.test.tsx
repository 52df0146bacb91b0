import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInProviders } from '../../../test/render.tsx';
import type { UploadItem } from '../model/upload-queue.ts';
import { ConflictDialog } from './ConflictDialog.tsx';

const item = { id: 'u1', name: 'report.txt' } as UploadItem;

describe('ConflictDialog', { timeout: 20_000 }, () => {
  it('names its choices as one group, with labelled version options under "Replace"', async () => {
    const onResolve = vi.fn();
    renderInProviders(<ConflictDialog item={item} pending={2} onResolve={onResolve} onClose={() => {}} />);
    const group = screen.getByRole('group', { name: 'What to do' });
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('name'))).toEqual(Array(3).fill('upload-conflict-choice'));
    expect(group.contains(radios[0]!)).toBe(true);
    expect(screen.getByRole('radio', { name: 'Keep both (upload under a free name)' })).toHaveProperty('checked', true);

    await userEvent.click(screen.getByRole('radio', { name: 'Replace (upload as a new version)' }));
    const options = screen.getByRole('group', { name: 'New version' });
    expect(options.querySelector('[role="radio"], input[type="radio"]')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Major version' }));
    await userEvent.type(screen.getByLabelText('Version comment'), 'June');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Apply to all 2 clashes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onResolve).toHaveBeenCalledWith({ kind: 'replace', majorVersion: true, comment: 'June' }, true);
  });

  it('names the item already there when its name differs in letter case', () => {
    const clash = { ...item, name: 'Report.txt', clashesWith: 'REPORT.txt', relativePath: 'q1' } as UploadItem;
    renderInProviders(<ConflictDialog item={clash} pending={1} onResolve={() => {}} onClose={() => {}} />);
    expect(screen.getByRole('dialog').textContent).toContain(
      'An item named “REPORT.txt” already exists in q1. Names that differ only in letter case clash, so “Report.txt” cannot go beside it.',
    );
  });
});
