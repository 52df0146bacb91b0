/**
 * The repository's name rules under NAME_POLICY=strict (the interface rule), so a dialog can
 * explain a bad name before the server refuses it. The server stays the judge.
 */
export const MAX_NAME_LENGTH = 255;
const FORBIDDEN = /["*\\<>?/:|]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
/** Zero-width and text-direction characters: they make a name read as another. */
const INVISIBLE = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

export function nameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'Enter a name.';
  if (name.length > MAX_NAME_LENGTH) return `A name can have at most ${MAX_NAME_LENGTH} characters.`;
  if (name.search(INVISIBLE) >= 0) return 'A name cannot contain invisible or text-direction characters.';
  if (/\s/.test(name)) return 'A name cannot contain spaces.';
  if (FORBIDDEN.test(name)) return 'A name cannot contain any of * " < > \\ / ? : |';
  if (CONTROL.test(name)) return 'A name cannot contain control characters.';
  if (name.endsWith('.')) return 'A name cannot end with a dot.';
  return undefined;
}

/** A valid name close to the one given: the one-click fix. */
export function suggestName(name: string): string {
  const visible = name.replace(INVISIBLE, '').trim();
  // eslint-disable-next-line no-control-regex -- replacing control characters is the point
  let fixed = visible.replace(/["*\\<>?/:|\u0000-\u001f\u007f]/g, '_');
  fixed = fixed.replace(/\s+/g, '_').replace(/\.+$/, '').slice(0, MAX_NAME_LENGTH);
  return fixed === '' ? '_' : fixed;
}
