import { describe, expect, it } from 'vitest';
import { formatDateTime, formatFullDateTime, formatRelative, formatWhen, parseApiDate } from './format-date.ts';

const now = Date.parse('2026-11-25T12:05:15.000Z');
const minutes = (n: number) => new Date(now + n * 60_000);

describe('parseApiDate', () => {
  it('understands the contract format, and nothing else', () => {
    expect(parseApiDate('2026-11-22T10:15:00.000+0000')?.toISOString()).toBe('2026-11-22T10:15:00.000Z');
    expect(parseApiDate('not a date')).toBeUndefined();
  });
});

describe('formatRelative', () => {
  it('reads like a person says it', () => {
    expect(formatRelative(minutes(-5), now)).toBe('5 minutes ago');
    expect(formatRelative(minutes(120), now)).toBe('in 2 hours');
    expect(formatRelative(minutes(-24 * 60), now)).toBe('yesterday');
    expect(formatRelative(new Date(now - 10_000), now)).toBe('10 seconds ago');
    expect(formatRelative(new Date(now), now)).toBe('now');
  });
});

describe('formatWhen', () => {
  it('is relative within a week and the date beyond', () => {
    expect(formatWhen('2026-11-25T12:00:15.000+0000', now)).toBe('5 minutes ago');
    expect(formatWhen('2026-10-01T09:30:00.000+0000', now)).toBe(formatDateTime('2026-10-01T09:30:00.000+0000'));
    expect(formatWhen(undefined, now)).toBe('');
  });
});

describe('formatDateTime and formatFullDateTime', () => {
  it('write the same date with medium and full styles, seconds only in full', () => {
    const value = '2026-11-25T12:05:15.000+0000';
    expect(formatDateTime(value)).toMatch(/2026/);
    expect(formatDateTime(value)).not.toMatch(/:15/);
    expect(formatFullDateTime(value)).toMatch(/2026/);
    expect(formatFullDateTime(value)).toMatch(/:15/);
    expect(formatDateTime('garbage')).toBe('garbage');
  });
});
