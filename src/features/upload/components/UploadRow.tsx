import CheckCircle from '@mui/icons-material/CheckCircle';
import Clear from '@mui/icons-material/Clear';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Replay from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { uploads } from '../api/upload-store.ts';
import type { UploadItem } from '../model/upload-queue.ts';

function statusText(item: UploadItem): string {
  switch (item.status) {
    case 'queued':
      return `Waiting · ${formatBytes(item.size)}`;
    case 'uploading': {
      const percent = item.size > 0 ? Math.round((item.loaded / item.size) * 100) : 0;
      return `${percent}% of ${formatBytes(item.size)}${item.speed > 0 ? ` · ${formatBytes(Math.round(item.speed))}/s` : ''}`;
    }
    case 'done':
      return `Uploaded · ${formatBytes(item.size)}`;
    case 'cancelled':
      return item.error ?? 'Cancelled';
    default:
      return item.error ?? 'Failed';
  }
}

interface Props {
  item: UploadItem;
  onDecide: (id: string) => void;
  /** The batch's one name fix, on the first of its files the server refused for their names. */
  nameFix?: { label: string; onFix: () => void } | undefined;
}

/**
 * One file of the upload panel. Memoised: the queue keeps the objects of the files a change does
 * not touch, so a progress event draws one row, not every row of a folder of hundreds.
 */
export const UploadRow = memo(function UploadRow({ item, onDecide, nameFix }: Props) {
  const { id, name, status } = item;
  const isActive = status === 'queued' || status === 'uploading';
  const value = item.size > 0 ? (item.loaded / item.size) * 100 : status === 'done' ? 100 : 0;

  return (
    <ListItem divider aria-label={name} sx={{ display: 'block', py: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {status === 'done' && <CheckCircle color="success" fontSize="small" aria-label="Uploaded" />}
        {(status === 'failed' || status === 'conflict') && (
          <ErrorOutline color={status === 'failed' ? 'error' : 'warning'} fontSize="small" aria-label="Problem" />
        )}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" noWrap title={item.relativePath ? `${item.relativePath}/${name}` : name}>
            {name}
          </Typography>
          {item.relativePath && (
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              in {item.relativePath}
            </Typography>
          )}
        </Box>
        {isActive && (
          <IconButton size="small" aria-label={`Cancel ${name}`} onClick={() => uploads.cancel(id)}>
            <Clear fontSize="small" />
          </IconButton>
        )}
        {((status === 'failed' && item.canRetry) || status === 'cancelled') && (
          <IconButton size="small" aria-label={`Retry ${name}`} onClick={() => uploads.retry(id)}>
            <Replay fontSize="small" />
          </IconButton>
        )}
      </Stack>
      {status === 'uploading' && (
        <LinearProgress variant="determinate" value={value} aria-label={`Progress of ${name}`} sx={{ my: 0.5 }} />
      )}
      <Typography
        variant="caption"
        component="p"
        color={status === 'failed' ? 'error' : status === 'conflict' ? 'warning.main' : 'text.secondary'}
        role={status === 'failed' ? 'alert' : undefined}
      >
        {statusText(item)}
      </Typography>
      {status === 'failed' && nameFix && (
        <Button size="small" onClick={nameFix.onFix}>
          {nameFix.label}
        </Button>
      )}
      {status === 'conflict' && (
        <Button size="small" onClick={() => onDecide(id)}>
          Decide…
        </Button>
      )}
    </ListItem>
  );
});
