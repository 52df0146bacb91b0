import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Box from '@mui/material/Box';
import type { ModelProperty } from '../api/types.ts';
import { displayDateTime, displayValue, editorKind, type Draft } from '../model/property-values.ts';

interface Props {
  def: ModelProperty;
  /** The editor's value; for a read-only property, ignored. */
  draft: Draft;
  /** The stored value, shown for read-only properties. */
  stored: unknown;
  readOnly: boolean;
  error: string | undefined;
  onChange: (draft: Draft) => void;
}

/** A description gets room to write; a title stays a line that grows. */
const LINES = (propertyId: string) => (propertyId === 'cm:title' ? { maxRows: 6 } : { rows: 4 });

const HELP: Partial<Record<ReturnType<typeof editorKind>, string>> = {
  integer: 'A whole number',
  number: 'A number',
};

/** The technical name after what a person reads (the label is the model's title, e.g. "Title"). */
const technical = (def: ModelProperty, help?: string) => (help ? `${help} · ${def.id}` : def.id);

/**
 * One property's editor, chosen by its data type; `d:content`, `d:category` and protected ones are
 * read-only. Its label is the person's word ("Title"), its technical name (`cm:title`) below.
 */
export function PropertyField({ def, draft, stored, readOnly, error, onChange }: Props) {
  const kind = editorKind(def);
  const id = `prop-${def.id.replace(':', '-')}`;
  // A yes/no property is a switch, editable or not (a protected one shows its stored value).
  if (def.dataType === 'd:boolean' && !def.isMultiValued) {
    const isLocked = readOnly || kind === 'readonly';
    const value = isLocked ? stored : draft;
    return (
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={value === true}
              onChange={(e) => onChange(e.target.checked)}
              disabled={isLocked}
              slotProps={{ input: { role: 'switch' } }}
            />
          }
          label={def.title}
        />
        <FormHelperText error={error !== undefined} sx={{ mt: -0.5 }}>
          {error ?? (value !== true && value !== false && isLocked ? `Not set · ${def.id}` : technical(def))}
        </FormHelperText>
      </Box>
    );
  }
  if (kind === 'readonly' || readOnly) {
    return (
      <TextField
        id={id}
        label={def.title}
        value={def.dataType === 'd:datetime' ? displayDateTime(stored) : displayValue(stored)}
        fullWidth
        size="small"
        variant="filled"
        helperText={technical(def)}
        slotProps={{ input: { readOnly: true } }}
      />
    );
  }
  if (def.isMultiValued) {
    const values = Array.isArray(draft) ? draft : [];
    return (
      <Autocomplete
        multiple
        freeSolo
        id={id}
        options={[] as string[]}
        value={values}
        onChange={(_e, next) => onChange(next.map((v) => v.trim()).filter((v) => v !== ''))}
        renderValue={(items, getItemProps) =>
          items.map((item, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} label={item} size="small" {...itemProps} />;
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label={def.title}
            size="small"
            error={error !== undefined}
            helperText={error ?? technical(def, 'Type a value and press Enter')}
          />
        )}
      />
    );
  }
  const isDate = kind === 'date' || kind === 'datetime';
  return (
    <TextField
      id={id}
      label={def.title}
      value={typeof draft === 'string' ? draft : ''}
      onChange={(e) => onChange(e.target.value)}
      type={kind === 'date' ? 'date' : kind === 'datetime' ? 'datetime-local' : 'text'}
      multiline={def.dataType === 'd:mltext'}
      {...(def.dataType === 'd:mltext' ? LINES(def.id) : {})}
      fullWidth
      size="small"
      error={error !== undefined}
      helperText={error ?? technical(def, HELP[kind])}
      slotProps={{
        inputLabel: isDate ? { shrink: true } : {},
        htmlInput: kind === 'integer' ? { inputMode: 'numeric' } : kind === 'number' ? { inputMode: 'decimal' } : {},
      }}
    />
  );
}
