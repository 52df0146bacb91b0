import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useState } from 'react';
import { DialogFooter } from '../../../components/DialogFooter.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useLockNode } from '../api/lock-node.ts';
import {
  EXPIRY_PRESETS,
  LOCK_LIFETIME_TEXT,
  LOCK_TYPE_TEXT,
  type LockLifetime,
  type LockType,
  presetAllowed,
} from '../model/lock-info.ts';

interface Props {
  nodeId: string;
  nodeName: string;
  open: boolean;
  onClose: () => void;
  onLocked?: () => void;
}

/** Lock a file: what the lock prevents, whether it survives a restart, and when it ends. */
export function LockDialog({ nodeId, nodeName, open, onClose, onLocked }: Props) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="lock-title" maxWidth="sm" fullWidth>
      {open && <LockForm nodeId={nodeId} nodeName={nodeName} onClose={onClose} onLocked={onLocked} />}
    </Dialog>
  );
}

function Choice({ title, explanation }: { title: string; explanation: string }): ReactNode {
  return (
    <Stack sx={{ py: 0.5 }}>
      <span>{title}</span>
      <Typography variant="body2" color="text.secondary" component="span">
        {explanation}
      </Typography>
    </Stack>
  );
}

function LockForm({ nodeId, nodeName, onClose, onLocked }: Omit<Props, 'open'>) {
  const [type, setType] = useState<LockType>('ALLOW_OWNER_CHANGES');
  const [lifetime, setLifetime] = useState<LockLifetime>('PERSISTENT');
  const [seconds, setSeconds] = useState(0);
  const lock = useLockNode();

  const handleLifetime = (next: LockLifetime) => {
    setLifetime(next);
    if (!presetAllowed(seconds, next)) setSeconds(0);
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    lock.mutate(
      { nodeId, request: { type, lifetime, ...(seconds > 0 ? { timeToExpire: seconds } : {}) } },
      {
        onSuccess: () => {
          onLocked?.();
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <DialogTitle id="lock-title">Lock “{nodeName}”</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <FormControl>
            <FormLabel id="lock-type-label">What the lock prevents</FormLabel>
            <RadioGroup
              name="lock-type"
              aria-labelledby="lock-type-label"
              value={type}
              onChange={(e) => setType(e.target.value as LockType)}
            >
              {(Object.keys(LOCK_TYPE_TEXT) as LockType[]).map((value) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio />}
                  label={<Choice title={LOCK_TYPE_TEXT[value].label} explanation={LOCK_TYPE_TEXT[value].explanation} />}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <FormControl>
            <FormLabel id="lock-lifetime-label">How long it is kept</FormLabel>
            <RadioGroup
              name="lock-lifetime"
              aria-labelledby="lock-lifetime-label"
              value={lifetime}
              onChange={(e) => handleLifetime(e.target.value as LockLifetime)}
            >
              {(Object.keys(LOCK_LIFETIME_TEXT) as LockLifetime[]).map((value) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio />}
                  label={
                    <Choice
                      title={LOCK_LIFETIME_TEXT[value].label}
                      explanation={LOCK_LIFETIME_TEXT[value].explanation}
                    />
                  }
                />
              ))}
            </RadioGroup>
          </FormControl>
          <TextField
            select
            label="Expires"
            value={seconds}
            onChange={(e) => setSeconds(Number(e.target.value))}
            helperText={seconds > 0 ? 'The lock ends by itself then.' : 'The lock stays until someone unlocks it.'}
            sx={{ maxWidth: 280 }}
          >
            {EXPIRY_PRESETS.map((preset) => (
              <MenuItem key={preset.seconds} value={preset.seconds} disabled={!presetAllowed(preset.seconds, lifetime)}>
                {preset.seconds > 0 ? `After ${preset.label}` : preset.label}
              </MenuItem>
            ))}
          </TextField>
          {lock.isError && <Alert severity="error">{describeError(lock.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogFooter confirmLabel="Lock" onCancel={onClose} isBusy={lock.isPending} />
    </form>
  );
}
