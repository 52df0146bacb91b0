import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { DialogFooter } from '../../../components/DialogFooter.tsx';
import { PersonAvatar } from '../../../components/PersonAvatar.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useSearchPeople } from '../../../lib/people.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useAddSiteMember } from '../api/add-site-member.ts';
import type { Person, Site, SiteRole } from '../api/types.ts';
import { describeMemberError } from '../model/member-errors.ts';
import { ROLES } from '../model/site-form.ts';

/** "Add member": find a person (by id, name or email, on the server), pick a role. */
export function AddMemberDialog({ open, site, onClose }: { open: boolean; site: Site; onClose: () => void }) {
  const [term, setTerm] = useState('');
  const [person, setPerson] = useState<Person | null>(null);
  const [role, setRole] = useState<SiteRole>('SiteConsumer');
  const [isSubmitted, setSubmitted] = useState(false);
  const search = useSearchPeople(useDebouncedValue(term.trim()));
  const add = useAddSiteMember();

  const handleClose = () => {
    setTerm('');
    setPerson(null);
    setRole('SiteConsumer');
    setSubmitted(false);
    add.reset();
    onClose();
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!person) return;
    add.mutate({ siteId: site.id, personId: person.id, role }, { onSuccess: handleClose });
  };

  const noOptionsText = !term.trim()
    ? 'Type a name, id or email'
    : search.isError
      ? describeError(search.error)
      : 'Nobody matches';
  return (
    <Dialog open={open} onClose={handleClose} aria-labelledby="add-member-title" maxWidth="sm" fullWidth>
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id="add-member-title">Add a member to {site.title}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          <Autocomplete<Person>
            options={search.data ?? []}
            value={person}
            onChange={(_e, value) => {
              setPerson(value);
              add.reset();
            }}
            inputValue={term}
            onInputChange={(_e, value) => setTerm(value)}
            filterOptions={(x) => x}
            getOptionLabel={(p) => `${p.displayName} (${p.id})`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            loading={search.isFetching}
            noOptionsText={noOptionsText}
            renderOption={({ key, ...props }, p) => (
              <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5 }}>
                <PersonAvatar id={p.id} name={p.displayName} size={28} />
                <span>
                  {p.displayName}
                  <Typography component="span" variant="body2" color="text.secondary">
                    {' '}
                    {p.id}
                    {p.email ? ` · ${p.email}` : ''}
                  </Typography>
                </span>
              </Box>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Person"
                required
                autoFocus
                error={isSubmitted && !person}
                helperText={isSubmitted && !person ? 'Choose a person from the list.' : 'Search by name, id or email.'}
              />
            )}
          />
          <TextField select label="Role" value={role} onChange={(e) => setRole(e.target.value as SiteRole)}>
            {ROLES.map((r) => (
              <MenuItem key={r.value} value={r.value}>
                {r.label}
              </MenuItem>
            ))}
          </TextField>
          {add.isError && <Alert severity="error">{describeMemberError(add.error)}</Alert>}
        </DialogContent>
        <DialogFooter confirmLabel="Add" onCancel={handleClose} isBusy={add.isPending} />
      </form>
    </Dialog>
  );
}
