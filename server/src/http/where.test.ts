import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { parseWhere } from './where.ts';

describe('parseWhere', () => {
  it('parses a single comparison with a bare value', () => {
    expect(parseWhere('(isFolder=true)')).toEqual({
      join: 'AND',
      predicates: [{ kind: 'compare', not: false, property: 'isFolder', operator: '=', value: 'true' }],
    });
  });

  it('parses quoted values with escapes and lower-case keywords', () => {
    const clause = parseWhere("(isPrimary=false and assocType='cm:it\\'s')");
    expect(clause.join).toBe('AND');
    expect(clause.predicates[1]).toEqual({
      kind: 'compare',
      not: false,
      property: 'assocType',
      operator: '=',
      value: "cm:it's",
    });
  });

  it('parses EXISTS joined by OR', () => {
    const clause = parseWhere('(EXISTS(target/file) OR EXISTS(target/site))');
    expect(clause).toEqual({
      join: 'OR',
      predicates: [
        { kind: 'exists', not: false, property: 'target/file' },
        { kind: 'exists', not: false, property: 'target/site' },
      ],
    });
  });

  it('parses NOT, BETWEEN, IN, MATCHES and two-character operators', () => {
    const clause = parseWhere("(NOT a>=1 AND b BETWEEN (1, 5) AND c IN ('x', y) AND d MATCHES('z*') AND e<2)");
    expect(clause.predicates.map((p) => p.kind)).toEqual(['compare', 'between', 'in', 'matches', 'compare']);
    expect(clause.predicates[0]).toMatchObject({ not: true, operator: '>=' });
    expect(clause.predicates[2]).toMatchObject({ values: ['x', 'y'] });
  });

  it.each([
    'isFolder=true',
    '(isFolder=true',
    '(isFolder=true AND isFile=false OR x=1)',
    '(isFolder)',
    "(name='open",
    '(a=1) trailing',
    '(a=1;)',
    '()',
  ])('rejects %s with a 400 InvalidQuery', (input) => {
    try {
      parseWhere(input);
      expect.fail('should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).statusCode).toBe(400);
      expect((error as ApiError).errorKey).toBe('framework.exception.InvalidQuery');
    }
  });
});
