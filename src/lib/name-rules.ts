/**
 * The repository's name rules, so a dialog or an upload can explain a bad name before the server
 * refuses it. They mirror `server/src/modules/nodes/name-policy.ts` rule for rule (a parity test
 * there runs both over the same names); which policy applies comes from the server
 * (`GET …/quire/versions/1/settings`, see `server-settings.ts`). The server stays the judge.
 *
 * - both policies: at most 255 UTF-16 units; none of * " < > \ / ? : |; no control characters; no
 *   unpaired surrogates; no trailing dot;
 * - `strict` (the default): no whitespace at all, no invisible or text-direction characters;
 * - `alfresco`: inner spaces allowed, no trailing whitespace.
 */
export type NamePolicy = 'strict' | 'alfresco';

export const MAX_NAME_LENGTH = 255;
const FORBIDDEN = /["*\\<>?/:|]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
/** Half of a UTF-16 surrogate pair without its other half: no character, and not storable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Zero-width and text-direction characters: they make a name read as another. */
// Unicode's default-ignorable code points (zero-width characters, joiners, variation and tag
// characters, fillers…), the text-direction controls, and the blanks that draw nothing.
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}\u2800\u3164]/gu;

/** Why the server would refuse the name, in a sentence; undefined when it would accept it. */
export function nameProblem(name: string, policy: NamePolicy = 'strict'): string | undefined {
  if (name === '' || name.trim() === '') return 'Enter a name.';
  if (name.length > MAX_NAME_LENGTH) return `A name can have at most ${MAX_NAME_LENGTH} characters.`;
  if (FORBIDDEN.test(name)) return 'A name cannot contain any of * " < > \\ / ? : |';
  if (CONTROL.test(name)) return 'A name cannot contain control characters.';
  if (name.search(LONE_SURROGATE) >= 0) return 'A name cannot contain broken characters (unpaired surrogates).';
  if (name.endsWith('.')) return 'A name cannot end with a dot.';
  if (policy === 'strict' && name.search(INVISIBLE) >= 0) {
    return 'A name cannot contain invisible or text-direction characters.';
  }
  if (policy === 'strict' && /\s/.test(name)) return 'A name cannot contain spaces.';
  if (policy === 'alfresco' && /\s$/.test(name)) return 'A name cannot end with a space.';
  return undefined;
}

/** What the name field says before anything is wrong. */
export function nameHint(policy: NamePolicy = 'strict'): string {
  return policy === 'strict'
    ? 'No spaces and none of * " < > \\ / ? : |'
    : 'None of * " < > \\ / ? : |, and no space or dot at the end';
}

/** A valid name close to the one given: the one-click fix (spaces become _ under `strict`). */
export function suggestName(name: string, policy: NamePolicy = 'strict'): string {
  const end = /[\s.]+$/;
  // eslint-disable-next-line no-control-regex -- replacing control characters is the point
  let fixed = name.replace(/["*\\<>?/:|\u0000-\u001f\u007f]/g, '_').replace(LONE_SURROGATE, '_');
  fixed = policy === 'strict' ? fixed.replace(INVISIBLE, '').trim().replace(/\s+/g, '_') : fixed.trimStart();
  fixed = fixed.replace(end, '').slice(0, MAX_NAME_LENGTH).replace(LONE_SURROGATE, '').replace(end, '');
  return fixed === '' ? '_' : fixed;
}

/** Whether the fix only replaces spaces with _ (the words a batch's one action uses). */
export function onlySpacesFixed(name: string, policy: NamePolicy = 'strict'): boolean {
  return policy === 'strict' && suggestName(name, policy) === name.trim().replace(/\s+/g, '_');
}
