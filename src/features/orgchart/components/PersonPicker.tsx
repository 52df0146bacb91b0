import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { describeError } from '../../../lib/errors.ts';
import { useSearchPeople } from '../../../lib/people.ts';
import type { Person } from '../api/types.ts';
import { displayName } from '../model/org-path.ts';

interface Props {
  label: string;
  onPick: (person: Person) => void;
  autoFocus?: boolean;
  size?: 'small' | 'medium';
}

/** Finds people by name (two letters or more) and hands the one chosen to `onPick`. */
export function PersonPicker({ label, onPick, autoFocus, size = 'small' }: Props) {
  const [term, setTerm] = useState('');
  const search = useSearchPeople(term, { minLength: 2 });
  const tooShort = term.trim().length < 2;
  const noOptionsText = tooShort
    ? 'Type two letters or more'
    : search.isError
      ? `The search failed: ${describeError(search.error)}`
      : 'No one matches';

  return (
    <Autocomplete<Person>
      options={tooShort ? [] : (search.data ?? [])}
      filterOptions={(options) => options}
      getOptionLabel={(person) => `${displayName(person)} (${person.id})`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={!tooShort && search.isFetching}
      noOptionsText={noOptionsText}
      inputValue={term}
      onInputChange={(_e, value, reason) => {
        if (reason !== 'reset') setTerm(value);
      }}
      value={null}
      onChange={(_e, person) => {
        if (!person) return;
        setTerm('');
        onPick(person);
      }}
      blurOnSelect
      forcePopupIcon={false}
      renderInput={(params) => <TextField {...params} label={label} size={size} autoFocus={autoFocus} />}
      sx={{ minWidth: 0 }}
    />
  );
}
