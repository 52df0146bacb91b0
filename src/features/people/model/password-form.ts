export interface PasswordForm {
  /** Only when people change their own password. */
  oldPassword: string;
  password: string;
  confirm: string;
}
export type PasswordField = keyof PasswordForm;
export type PasswordErrors = Partial<Record<PasswordField, string>>;

export const emptyPasswordForm = (): PasswordForm => ({ oldPassword: '', password: '', confirm: '' });

/** What can be said before sending; the policy itself is the server's (its 400 shows on the field). */
export function validatePassword(form: PasswordForm, needsOld: boolean): PasswordErrors {
  const errors: PasswordErrors = {};
  if (needsOld && !form.oldPassword) errors.oldPassword = 'Enter your current password.';
  if (!form.password) errors.password = 'Enter a new password.';
  else if (form.password !== form.confirm) errors.confirm = 'The two passwords differ.';
  return errors;
}

/**
 * Where a refusal of a password change belongs: a wrong or throttled old password (403) and a
 * missing one on the current password, the policy's 400 on the new one.
 */
export function fieldOfPasswordError(status: number, summary: string | undefined): PasswordField | undefined {
  if (status === 403) return 'oldPassword';
  if (status === 400 && summary && /oldPassword/.test(summary)) return 'oldPassword';
  if (status === 400) return 'password';
  return undefined;
}
