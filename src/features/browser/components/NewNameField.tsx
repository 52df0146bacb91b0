import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MAX_NAME_LENGTH } from '../../../lib/name-rules.ts';
import type { NameRules } from '../../../lib/server-settings.ts';

interface Props {
  label: string;
  value: string;
  onChange: (name: string) => void;
  rules: NameRules;
}

/** A name field checked by the server's name rules, with the one-click fix beside the reason. */
export function NewNameField({ label, value, onChange, rules }: Props) {
  const problem = rules.problem(value);
  const fixed = rules.suggest(value);
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <TextField
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={problem !== undefined}
        helperText={problem ?? rules.hint}
        fullWidth
        size="small"
        slotProps={{ htmlInput: { maxLength: MAX_NAME_LENGTH } }}
      />
      {problem !== undefined && value.trim() !== '' && (
        <Button size="small" onClick={() => onChange(fixed)}>
          Use “{fixed}”
        </Button>
      )}
    </Stack>
  );
}
