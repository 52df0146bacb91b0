import { describe, expect, it } from 'vitest';
import { peopleSearchWhere } from './where-clause.ts';

describe('peopleSearchWhere', () => {
  it('quotes the search text', () => {
    expect(peopleSearchWhere('ali')).toBe("(search='ali')");
  });

  it("escapes quotes and backslashes (O'Brien)", () => {
    expect(peopleSearchWhere("O'Brien")).toBe("(search='O\\'Brien')");
    expect(peopleSearchWhere('a\\b')).toBe("(search='a\\\\b')");
  });
});
