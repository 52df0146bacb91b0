import { expect, it } from 'vitest';
import { formatLabel, nextLabel, parseLabel } from './version-label.ts';

it('counts versions as Alfresco does', () => {
  expect(formatLabel(nextLabel(undefined, true))).toBe('1.0');
  expect(formatLabel(nextLabel(undefined, false))).toBe('0.1');
  expect(formatLabel(nextLabel(parseLabel('1.3'), false))).toBe('1.4');
  expect(formatLabel(nextLabel(parseLabel('1.3'), true))).toBe('2.0');
  expect(formatLabel(nextLabel(parseLabel('0.9'), false))).toBe('0.10');
  expect(parseLabel('x.1')).toBeUndefined();
  expect(parseLabel('1.0')).toEqual({ major: 1, minor: 0 });
});
