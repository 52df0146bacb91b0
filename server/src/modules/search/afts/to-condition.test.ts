import { describe, expect, it } from 'vitest';
import { parseAfts } from './parse-afts.ts';
import { toCondition } from './to-condition.ts';

const t = (value: string) => ({ kind: 'term', value, exact: false });
const condition = (query: string, options = {}) => toCondition(parseAfts(query, options));

describe('toCondition', () => {
  it('keeps a lone leaf and makes a lone * match everything', () => {
    expect(condition('a')).toEqual(t('a'));
    expect(condition('*')).toEqual({ kind: 'all' });
    expect(condition('cm:title:*')).toMatchObject({ kind: 'term', value: '*' });
  });

  it('requires every unprefixed clause of an AND group and one of an OR group', () => {
    expect(condition('a b c')).toEqual({ kind: 'and', items: [t('a'), t('b'), t('c')] });
    expect(condition('a OR b OR c')).toEqual({ kind: 'or', items: [t('a'), t('b'), t('c')] });
    expect(condition('a b OR c')).toEqual({ kind: 'or', items: [{ kind: 'and', items: [t('a'), t('b')] }, t('c')] });
  });

  it('in an AND group: + and unprefixed clauses must match, - and NOT ones must not', () => {
    expect(condition('a +b -c')).toEqual({ kind: 'and', items: [t('a'), t('b'), { kind: 'not', item: t('c') }] });
    expect(condition('a NOT c')).toEqual(condition('a -c'));
    expect(condition('a -b -c')).toEqual({
      kind: 'and',
      items: [t('a'), { kind: 'not', item: { kind: 'or', items: [t('b'), t('c')] } }],
    });
  });

  it('matches everything but the excluded when a group only excludes', () => {
    expect(condition('-a')).toEqual({ kind: 'not', item: t('a') });
    expect(condition('|a -b')).toEqual({ kind: 'not', item: t('b') });
    expect(condition("TYPE:'content' AND -TYPE:'app:filelink'")).toMatchObject({
      kind: 'and',
      items: [
        { kind: 'phrase', value: 'content' },
        { kind: 'not', item: { kind: 'phrase', value: 'app:filelink' } },
      ],
    });
  });

  it('in an OR group: every clause is an alternative, -x meaning anything but x', () => {
    expect(condition('a OR -b')).toEqual({ kind: 'or', items: [t('a'), { kind: 'not', item: t('b') }] });
    expect(condition('a OR NOT b')).toEqual(condition('a OR -b'));
    expect(condition('a +b -c', { defaultOperator: 'OR' })).toEqual({
      kind: 'or',
      items: [t('a'), t('b'), { kind: 'not', item: t('c') }],
    });
    expect(condition('NOT (NOT a)')).toEqual(t('a'));
  });

  it('lets optional clauses decide only when nothing else does', () => {
    expect(condition('a |b')).toEqual(t('a'));
    expect(condition('|a |b')).toEqual({ kind: 'or', items: [t('a'), t('b')] });
  });

  it('drops boosts and flattens nested groups of one kind', () => {
    expect(condition('a^2 (b c)')).toEqual({ kind: 'and', items: [t('a'), t('b'), t('c')] });
    expect(condition('a OR (b OR c)')).toEqual({ kind: 'or', items: [t('a'), t('b'), t('c')] });
    expect(condition('a OR *')).toEqual({ kind: 'all' });
  });
});
