import Lock from '@mui/icons-material/Lock';
import LockOpen from '@mui/icons-material/LockOpen';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { describeError } from '../../../lib/errors.ts';
import { useLockState } from '../api/get-lock-state.ts';
import { useUnlockNode } from '../api/unlock-node.ts';
import { lockInfoOf } from '../model/lock-info.ts';
import { LockDialog } from './LockDialog.tsx';
import { LockStatus } from './LockStatus.tsx';

/**
 * A file's lock: who holds it and until when, with Lock… and Unlock. Folders cannot be locked,
 * so for them this renders nothing. The server decides who may unlock; its refusal is shown.
 */
export function LockControls({ nodeId }: { nodeId: string }) {
  const state = useLockState(nodeId);
  const unlock = useUnlockNode();
  const [isDialogOpen, setDialogOpen] = useState(false);

  if (state.isPending) return <Skeleton width={280} height={40} aria-label="Loading the lock" />;
  if (state.isError) return <Alert severity="error">{describeError(state.error)}</Alert>;
  const node = state.data;
  if (!node.isFile) return null;
  const info = lockInfoOf(node);
  const canLock = node.allowableOperations?.includes('update') ?? false;

  return (
    <Stack spacing={1} component="section" aria-label="Lock">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <LockStatus info={info} />
        {info.isLocked ? (
          <Button
            variant="outlined"
            startIcon={<LockOpen />}
            onClick={() => unlock.mutate({ nodeId })}
            disabled={unlock.isPending}
            sx={{ flexShrink: 0 }}
          >
            Unlock
          </Button>
        ) : (
          <Button
            variant="outlined"
            startIcon={<Lock />}
            onClick={() => setDialogOpen(true)}
            disabled={!canLock}
            sx={{ flexShrink: 0 }}
          >
            Lock…
          </Button>
        )}
      </Stack>
      {unlock.isError && <Alert severity="error">{describeError(unlock.error)}</Alert>}
      <LockDialog
        nodeId={nodeId}
        nodeName={node.name}
        open={isDialogOpen}
        onClose={() => setDialogOpen(false)}
        onLocked={() => unlock.reset()}
      />
    </Stack>
  );
}
