/** Longest password accepted (characters): longer ones are refused rather than hashed. */
export const PASSWORD_MAX_LENGTH = 1024;

/**
 * What is wrong with a password a person is given through the API (undefined: nothing), under a
 * minimum length of `minLength` characters (PASSWORD_MIN_LENGTH): not blank, not the user name
 * in any letter case, no control characters, at most PASSWORD_MAX_LENGTH characters. Lengths count
 * characters (code points), not UTF-16 units or bytes.
 */
export function passwordProblem(password: string, personId: string, minLength: number): string | undefined {
  const length = [...password].length;
  if (!password.trim()) return "Field 'password' is null/empty, but is required.";
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(password)) return 'The password must not contain control characters';
  if (length < minLength) return `The password must be at least ${minLength} characters long`;
  if (length > PASSWORD_MAX_LENGTH) return `The password must be at most ${PASSWORD_MAX_LENGTH} characters long`;
  if (password.toLowerCase() === personId.toLowerCase()) return 'The password must not be the user name';
  return undefined;
}
