import { describe, expect, it } from 'vitest';
import type { ModelProperty } from '../api/types.ts';
import { displayValue, editorKind, fromDraft, toDraft } from './property-values.ts';

const def = (dataType: string, over: Partial<ModelProperty> = {}): ModelProperty => ({
  id: 'x:p',
  title: 'P',
  dataType,
  isMultiValued: false,
  isMandatory: false,
  isProtected: false,
  ...over,
});

describe('property editors', () => {
  it('pick an editor by data type; content, categories and protected ones are read-only', () => {
    expect(editorKind(def('d:mltext'))).toBe('text');
    expect(editorKind(def('d:long'))).toBe('integer');
    expect(editorKind(def('d:double'))).toBe('number');
    expect(editorKind(def('d:boolean'))).toBe('boolean');
    expect(editorKind(def('d:date'))).toBe('date');
    expect(editorKind(def('d:datetime'))).toBe('datetime');
    expect(editorKind(def('d:content'))).toBe('readonly');
    expect(editorKind(def('d:category'))).toBe('readonly');
    expect(editorKind(def('d:text', { isProtected: true }))).toBe('readonly');
  });

  it('convert numbers both ways and refuse what is not one', () => {
    expect(toDraft(42, def('d:int'))).toBe('42');
    // cm:owner comes as a person and is edited as their id.
    expect(toDraft({ id: 'kim', displayName: 'Kim Other' }, def('d:text'))).toBe('kim');
    expect(fromDraft(' 42 ', def('d:int'))).toEqual({ ok: true, value: 42 });
    expect(fromDraft('4.5', def('d:int'))).toEqual({ ok: false, problem: 'Enter a whole number.' });
    expect(fromDraft('-0.25', def('d:double'))).toEqual({ ok: true, value: -0.25 });
    expect(fromDraft('abc', def('d:float'))).toEqual({ ok: false, problem: 'Enter a number.' });
  });

  it('turn an emptied field into null (the property is removed)', () => {
    expect(fromDraft('  ', def('d:text'))).toEqual({ ok: true, value: null });
    expect(fromDraft('', def('d:int'))).toEqual({ ok: true, value: null });
    expect(fromDraft([], def('d:text', { isMultiValued: true }))).toEqual({ ok: true, value: null });
  });

  it('keep booleans as booleans', () => {
    expect(toDraft(true, def('d:boolean'))).toBe(true);
    expect(toDraft(undefined, def('d:boolean'))).toBe(false);
    expect(fromDraft(false, def('d:boolean'))).toEqual({ ok: true, value: false });
  });

  it('show dates as the inputs want them and send ISO 8601', () => {
    expect(toDraft('2026-11-22T00:00:00.000+0000', def('d:date'))).toBe('2026-11-22');
    expect(fromDraft('2026-11-22', def('d:date'))).toEqual({ ok: true, value: '2026-11-22' });
    const local = toDraft('2026-11-22T10:30:00.000+0000', def('d:datetime'));
    expect(local).toMatch(/^2026-11-2\dT\d{2}:30$/);
    expect(fromDraft(local, def('d:datetime'))).toEqual({ ok: true, value: '2026-11-22T10:30:00.000Z' });
    expect(fromDraft('tomorrow', def('d:datetime'))).toEqual({ ok: false, problem: 'Enter a date and time.' });
  });

  it('edit multi-valued properties as lists and convert each item', () => {
    const multi = def('d:int', { isMultiValued: true });
    expect(toDraft([1, 2], multi)).toEqual(['1', '2']);
    expect(toDraft(3, multi)).toEqual(['3']);
    expect(fromDraft(['1', '2'], multi)).toEqual({ ok: true, value: [1, 2] });
    expect(fromDraft(['1', 'x'], multi)).toEqual({ ok: false, problem: '“x”: Enter a whole number.' });
  });

  it('show read-only values in words', () => {
    expect(displayValue({ id: 'bob', displayName: 'Bob Brown' })).toBe('Bob Brown');
    expect(displayValue(['a', 'b'])).toBe('a, b');
    expect(displayValue(undefined)).toBe('—');
  });
});
