import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { DialogFooter } from '../../../components/DialogFooter.tsx';
import { ApiError, describeError } from '../../../lib/errors.ts';
import { useCreateSite } from '../api/create-site.ts';
import type { Site, SiteVisibility } from '../api/types.ts';
import {
  fieldOfSiteError,
  MAX_DESCRIPTION,
  MAX_SITE_ID,
  MAX_TITLE,
  siteIdFromTitle,
  validateSite,
  VISIBILITIES,
  type SiteForm,
} from '../model/site-form.ts';

const EMPTY: SiteForm = { id: '', title: '', description: '', visibility: 'PUBLIC' };

/** "New site": title, id (made from the title until edited), description, visibility; refusals on their fields. */
export function CreateSiteDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (site: Site) => void;
}) {
  const [form, setForm] = useState<SiteForm>(EMPTY);
  const [isIdEdited, setIdEdited] = useState(false);
  const [isSubmitted, setSubmitted] = useState(false);
  const create = useCreateSite();
  const errors = isSubmitted ? validateSite(form) : {};
  const serverError = create.error instanceof ApiError ? create.error : undefined;
  const serverField = serverError ? fieldOfSiteError(serverError.status, serverError.briefSummary) : undefined;
  const serverMessage = create.error ? describeSiteError(create.error) : undefined;
  const errorOf = (field: keyof SiteForm) => errors[field] ?? (serverField === field ? serverMessage : undefined);

  const change = (patch: Partial<SiteForm>) => {
    create.reset();
    setForm((f) => ({ ...f, ...patch }));
  };
  const handleClose = () => {
    setForm(EMPTY);
    setIdEdited(false);
    setSubmitted(false);
    create.reset();
    onClose();
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateSite(form)).length) return;
    const description = form.description.trim();
    create.mutate(
      {
        id: form.id.trim(),
        title: form.title.trim(),
        visibility: form.visibility,
        ...(description ? { description } : {}),
      },
      {
        onSuccess: (site) => {
          handleClose();
          onCreated(site);
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={handleClose} aria-labelledby="new-site-title" maxWidth="sm" fullWidth>
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id="new-site-title">New site</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          <TextField
            label="Title"
            required
            autoFocus
            value={form.title}
            onChange={(e) =>
              change({ title: e.target.value, ...(isIdEdited ? {} : { id: siteIdFromTitle(e.target.value) }) })
            }
            error={!!errorOf('title')}
            helperText={errorOf('title') ?? ' '}
            slotProps={{ htmlInput: { maxLength: MAX_TITLE } }}
          />
          <TextField
            label="Site id"
            required
            value={form.id}
            onChange={(e) => {
              setIdEdited(true);
              change({ id: e.target.value });
            }}
            error={!!errorOf('id')}
            helperText={errorOf('id') ?? 'Part of the site’s address: letters, digits and dashes.'}
            slotProps={{ htmlInput: { maxLength: MAX_SITE_ID, spellCheck: false } }}
          />
          <TextField
            label="Description"
            multiline
            minRows={2}
            value={form.description}
            onChange={(e) => change({ description: e.target.value })}
            error={!!errorOf('description')}
            helperText={errorOf('description') ?? `${form.description.length} / ${MAX_DESCRIPTION}`}
          />
          <FormControl>
            <FormLabel id="new-site-visibility">Visibility</FormLabel>
            <RadioGroup
              aria-labelledby="new-site-visibility"
              value={form.visibility}
              onChange={(e) => change({ visibility: e.target.value as SiteVisibility })}
            >
              {VISIBILITIES.map((v) => (
                <FormControlLabel
                  key={v.value}
                  value={v.value}
                  control={<Radio />}
                  label={
                    <>
                      {v.label} <span style={{ opacity: 0.7 }}>— {v.hint}</span>
                    </>
                  }
                />
              ))}
            </RadioGroup>
          </FormControl>
          {create.isError && !serverField && <Alert severity="error">{serverMessage}</Alert>}
        </DialogContent>
        <DialogFooter confirmLabel="Create" onCancel={handleClose} isBusy={create.isPending} />
      </form>
    </Dialog>
  );
}

function describeSiteError(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) {
    return 'This site id is already in use (perhaps by a site you cannot see). Choose another one.';
  }
  if (error instanceof ApiError && error.status === 400 && error.briefSummary) return error.briefSummary;
  return describeError(error);
}
