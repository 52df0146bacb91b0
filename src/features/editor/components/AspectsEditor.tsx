import Add from '@mui/icons-material/Add';
import Cancel from '@mui/icons-material/Cancel';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { ModelClass } from '../api/types.ts';
import { MANDATORY_ASPECTS } from '../model/node-form.ts';

interface Props {
  aspectNames: readonly string[];
  aspects: readonly ModelClass[];
  readOnly: boolean;
  removed: { id: string; title: string; losing: string[] }[];
  onChange: (aspectNames: string[]) => void;
}

/** The node's aspects as chips (remove with the chip's button), and a picker of the others to add. */
export function AspectsEditor({ aspectNames, aspects, readOnly, removed, onChange }: Props) {
  const [toAdd, setToAdd] = useState<ModelClass | null>(null);
  const titleOf = (id: string) => aspects.find((a) => a.id === id)?.title ?? id;
  const addable = aspects.filter((a) => !aspectNames.includes(a.id) && !MANDATORY_ASPECTS.includes(a.id));

  const handleAdd = () => {
    if (!toAdd) return;
    onChange([...aspectNames, toAdd.id]);
    setToAdd(null);
  };

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }} role="list" aria-label="Aspects">
        {aspectNames.map((id) => (
          <Chip
            key={id}
            role="listitem"
            label={`${titleOf(id)} (${id})`}
            onDelete={
              readOnly || MANDATORY_ASPECTS.includes(id)
                ? undefined
                : () => onChange(aspectNames.filter((a) => a !== id))
            }
            deleteIcon={<Cancel titleAccess={`Remove aspect ${titleOf(id)}`} />}
          />
        ))}
        {aspectNames.length === 0 && <Chip label="No aspects" variant="outlined" />}
      </Stack>
      {!readOnly && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Autocomplete
            options={addable}
            value={toAdd}
            onChange={(_e, value) => setToAdd(value)}
            getOptionLabel={(a) => `${a.title} (${a.id})`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            sx={{ minWidth: 280, flexGrow: { xs: 1, sm: 0 } }}
            size="small"
            renderInput={(params) => <TextField {...params} label="Aspect to add" />}
          />
          <Button startIcon={<Add />} onClick={handleAdd} disabled={!toAdd}>
            Add aspect
          </Button>
        </Stack>
      )}
      {removed.length > 0 && (
        <Alert severity="warning">
          Saving removes{' '}
          {removed.map((r, i) => (
            <span key={r.id}>
              {i > 0 ? ', ' : ''}
              <strong>{r.title}</strong>
              {r.losing.length > 0 ? ` and its properties (${r.losing.join(', ')})` : ''}
            </span>
          ))}
          . Their values are deleted.
        </Alert>
      )}
    </Stack>
  );
}
