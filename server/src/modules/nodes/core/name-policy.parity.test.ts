import { describe, expect, it } from 'vitest';
// The one place the two sides meet: the web app's copy of the name rules must refuse exactly what
// the server refuses, or it would block names the server accepts (or let through ones it refuses).
// eslint-disable-next-line no-restricted-imports -- a test comparing the web app's mirror with the server
import * as web from '../../../../../src/lib/name-rules.ts';
import { MAX_NAME_LENGTH, nameProblem, type NamePolicy } from './name-policy.ts';

const NAMES = [
  'Reports',
  'q3-2026_final.pdf',
  'Été',
  '.hidden',
  'Annual report.txt',
  'My Docs',
  ' leading',
  'trailing ',
  'trailing\t',
  'inner\ttab',
  'nbsp\u00A0inside',
  'ideographic\u3000space',
  'draft.',
  'draft..',
  'draft. ',
  'dot .txt',
  'a.b.c',
  'x'.repeat(255),
  'x'.repeat(256),
  'a:b',
  'a*b',
  'a"b',
  'a<b',
  'a>b',
  'a\\b',
  'a/b',
  'a?b',
  'a|b',
  'bell\u0007',
  'del\u007f',
  'invoice\u202Efdp.exe',
  'zero\u200Bwidth',
  'bom\uFEFF',
  'soft\u00ADhyphen',
  'isolate\u2066x\u2069',
  'lone\uD800',
  'lone\uDC00x',
  'emoji 😀.png',
  '😀',
  '…',
  '·',
];

describe('the web app mirrors the server name rules', () => {
  for (const policy of ['strict', 'alfresco'] as NamePolicy[]) {
    it(`refuses exactly what the server refuses under ${policy}`, () => {
      for (const name of NAMES) {
        expect(web.nameProblem(name, policy) === undefined, `${policy}: ${JSON.stringify(name)}`).toBe(
          nameProblem(name, policy) === undefined,
        );
      }
    });
    it(`fixes every name into one the server accepts under ${policy}`, () => {
      for (const name of NAMES) {
        const fixed = web.suggestName(name, policy);
        expect(nameProblem(fixed, policy), `${policy}: ${JSON.stringify(name)} -> ${JSON.stringify(fixed)}`).toBe(
          undefined,
        );
      }
    });
  }
  it('uses the same length limit', () => {
    expect(web.MAX_NAME_LENGTH).toBe(MAX_NAME_LENGTH);
  });
});
