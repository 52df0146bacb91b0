import Lock from '@mui/icons-material/Lock';
import LockOpen from '@mui/icons-material/LockOpen';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSession } from '../../../lib/session.ts';
import { describeLock, LOCK_TYPE_TEXT, LOCK_LIFETIME_TEXT, type LockInfo } from '../model/lock-info.ts';

/** Who holds the lock, until when, and what it prevents. */
export function LockStatus({ info }: { info: LockInfo }) {
  const me = useSession()?.userId;
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
      {info.isLocked ? (
        <Lock color="warning" aria-hidden sx={{ mt: 0.25 }} />
      ) : (
        <LockOpen color="action" aria-hidden sx={{ mt: 0.25 }} />
      )}
      <div>
        <Typography sx={{ fontWeight: info.isLocked ? 600 : 400 }}>{describeLock(info, me)}</Typography>
        {info.isLocked && info.type && (
          <Typography variant="body2" color="text.secondary">
            {LOCK_TYPE_TEXT[info.type].label}
            {info.lifetime ? ` · ${LOCK_LIFETIME_TEXT[info.lifetime].label.toLowerCase()}` : ''}.
          </Typography>
        )}
      </div>
    </Stack>
  );
}
