import Lock from '@mui/icons-material/Lock';
import LockOpen from '@mui/icons-material/LockOpen';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { describeError, describeErrorAbout } from '../../../lib/errors.ts';
import { useSession } from '../../../lib/session.ts';
import { useLockState } from '../api/get-lock-state.ts';
import { useUnlockNode } from '../api/unlock-node.ts';
import { isLockedAgainst, lockInfoOf, mayUnlock } from '../model/lock-info.ts';
import { LockDialog } from './LockDialog.tsx';
import { LockStatus } from './LockStatus.tsx';

/**
 * A file's lock: who holds it and until when, with Lock… or Unlock (or who can unlock it).
 * Unlock is offered to those the server says may unlock (`unlock` in allowableOperations); a
 * refusal shows in a snackbar, never inside the header. Folders cannot be locked: nothing shows.
 */
export function LockControls({ nodeId }: { nodeId: string }) {
  const state = useLockState(nodeId);
  const unlock = useUnlockNode();
  const me = useSession()?.userId;
  const [isDialogOpen, setDialogOpen] = useState(false);

  if (state.isPending) return <Skeleton width={280} height={40} aria-label="Loading the lock" />;
  if (state.isError) return <Alert severity="error">{describeError(state.error)}</Alert>;
  const node = state.data;
  if (!node.isFile) return null;
  const info = lockInfoOf(node);
  const canUnlock = mayUnlock(info, node);
  const canLock = (node.allowableOperations?.includes('update') ?? false) && !isLockedAgainst(info, me);
  const owner = info.owner?.displayName ?? 'someone';

  return (
    <Stack
      component="section"
      aria-label="Lock"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', minWidth: 0 }}
    >
      <Stack sx={{ minWidth: 0 }}>
        <LockStatus info={info} />
        {info.isLocked && !canUnlock && (
          <Typography variant="body2" sx={{ pl: 4.5 }}>
            Only {owner} or a coordinator can unlock it.
          </Typography>
        )}
      </Stack>
      {info.isLocked ? (
        canUnlock && (
          <Button
            variant="outlined"
            startIcon={<LockOpen />}
            onClick={() => unlock.mutate({ nodeId })}
            disabled={unlock.isPending}
            sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
          >
            Unlock
          </Button>
        )
      ) : (
        <Button
          variant="outlined"
          startIcon={<Lock />}
          onClick={() => setDialogOpen(true)}
          disabled={!canLock}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          Lock…
        </Button>
      )}
      <Snackbar
        open={unlock.isError}
        onClose={(_event, reason) => reason !== 'clickaway' && unlock.reset()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Alert severity="error" variant="filled" onClose={() => unlock.reset()}>
          {unlock.isError ? describeErrorAbout(unlock.error, node) : ''}
        </Alert>
      </Snackbar>
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
