import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatFullDateTime } from '../lib/format-date.ts';
import { DateTime } from './DateTime.tsx';

const now = Date.parse('2026-11-25T12:05:15.000Z');

describe('DateTime', () => {
  it('is relative when recent and tells the full date on hover', async () => {
    render(<DateTime value="2026-11-25T12:00:15.000+0000" now={now} />);
    const time = screen.getByText('5 minutes ago');
    fireEvent.mouseOver(time);
    expect((await screen.findByRole('tooltip')).textContent).toBe(formatFullDateTime('2026-11-25T12:00:15.000+0000'));
  });

  it('is the date when older than a week', () => {
    render(<DateTime value="2026-01-02T08:00:00.000+0000" now={now} />);
    expect(screen.getByText(formatDateTime('2026-01-02T08:00:00.000+0000')).tagName).toBe('TIME');
  });
});
