import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { DialogFooter } from '../../../components/DialogFooter.tsx';
import { describeError } from '../../../lib/errors.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { nodeRoot } from '../api/keys.ts';
import { uploadNewVersion } from '../api/upload-new-version.ts';

interface Props {
  open: boolean;
  nodeId: string;
  onClose: () => void;
}

/** Picks a file and sends it as the node's new content: a minor or major version with a comment. */
export function UploadVersionDialog({ open, nodeId, onClose }: Props) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<(() => void) | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [majorVersion, setMajor] = useState(false);
  const [comment, setComment] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);

  const handleClose = () => {
    abort.current?.();
    setFile(null);
    setMajor(false);
    setComment('');
    setProgress(null);
    setError(null);
    onClose();
  };
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setError(null);
    setProgress(0);
    const upload = uploadNewVersion({
      nodeId,
      file,
      majorVersion,
      comment,
      onProgress: (loaded, total) => setProgress(total ? (loaded / total) * 100 : 0),
    });
    abort.current = upload.abort;
    try {
      await upload.promise;
      abort.current = null;
      await queryClient.invalidateQueries({ queryKey: nodeRoot });
      handleClose();
    } catch (failure) {
      abort.current = null;
      setProgress(null);
      setError(failure);
    }
  };

  const isSending = progress !== null;
  return (
    <Dialog open={open} onClose={handleClose} aria-labelledby="new-version-title" maxWidth="xs" fullWidth>
      <form onSubmit={(e) => void handleSubmit(e)} noValidate>
        <DialogTitle id="new-version-title">Upload new version</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <input
              ref={input}
              type="file"
              hidden
              aria-label="File of the new version"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Button variant="outlined" startIcon={<UploadFile />} onClick={() => input.current?.click()}>
                Choose file…
              </Button>
              <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'} noWrap>
                {file ? `${file.name} · ${formatBytes(file.size)}` : 'No file chosen'}
              </Typography>
            </Stack>
            <FormControlLabel
              control={<Checkbox checked={majorVersion} onChange={(e) => setMajor(e.target.checked)} />}
              label="Major version (2.0 rather than 1.1)"
            />
            <TextField
              label="Comment"
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              multiline
              minRows={2}
              fullWidth
            />
            {isSending && <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />}
            {error !== null && <Alert severity="error">{describeError(error)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogFooter confirmLabel="Upload" onCancel={handleClose} isBusy={isSending} disabled={!file} />
      </form>
    </Dialog>
  );
}
