import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { type FormEvent, type ReactNode, useState } from 'react';
import { DialogFooter } from '../../../components/DialogFooter.tsx';
import { ApiError, describeError } from '../../../lib/errors.ts';
import { useCreatePerson } from '../api/create-person.ts';
import type { Person } from '../api/types.ts';
import {
  COMPANY_FIELDS,
  emptyPersonForm,
  fieldOfPersonError,
  MAX_PERSON_ID,
  toPersonBody,
  validatePerson,
  type PersonForm,
  type PersonFormField,
} from '../model/person-form.ts';

type TextField_ = Exclude<keyof PersonForm, 'company' | 'enabled' | 'emailNotificationsEnabled'>;
type CompanyField = (typeof COMPANY_FIELDS)[number];

const LABELS: Record<TextField_, string> = {
  id: 'User name',
  password: 'Password',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  jobTitle: 'Job title',
  location: 'Location',
  telephone: 'Telephone',
  mobile: 'Mobile',
  description: 'Description',
  skypeId: 'Skype',
  googleId: 'Google ID',
  instantMessageId: 'Instant messaging',
  userStatus: 'Status message',
  aspectNames: 'Custom aspects',
  properties: 'Custom properties (JSON)',
};
const COMPANY_LABELS: Record<CompanyField, string> = {
  organization: 'Organization',
  address1: 'Address line 1',
  address2: 'Address line 2',
  address3: 'Address line 3',
  postcode: 'Postcode',
  telephone: 'Company telephone',
  fax: 'Company fax',
  email: 'Company email',
};
const HINTS: Partial<Record<TextField_, string>> = {
  id: 'Used to sign in; it cannot change later.',
  aspectNames: 'Prefixed names, e.g. acme:employee (not cm:, sys: or usr:).',
  properties: 'e.g. {"acme:team": "Sales"}',
};
const REQUIRED = new Set<TextField_>(['id', 'firstName', 'email', 'password']);

/** "New person": every field of personBodyCreate, checked as the server checks them; refusals on their fields. */
export function NewPersonDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (person: Person) => void;
}) {
  const [form, setForm] = useState<PersonForm>(emptyPersonForm);
  const [isSubmitted, setSubmitted] = useState(false);
  const create = useCreatePerson();
  const isNarrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const errors = isSubmitted ? validatePerson(form) : {};
  const serverError = create.error instanceof ApiError ? create.error : undefined;
  const serverField = serverError ? fieldOfPersonError(serverError.status, serverError.briefSummary) : undefined;
  const serverMessage =
    serverError?.status === 409
      ? `${serverError.briefSummary ?? 'This user name is taken.'} Choose another user name.`
      : serverError?.status === 400 || serverError?.status === 422
        ? serverError.briefSummary
        : create.error
          ? describeError(create.error)
          : undefined;
  const errorOf = (field: PersonFormField) => errors[field] ?? (serverField === field ? serverMessage : undefined);

  const change = (patch: Partial<PersonForm>) => {
    create.reset();
    setForm((f) => ({ ...f, ...patch }));
  };
  const handleClose = () => {
    setForm(emptyPersonForm());
    setSubmitted(false);
    create.reset();
    onClose();
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validatePerson(form)).length) return;
    create.mutate(toPersonBody(form), {
      onSuccess: (person) => {
        handleClose();
        onCreated(person);
      },
    });
  };

  const field = (name: TextField_, extra: { type?: string; multiline?: boolean; autoFocus?: boolean } = {}) => (
    <TextField
      key={name}
      label={LABELS[name]}
      required={REQUIRED.has(name)}
      value={form[name]}
      onChange={(e) => change({ [name]: e.target.value })}
      error={!!errorOf(name)}
      helperText={errorOf(name) ?? HINTS[name]}
      type={extra.type}
      multiline={extra.multiline}
      minRows={extra.multiline ? 2 : undefined}
      autoFocus={extra.autoFocus}
      autoComplete={name === 'password' ? 'new-password' : 'off'}
      size="small"
      slotProps={name === 'id' ? { htmlInput: { maxLength: MAX_PERSON_ID, spellCheck: false } } : undefined}
    />
  );
  const companyField = (name: CompanyField) => (
    <TextField
      key={name}
      label={COMPANY_LABELS[name]}
      value={form.company[name]}
      onChange={(e) => change({ company: { ...form.company, [name]: e.target.value } })}
      size="small"
      autoComplete="off"
    />
  );

  return (
    <Dialog
      open={open}
      onClose={handleClose}
      aria-labelledby="new-person-title"
      maxWidth="md"
      fullWidth
      fullScreen={isNarrow}
    >
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id="new-person-title">New person</DialogTitle>
        <DialogContent dividers>
          <Section title="Account">
            {field('id', { autoFocus: true })}
            {field('password', { type: 'password' })}
            <FormControlLabel
              control={<Switch checked={form.enabled} onChange={(e) => change({ enabled: e.target.checked })} />}
              label="Can sign in (enabled)"
            />
            <FormControlLabel
              control={
                <Switch
                  checked={form.emailNotificationsEnabled}
                  onChange={(e) => change({ emailNotificationsEnabled: e.target.checked })}
                />
              }
              label="Email notifications"
            />
          </Section>
          <Section title="Name and contact">
            {field('firstName')}
            {field('lastName')}
            {field('email', { type: 'email' })}
            {field('jobTitle')}
            {field('location')}
            {field('telephone', { type: 'tel' })}
            {field('mobile', { type: 'tel' })}
            {field('description', { multiline: true })}
          </Section>
          <Section title="Messaging">
            {field('skypeId')}
            {field('googleId')}
            {field('instantMessageId')}
            {field('userStatus')}
          </Section>
          <Section title="Company">{COMPANY_FIELDS.map(companyField)}</Section>
          <Section title="Custom data">
            {field('aspectNames')}
            {field('properties', { multiline: true })}
          </Section>
          {create.isError && !serverField && <Alert severity="error">{serverMessage}</Alert>}
        </DialogContent>
        <DialogFooter confirmLabel="Create" onCancel={handleClose} isBusy={create.isPending} />
      </form>
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2.5 }}>
      <Typography component="legend" variant="subtitle2" color="text.secondary" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>{children}</Box>
    </Box>
  );
}
