import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useSearchPeople } from '../../../lib/people.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useGroups } from '../api/list-groups.ts';

export interface Authority {
  id: string;
  label: string;
  kind: 'Groups' | 'People';
}

const EVERYONE: Authority = { id: 'GROUP_EVERYONE', label: 'Everyone', kind: 'Groups' };

/** A person (searched on the server as you type) or a group (GROUP_EVERYONE included). */
export function AuthorityPicker({
  value,
  onChange,
}: {
  value: Authority | null;
  onChange: (authority: Authority | null) => void;
}) {
  const [input, setInput] = useState('');
  const [isOpen, setOpen] = useState(false);
  const search = useDebouncedValue(input.trim(), 250);
  const groups = useGroups(isOpen);
  const people = useSearchPeople(search);

  const needle = input.trim().toLowerCase();
  const groupOptions = [
    EVERYONE,
    ...(groups.data ?? []).map((g): Authority => ({ id: g.id, label: g.displayName, kind: 'Groups' })),
  ].filter((g) => !needle || g.label.toLowerCase().includes(needle) || g.id.toLowerCase().includes(needle));
  const peopleOptions = search
    ? (people.data ?? []).map((p): Authority => ({ id: p.id, label: `${p.displayName} (${p.id})`, kind: 'People' }))
    : [];

  return (
    <Autocomplete
      options={[...peopleOptions, ...groupOptions]}
      groupBy={(option) => option.kind}
      value={value}
      onChange={(_e, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_e, next) => setInput(next)}
      open={isOpen}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      filterOptions={(options) => options}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={people.isFetching || groups.isFetching}
      noOptionsText={needle ? 'Nobody matches' : 'Type a name'}
      size="small"
      sx={{ minWidth: 240, flexGrow: 1 }}
      renderInput={(params) => <TextField {...params} label="Person or group" />}
    />
  );
}
