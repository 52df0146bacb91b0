import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { DialogFooter } from '../../../components/DialogFooter.tsx';
import { ResultList } from '../../../components/ResultList.tsx';
import { describeError } from '../../../lib/errors.ts';
import type { ItemResult } from '../../../lib/run-each.ts';
import type { BulkAction } from '../api/run-on-selection.ts';
import type { DeletedNode } from '../api/types.ts';
import { restoreProblem } from '../model/restore-error.ts';

export interface BulkRequest {
  action: BulkAction;
  items: readonly DeletedNode[];
}

interface Props {
  /** What is asked for; the dialog is open while there is a request. */
  request: BulkRequest | null;
  /** Whether it has been started (a purge waits for the confirmation). */
  isStarted: boolean;
  isPending: boolean;
  /** How many items have been done so far. */
  done: number;
  results: readonly ItemResult<unknown>[] | undefined;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

const WORDS = {
  restore: { title: 'Restore', doing: 'Restoring', done: 'restored' },
  purge: { title: 'Delete permanently', doing: 'Deleting', done: 'deleted' },
} as const;

const plural = (n: number) => `${n} item${n === 1 ? '' : 's'}`;

/**
 * A multi-item Restore or Delete permanently: asks first (a purge), then shows the progress, then
 * what happened to each item, with a readable reason for each failure.
 */
export function BulkDialog({ request, isStarted, isPending, done, results, error, onConfirm, onClose }: Props) {
  const words = WORDS[request?.action ?? 'restore'];
  const count = request?.items.length ?? 0;
  const byId = new Map(request?.items.map((item) => [item.id, item]));
  const explain = (result: Extract<ItemResult<unknown>, { ok: false }>) => {
    const item = byId.get(result.item.id);
    const place = item?.path?.elements?.at(-1)?.name;
    return restoreOrPurgeProblem(request?.action, result.error, result.item.name, place);
  };
  return (
    <Dialog
      open={request !== null}
      onClose={isPending ? undefined : onClose}
      aria-labelledby="bulk-title"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="bulk-title">
        {request?.action === 'purge' && !isStarted ? 'Delete permanently?' : `${words.title}: ${plural(count)}`}
      </DialogTitle>
      <DialogContent>
        {!isStarted ? (
          <DialogContentText>
            {count === 1 ? 'The selected item' : `The ${count} selected items`}
            {request?.items.some((item) => item.isFolder) ? ' (folders with everything in them)' : ''} will be deleted
            for good. This cannot be undone.
          </DialogContentText>
        ) : results ? (
          <ResultList results={results} done={words.done} explain={explain} />
        ) : error ? (
          <Alert severity="error">{describeError(error)}</Alert>
        ) : (
          <>
            <Typography role="status" sx={{ mb: 1.5 }}>
              {words.doing} {Math.min(done + 1, count)} of {count}…
            </Typography>
            <LinearProgress
              variant="determinate"
              value={count === 0 ? 0 : (done / count) * 100}
              aria-label={`${words.doing} the selected items`}
            />
          </>
        )}
      </DialogContent>
      {!isStarted ? (
        <DialogFooter
          confirmLabel="Delete permanently"
          color="error"
          onConfirm={onConfirm}
          onCancel={onClose}
          autoFocus="cancel"
        />
      ) : (
        <DialogActions>
          <Button onClick={onClose} disabled={isPending} variant="contained">
            Close
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}

function restoreOrPurgeProblem(action: BulkAction | undefined, error: unknown, name: string, place?: string) {
  if (action === 'restore') return restoreProblem(error, name, place && `“${place}”`, false).text;
  return describeError(error);
}
