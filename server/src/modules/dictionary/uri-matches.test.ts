import { describe, expect, it } from 'vitest';
import { uriMatches } from './dictionary.routes.ts';

const CM = 'http://www.alfresco.org/model/content/1.0';

describe('uriMatches: namespaceUri matches(…) with .* and . only', () => {
  it.each([
    ['http://www.alfresco.*', CM, true],
    ['http://www.alfresco.*', 'http://example.com/model', false],
    [CM, CM, true],
    // `.` is any one character: "1.." is "1" and two more.
    ['http://www.alfresco.org/model/content/1..', CM, true],
    ['http://www.alfresco.org/model/content/1..', 'http://www.alfresco.org/model/content/1.00', false],
    ['.*content.*', CM, true],
    ['.*site.*', CM, false],
    ['.*', '', true],
    ['', '', true],
    ['a', '', false],
    ['(a+)+b', '(a+)+b', true],
    ['[a-z]*', 'abc', false],
  ])('%s on %s: %s', (pattern, uri, expected) => {
    expect(uriMatches(pattern, uri)).toBe(expected);
  });

  it('answers a pattern of many .* on a long text (a backtracking expression took seconds)', () => {
    expect(uriMatches(`${'.*'.repeat(7)}!`, CM)).toBe(false);
    expect(uriMatches(`${'.*a'.repeat(200)}!`, 'a'.repeat(2_000))).toBe(false);
    expect(uriMatches(`${'.*a'.repeat(200)}`, 'a'.repeat(2_000))).toBe(true);
  });
});
