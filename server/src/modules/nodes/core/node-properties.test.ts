import { describe, expect, it } from 'vitest';
import { createDictionary } from '../../dictionary/dictionary.ts';
import { checkAspectNames, checkProperties } from './node-properties.ts';

const dictionary = createDictionary();

describe('checkProperties', () => {
  it('converts values to their types and names the aspects they need', () => {
    const result = checkProperties(dictionary, 'cm:content', {
      'cm:title': 'T',
      'cm:hits': '42',
      'cm:latitude': 51.5,
      'cm:from': '2024-05-11T09:15:02.123+0200',
      'cm:addressees': 'one',
      'cm:autoVersionOnUpdateProps': 'true',
    });
    expect(result.values).toEqual({
      'cm:title': 'T',
      'cm:hits': 42,
      'cm:latitude': 51.5,
      'cm:from': '2024-05-11T07:15:02.123+0000',
      'cm:addressees': ['one'],
      'cm:autoVersionOnUpdateProps': true,
    });
    expect([...result.aspects].sort()).toEqual([
      'cm:countable',
      'cm:effectivity',
      'cm:emailed',
      'cm:geographic',
      'cm:titled',
      'cm:versionable',
    ]);
  });

  it('refuses the site properties that /sites manages', () => {
    expect(() => checkProperties(dictionary, 'st:site', { 'st:siteVisibility': 'PRIVATE' })).toThrow(
      /managed by the repository/,
    );
  });

  it('keeps null as a removal', () => {
    expect(checkProperties(dictionary, 'cm:folder', { 'cm:title': null }).values).toEqual({ 'cm:title': null });
  });

  it.each([
    [{ 'xx:title': 'a' }, /isn't a valid QName/],
    [{ 'cm:nothing': 'a' }, /Unknown property: cm:nothing/],
    [{ 'cm:created': '2024-01-01' }, /cannot be set/],
    [{ 'cm:categories': ['a'] }, /d:category cannot be set/],
    [{ 'cm:content': 'x' }, /d:content cannot be set/],
    [{ 'cm:versionLabel': '9.0' }, /managed by the repository/],
    [{ 'cm:hits': 'many' }, /Invalid value for cm:hits/],
    [{ 'cm:hits': 2 ** 40 }, /Invalid value for cm:hits/],
    [{ 'cm:from': '25-11-2016' }, /Invalid value for cm:from/],
    [{ 'cm:title': ['a', 'b'] }, /not multi-valued/],
    [{ 'cm:title': { a: 1 } }, /Invalid value/],
    [{ 'st:siteVisibility': 'PUBLIC' }, /does not apply to cm:content/],
    [{ notaqname: 'x' }, /isn't a valid QName/],
  ])('rejects %j with 400', (input, message) => {
    expect(() => checkProperties(dictionary, 'cm:content', input)).toThrow(message);
    try {
      checkProperties(dictionary, 'cm:content', input);
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 400 });
    }
  });
});

describe('checkAspectNames', () => {
  it('accepts known aspects and ignores sys: ones', () => {
    expect([...checkAspectNames(dictionary, ['cm:titled', 'sys:referenceable'])]).toEqual(['cm:titled']);
  });
  it('rejects unknown aspects', () => {
    expect(() => checkAspectNames(dictionary, ['cm:nope'])).toThrow(/Unknown aspect: cm:nope/);
  });
});
