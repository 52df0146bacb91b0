import { badRequest, integrity } from '../../../http/errors.ts';

export type NamePolicy = 'strict' | 'alfresco';

const FORBIDDEN = /["*\\<>?/:|]/;
// Control characters are never part of a sensible name, whatever the policy.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
/** Half of a UTF-16 surrogate pair without its other half: no character, and not storable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Characters that change how a name reads without showing (strict policy): text-direction
 * overrides, embeddings, isolates and marks ("invoice<RLO>fdp.exe" shows as "invoiceexe.pdf"),
 * zero-width characters, the byte order mark, the soft hyphen and other invisible formatters.
 */
// Unicode's default-ignorable code points (zero-width characters, joiners, variation and tag
// characters, fillers…), the text-direction controls, and the blanks that draw nothing.
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}\u2800\u3164]/gu;

export const MAX_NAME_LENGTH = 255;

/** Why a name breaks the policy, or undefined when it is fine. */

export function nameProblem(name: string, policy: NamePolicy): string | undefined {
  if (name.length > MAX_NAME_LENGTH) return `it must not be longer than ${MAX_NAME_LENGTH} characters`;
  if (FORBIDDEN.test(name)) return 'it must not contain any of * " < > \\ / ? : |';
  if (CONTROL.test(name)) return 'it must not contain control characters';
  if (name.search(LONE_SURROGATE) >= 0) return 'it must not contain unpaired surrogates (invalid Unicode)';
  if (name.endsWith('.')) return 'it must not end with a dot';
  if (policy === 'strict' && name.search(INVISIBLE) >= 0) {
    return 'it must not contain invisible or text-direction characters (zero-width, bidi overrides)';
  }
  if (policy === 'strict' && /\s/.test(name)) return 'it must not contain spaces';
  if (policy === 'alfresco' && /\s$/.test(name)) return 'it must not end with a space';
  return undefined;
}

/** 400 for a missing name, 422 (model integrity, as Alfresco) for an invalid one. */
export function assertValidName(name: string | undefined | null, policy: NamePolicy, context: string): string {
  if (name === undefined || name === null || name === '') throw badRequest(`Node name is expected: ${context}`);
  const problem = nameProblem(name, policy);
  if (problem) {
    throw integrity(
      `Found 1 integrity violations:\nInvalid property value: \n   Name: ${name}\n   Property: cm:name\n   Constraint: ${name} is not a valid node name: ${problem}`,
    );
  }
  return name;
}

/** A name made valid under the policy, for the UI's one-click fix and for uploaded file names. */
export function suggestName(name: string, policy: NamePolicy): string {
  // eslint-disable-next-line no-control-regex -- replacing control characters is the point
  let fixed = name.replace(/["*\\<>?/:|\u0000-\u001f\u007f]/g, '_').replace(LONE_SURROGATE, '_');
  fixed = policy === 'strict' ? fixed.replace(INVISIBLE, '').replace(/\s+/g, '_') : fixed.replace(/\s+$/, '');
  fixed = fixed.replace(/\.+$/, '').slice(0, MAX_NAME_LENGTH);
  return fixed === '' ? '_' : fixed;
}
