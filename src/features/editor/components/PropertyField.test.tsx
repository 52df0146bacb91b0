import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ModelProperty } from '../api/types.ts';
import { PropertyField } from './PropertyField.tsx';

const def = (id: string, dataType: string, extra: Partial<ModelProperty> = {}) =>
  ({ id, title: id, dataType, isProtected: false, isMultiValued: false, ...extra }) as ModelProperty;

const field = (d: ModelProperty, stored: unknown, readOnly = false) =>
  render(
    <PropertyField
      def={d}
      draft={stored as never}
      stored={stored}
      readOnly={readOnly}
      error={undefined}
      onChange={vi.fn()}
    />,
  );

describe('PropertyField', () => {
  it('shows a protected yes/no property as a switch, never as "—"', () => {
    field(def('cm:autoVersion', 'd:boolean', { isProtected: true }), true);
    const control = screen.getByRole('switch', { name: 'cm:autoVersion' });
    expect((control as HTMLInputElement).checked).toBe(true);
    expect((control as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByDisplayValue('—')).toBeNull();
  });

  it('says a yes/no property without a value is not set', () => {
    field(def('cm:initialVersion', 'd:boolean', { isProtected: true }), undefined);
    expect(screen.getByRole('switch', { name: 'cm:initialVersion' })).toBeTruthy();
    expect(screen.getByText(/^Not set/)).toBeTruthy();
  });

  it('gives Description several lines', () => {
    field(def('cm:description', 'd:mltext'), 'One\nTwo');
    const box = screen.getByRole('textbox', { name: 'cm:description' });
    expect(box.tagName).toBe('TEXTAREA');
    expect(Number(box.getAttribute('rows'))).toBeGreaterThanOrEqual(3);
  });
});
