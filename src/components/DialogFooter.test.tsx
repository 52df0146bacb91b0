import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DialogFooter } from './DialogFooter.tsx';

describe('DialogFooter', () => {
  it('offers Cancel, then the action, which submits the form unless it has its own handler', async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    const onCancel = vi.fn();
    render(
      <form onSubmit={(e) => onSubmit(e.nativeEvent as SubmitEvent)}>
        <DialogFooter confirmLabel="Create" onCancel={onCancel} />
      </form>,
    );
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Cancel', 'Create']);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('runs its own handler without submitting', async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    const onConfirm = vi.fn();
    render(
      <form onSubmit={(e) => onSubmit(e.nativeEvent as SubmitEvent)}>
        <DialogFooter confirmLabel="Delete" color="error" onConfirm={onConfirm} onCancel={() => {}} />
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('while busy, the action says so and cannot be pressed again; Cancel still can', () => {
    const { rerender } = render(<DialogFooter confirmLabel="Save" onCancel={() => {}} />);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.getAttribute('aria-busy')).toBe('false');
    expect(save).toHaveProperty('disabled', false);

    rerender(<DialogFooter confirmLabel="Save" onCancel={() => {}} isBusy />);
    const busy = screen.getByRole('button', { name: /Save/ });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(busy).toHaveProperty('disabled', true);
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', false);
  });

  it('is disabled, not busy, while the dialog is not ready', () => {
    render(<DialogFooter confirmLabel="Move here" onCancel={() => {}} disabled />);
    const move = screen.getByRole('button', { name: 'Move here' });
    expect(move).toHaveProperty('disabled', true);
    expect(move.getAttribute('aria-busy')).toBe('false');
  });

  it('gives focus to the button asked for', () => {
    render(<DialogFooter confirmLabel="Save anyway" onCancel={() => {}} autoFocus="cancel" />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });
});
