import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { ApiError, describeError } from '../../../lib/errors.ts';
import { useUpdatePerson } from '../api/update-person.ts';
import {
  emptyPasswordForm,
  fieldOfPasswordError,
  validatePassword,
  type PasswordField,
  type PasswordForm as Form,
} from '../model/password-form.ts';

const LABELS: Record<PasswordField, string> = {
  oldPassword: 'Current password',
  password: 'New password',
  confirm: 'New password again',
};

/**
 * A new password (`PUT /people/{id}` with `password`): people give their current one too
 * (`oldPassword`), administrators resetting someone's do not. The server's policy and its answers
 * to a wrong or too often guessed current password show on their fields.
 */
export function PasswordForm({ personId, needsOld }: { personId: string; needsOld: boolean }) {
  const [form, setForm] = useState<Form>(emptyPasswordForm);
  const [isSubmitted, setSubmitted] = useState(false);
  const update = useUpdatePerson();
  const errors = isSubmitted ? validatePassword(form, needsOld) : {};
  const serverError = update.error instanceof ApiError ? update.error : undefined;
  const serverField = serverError ? fieldOfPasswordError(serverError.status, serverError.briefSummary) : undefined;
  const serverMessage =
    serverError?.status === 400 || serverError?.status === 403 ? serverError.briefSummary : undefined;
  const errorOf = (f: PasswordField) => errors[f] ?? (serverField === f ? serverMessage : undefined);
  const action = needsOld ? 'Change password' : 'Reset password';

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validatePassword(form, needsOld)).length) return;
    const body = needsOld ? { oldPassword: form.oldPassword, password: form.password } : { password: form.password };
    update.mutate(
      { personId, body },
      {
        onSuccess: () => {
          setForm(emptyPasswordForm());
          setSubmitted(false);
        },
      },
    );
  };

  const field = (f: PasswordField) => (
    <TextField
      key={f}
      label={LABELS[f]}
      type="password"
      required
      value={form[f]}
      onChange={(e) => {
        update.reset();
        setForm((v) => ({ ...v, [f]: e.target.value }));
      }}
      error={!!errorOf(f)}
      helperText={errorOf(f)}
      autoComplete={f === 'oldPassword' ? 'current-password' : 'new-password'}
      size="small"
    />
  );

  return (
    <Box component="form" onSubmit={handleSubmit} noValidate aria-label={action}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {needsOld && <Box sx={{ gridColumn: { sm: '1 / -1' }, display: 'grid' }}>{field('oldPassword')}</Box>}
        {field('password')}
        {field('confirm')}
      </Box>
      {update.isError && !serverField && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {describeError(update.error)}
        </Alert>
      )}
      {update.isSuccess && (
        <Alert severity="success" sx={{ mt: 2 }}>
          {needsOld
            ? 'Your password is changed. Other sessions of yours are signed out.'
            : 'The password is reset. The person signs in with it from now on; their sessions are signed out.'}
        </Alert>
      )}
      <Stack direction="row" sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" loading={update.isPending}>
          {action}
        </Button>
      </Stack>
    </Box>
  );
}
