import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import { DialogFooter } from '../../../components/DialogFooter.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useLockState } from '../api/get-lock-state.ts';
import { useUnlockNode } from '../api/unlock-node.ts';
import { lockInfoOf } from '../model/lock-info.ts';
import { LockDialog } from './LockDialog.tsx';
import { LockStatus } from './LockStatus.tsx';

export interface LockActionTarget {
  id: string;
  name: string;
  action: 'lock' | 'unlock';
}

/** The lock and unlock actions of a list (the folder browser): the lock form, or an unlock that says whose lock it is. */
export function LockActionDialog({ target, onClose }: { target: LockActionTarget | null; onClose: () => void }) {
  if (target?.action === 'lock') return <LockDialog nodeId={target.id} nodeName={target.name} open onClose={onClose} />;
  return (
    <Dialog open={target !== null} onClose={onClose} aria-labelledby="unlock-title" maxWidth="xs" fullWidth>
      {target && <UnlockForm target={target} onClose={onClose} />}
    </Dialog>
  );
}

function UnlockForm({ target, onClose }: { target: LockActionTarget; onClose: () => void }) {
  const state = useLockState(target.id);
  const unlock = useUnlockNode();
  return (
    <>
      <DialogTitle id="unlock-title">Unlock “{target.name}”?</DialogTitle>
      <DialogContent>
        {state.data ? (
          <LockStatus info={lockInfoOf(state.data)} />
        ) : state.isError ? (
          <Alert severity="error">{describeError(state.error)}</Alert>
        ) : (
          <Skeleton width="80%" />
        )}
        <DialogContentText sx={{ mt: 2 }}>Everyone allowed to change the file can do so again.</DialogContentText>
        {unlock.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {describeError(unlock.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogFooter
        confirmLabel="Unlock"
        onConfirm={() => unlock.mutate({ nodeId: target.id }, { onSuccess: onClose })}
        onCancel={onClose}
        isBusy={unlock.isPending}
        autoFocus="confirm"
      />
    </>
  );
}
