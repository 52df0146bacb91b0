import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { DialogFooter } from '../../../components/DialogFooter.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useNameRules } from '../../../lib/server-settings.ts';
import { type TransferMode, type TransferResult, useTransferNodes } from '../api/transfer-nodes.ts';
import type { Node } from '../api/types.ts';
import { targetProblem } from '../model/picker.ts';
import { summarize, type ItemResult } from '../../../lib/run-each.ts';
import { type ClashAnswer, type ClashQuestion, isNameClash } from '../model/transfer-clash.ts';
import { FolderNavigator, useFolderNavigation } from './FolderNavigator.tsx';
import { NewNameField } from './NewNameField.tsx';
import { ResultList } from '../../../components/ResultList.tsx';
import { TransferClashDialog } from './TransferClashDialog.tsx';

export interface TransferRequest {
  mode: TransferMode;
  nodes: readonly Node[];
}

interface Props {
  request: TransferRequest | null;
  /** Where the picker opens: the folder being browsed. */
  startId: string;
  onClose: () => void;
}

const VERB = { copy: 'Copy', move: 'Move' } as const;
const DONE = { copy: 'copied', move: 'moved' } as const;

/** Copy to… / Move to…: pick a folder (breadcrumb, shortcuts, subfolders), then see each item's outcome. */
export function FolderPickerDialog({ request, startId, onClose }: Props) {
  return (
    <Dialog open={request !== null} onClose={onClose} aria-labelledby="picker-title" maxWidth="sm" fullWidth>
      {request && <Picker request={request} startId={startId} onClose={onClose} />}
    </Dialog>
  );
}

function Picker({ request, startId, onClose }: { request: TransferRequest; startId: string; onClose: () => void }) {
  const { mode, nodes } = request;
  const nav = useFolderNavigation(startId);
  // One item may go under a new name, checked by the server's name rules before it is sent.
  const [newName, setNewName] = useState(nodes.length === 1 ? (nodes[0]?.name ?? '') : '');
  const nameRules = useNameRules();
  const isRenaming = nodes.length === 1 && newName !== nodes[0]?.name;
  const nameProblem = isRenaming ? nameRules.problem(newName) : undefined;
  const [clash, setClash] = useState<ClashQuestion | null>(null);
  const answerClash = useRef<(answer: ClashAnswer) => void>(() => undefined);
  const transfer = useTransferNodes(
    (question) =>
      new Promise<ClashAnswer>((resolve) => {
        answerClash.current = resolve;
        setClash(question);
      }),
  );
  const { target } = nav;
  const problem = target ? targetProblem(target, nodes, mode) : undefined;
  const what = nodes.length === 1 ? `“${nodes[0]?.name}”` : `${nodes.length} items`;

  const explain = (result: Extract<ItemResult<unknown>, { ok: false }>) =>
    isNameClash(result.error) && target
      ? `“${target.name}” already has an item named “${result.item.name}”.`
      : result.message;

  const handleAnswer = (answer: ClashAnswer) => {
    setClash(null);
    answerClash.current(answer);
  };

  if (transfer.data) {
    return (
      <>
        <DialogTitle id="picker-title">
          {VERB[mode]} to “{target?.name}”
        </DialogTitle>
        <DialogContent>
          <ResultList
            results={transfer.data}
            done={DONE[mode]}
            explain={explain}
            describe={(result) => describeOutcome(result.value as OutcomeOf<TransferResult>, mode)}
            summary={summary(transfer.data, mode)}
          />
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose} autoFocus>
            Close
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <>
      <DialogTitle id="picker-title">
        {VERB[mode]} {what} to…
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <FolderNavigator nav={nav} isDisabled={(id) => nodes.some((n) => n.id === id)} />
        {nodes.length === 1 && (
          <Box sx={{ px: 2, pt: 2, pb: 1, borderTop: 1, borderColor: 'divider' }}>
            <NewNameField
              label={`Name in “${target?.name ?? '…'}”`}
              value={newName}
              onChange={setNewName}
              rules={nameRules}
            />
          </Box>
        )}
        {(problem || transfer.isError) && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }} role="status">
            {transfer.isError ? describeError(transfer.error) : problem}
          </Typography>
        )}
      </DialogContent>
      {clash && target && (
        <TransferClashDialog question={clash} mode={mode} targetName={target.name} onAnswer={handleAnswer} />
      )}
      <DialogFooter
        confirmLabel={`${VERB[mode]} here`}
        onConfirm={() =>
          target && transfer.mutate({ mode, nodes, targetId: target.id, name: isRenaming ? newName : undefined })
        }
        onCancel={onClose}
        isBusy={transfer.isPending}
        disabled={!target || problem !== undefined || nameProblem !== undefined || (isRenaming && nameRules.isPending)}
      />
    </>
  );
}

type OutcomeOf<R> = R extends { ok: true; value: infer V } ? V : never;

/** "Copied as “a-1.txt”", "Replaced (a new version)", "Skipped"; plain "Copied" needs no words. */
function describeOutcome(outcome: OutcomeOf<TransferResult>, mode: TransferMode): string | undefined {
  switch (outcome.kind) {
    case 'renamed':
      return `${mode === 'copy' ? 'Copied' : 'Moved'} as “${outcome.name}”`;
    case 'replaced':
      return 'Replaced the existing file (a new version)';
    case 'skipped':
      return 'Skipped: the name is taken';
    default:
      return undefined;
  }
}

/** "2 copied, 1 skipped, 1 failed". */
function summary(results: readonly TransferResult[], mode: TransferMode): string {
  const skipped = results.filter((r) => r.ok && r.value.kind === 'skipped').length;
  const rest = results.filter((r) => !(r.ok && r.value.kind === 'skipped'));
  if (skipped === 0) return summarize(results, DONE[mode]);
  return rest.length === 0 ? `${skipped} skipped` : `${summarize(rest, DONE[mode])}, ${skipped} skipped`;
}
