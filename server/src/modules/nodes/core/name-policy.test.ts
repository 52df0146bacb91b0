import { describe, expect, it } from 'vitest';
import { assertValidName, nameProblem, suggestName } from './name-policy.ts';

describe('name policy', () => {
  it.each(['report.pdf', 'a-b_c', 'Ünïcødé', '.hidden', 'x..y'])('accepts %s under both policies', (name) => {
    expect(nameProblem(name, 'strict')).toBeUndefined();
    expect(nameProblem(name, 'alfresco')).toBeUndefined();
  });

  it.each(['a*b', 'a"b', 'a<b', 'a>b', 'a\\b', 'a/b', 'a?b', 'a:b', 'a|b', 'end.', '.', '..', 'tab\there'])(
    'rejects %j under both policies',
    (name) => {
      expect(nameProblem(name, 'strict')).toBeDefined();
      expect(nameProblem(name, 'alfresco')).toBeDefined();
    },
  );

  it('rejects inner spaces only under the strict policy', () => {
    expect(nameProblem('My Folder', 'strict')).toMatch(/spaces/);
    expect(nameProblem('My Folder', 'alfresco')).toBeUndefined();
    expect(nameProblem('trailing ', 'alfresco')).toMatch(/end with a space/);
  });

  it('refuses invisible and text-direction characters under the strict policy only, and the fix drops them', () => {
    const invisible = ['\u202E', '\u202A', '\u2066', '\u200E', '\u200B', '\u200D', '\uFEFF', '\u00AD', '\u2060'];
    // Tag characters, the Hangul filler, the combining grapheme joiner, a variation selector, the braille blank.
    invisible.push('\u{E0041}', '\u3164', '\u034F', '\uFE0F', '\u206A', '\u2800');
    for (const c of invisible) {
      expect(nameProblem(`in${c}voice.pdf`, 'strict'), JSON.stringify(c)).toMatch(/invisible/);
      expect(nameProblem(`in${c}voice.pdf`, 'alfresco'), JSON.stringify(c)).toBeUndefined();
    }
    expect(suggestName('invoice\u202Efdp.exe', 'strict')).toBe('invoicefdp.exe');
  });

  it('limits names to 255 characters', () => {
    expect(nameProblem('x'.repeat(255), 'strict')).toBeUndefined();
    expect(nameProblem('x'.repeat(256), 'strict')).toMatch(/255/);
    expect(suggestName('x'.repeat(300), 'strict')).toHaveLength(255);
  });

  it('gives 400 for a missing name and 422 for an invalid one', () => {
    expect(() => assertValidName('', 'strict', 'p')).toThrow(expect.objectContaining({ statusCode: 400 }));
    expect(() => assertValidName('inv:alid', 'strict', 'p')).toThrow(expect.objectContaining({ statusCode: 422 }));
    expect(assertValidName('fine.txt', 'strict', 'p')).toBe('fine.txt');
  });

  it('refuses unpaired surrogates (not storable as UTF-8) and keeps paired ones', () => {
    expect(nameProblem('bad\ud800.txt', 'strict')).toMatch(/surrogate/);
    expect(nameProblem('bad\udc00', 'strict')).toMatch(/surrogate/);
    expect(nameProblem('emoji\ud83d\ude00.txt', 'strict')).toBeUndefined();
    expect(suggestName('bad\ud800.txt', 'strict')).toBe('bad_.txt');
  });

  it('suggests a valid name', () => {
    expect(suggestName('my report: final?.pdf', 'strict')).toBe('my_report__final_.pdf');
    expect(suggestName('my report.', 'alfresco')).toBe('my report');
    expect(nameProblem(suggestName(' a / b . ', 'strict'), 'strict')).toBeUndefined();
  });
});
