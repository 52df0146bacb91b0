import { describe, expect, it } from 'vitest';
import { AftsQueryError } from './afts.errors.ts';
import { resolveDateLimit } from './date-math.ts';

const now = new Date('2026-03-31T15:45:30.250Z');
const at = (text: string) => resolveDateLimit(text, now)?.toISOString() ?? null;

describe('resolveDateLimit', () => {
  it.each([
    ['NOW', '2026-03-31T15:45:30.250Z'],
    ['now', '2026-03-31T15:45:30.250Z'],
    ['NOW/DAY', '2026-03-31T00:00:00.000Z'],
    ['NOW/DAY-30DAYS', '2026-03-01T00:00:00.000Z'],
    ['NOW/DAY+1DAY', '2026-04-01T00:00:00.000Z'],
    ['NOW/MONTH', '2026-03-01T00:00:00.000Z'],
    ['NOW/YEAR', '2026-01-01T00:00:00.000Z'],
    ['NOW/HOUR', '2026-03-31T15:00:00.000Z'],
    ['NOW-1MONTH', '2026-02-28T15:45:30.250Z'],
    ['NOW+1YEAR-1MONTH', '2027-02-28T15:45:30.250Z'],
    ['NOW-2HOURS+30MINUTES', '2026-03-31T14:15:30.250Z'],
    ['NOW-1DATE', '2026-03-30T15:45:30.250Z'],
    ['NOW/SECOND-500MILLIS', '2026-03-31T15:45:29.500Z'],
    ['2026-01-15', '2026-01-15T00:00:00.000Z'],
    ['2026-01-15T08:30', '2026-01-15T08:30:00.000Z'],
    ['2026-01-15T08:30:00', '2026-01-15T08:30:00.000Z'],
    ['2026-01-15T08:30:00+02:00', '2026-01-15T06:30:00.000Z'],
    ['2026-01-31T08:30:00Z+1MONTH', '2026-02-28T08:30:00.000Z'],
    ['2026-01-15/MONTH', '2026-01-01T00:00:00.000Z'],
    ['2019', '2019-01-01T00:00:00.000Z'],
    ['2019-07', '2019-07-01T00:00:00.000Z'],
    ['2019+1YEAR', '2020-01-01T00:00:00.000Z'],
  ])('%s is %s', (text, expected) => {
    expect(at(text)).toBe(expected);
  });

  it.each(['*', 'MIN', 'MAX', 'max'])('%s leaves the end open', (text) => {
    expect(resolveDateLimit(text, now)).toBeNull();
  });

  it.each([
    'yesterday',
    'NOW-DAY',
    'NOW/2DAYS',
    'NOW+1FORTNIGHT',
    'NOW 1DAY',
    '2026-13-45',
    '2026-01-01x',
    'NOW+99999999999YEARS',
    '',
  ])('%j is refused with a clear message', (text) => {
    expect(() => resolveDateLimit(text, now)).toThrow(AftsQueryError);
  });

  it('names the unit it does not know', () => {
    expect(() => resolveDateLimit('NOW+1FORTNIGHT', now)).toThrow(/"FORTNIGHT" is not a unit of date math/);
  });
});
