import Folder from '@mui/icons-material/Folder';
import FolderSpecial from '@mui/icons-material/FolderSpecial';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { DialogFooter } from '../../../components/DialogFooter.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useNameRules } from '../../../lib/server-settings.ts';
import { useNode } from '../api/get-node.ts';
import { PICKER_PAGE, useFolders, useSitesFolder } from '../api/list-folders.ts';
import { type TransferMode, type TransferResult, useTransferNodes } from '../api/transfer-nodes.ts';
import type { Node } from '../api/types.ts';
import { targetProblem } from '../model/picker.ts';
import { summarize, type ItemResult } from '../model/run-each.ts';
import { type ClashAnswer, type ClashQuestion, isNameClash } from '../model/transfer-clash.ts';
import { NewNameField } from './NewNameField.tsx';
import { ResultList } from './ResultList.tsx';
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
  const [locationId, setLocationId] = useState(startId);
  const location = useNode(locationId);
  const folders = useFolders(locationId);
  const sites = useSitesFolder();
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
  const target = location.data;
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

  const shortcuts = [
    { label: 'Company Home', id: '-root-' },
    { label: 'My files', id: '-my-' },
    ...(sites.data ? [{ label: 'Sites', id: sites.data.id }] : []),
  ];
  const pathElements = target?.path?.elements ?? [];

  return (
    <>
      <DialogTitle id="picker-title">
        {VERB[mode]} {what} to…
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <Stack spacing={1} sx={{ px: 2, pt: 1.5, pb: 1 }}>
          <Stack direction="row" spacing={1} role="group" aria-label="Go to" sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {shortcuts.map((s) => (
              <Chip key={s.label} label={s.label} size="small" variant="outlined" onClick={() => setLocationId(s.id)} />
            ))}
          </Stack>
          {target ? (
            <Breadcrumbs aria-label="Folder picker location" maxItems={4} itemsAfterCollapse={2}>
              {pathElements.map((element) => (
                <Link
                  key={element.id}
                  component="button"
                  type="button"
                  underline="hover"
                  color="inherit"
                  onClick={() => setLocationId(element.id)}
                >
                  {element.name}
                </Link>
              ))}
              <Typography sx={{ color: 'text.primary', fontWeight: 600 }} aria-current="location">
                {target.name}
              </Typography>
            </Breadcrumbs>
          ) : (
            <Skeleton width={200} />
          )}
        </Stack>
        <Box sx={{ height: { xs: 240, sm: 300 }, overflow: 'auto', borderTop: 1, borderColor: 'divider' }}>
          {location.isError || folders.isError ? (
            <Alert severity="error" sx={{ m: 2 }}>
              {describeError(location.error ?? folders.error)}
            </Alert>
          ) : folders.data === undefined ? (
            <Box sx={{ p: 2 }} aria-busy="true" aria-label="Loading folders">
              {[70, 55, 62].map((w) => (
                <Skeleton key={w} width={`${w}%`} height={32} />
              ))}
            </Box>
          ) : folders.data.entries.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              No folders inside “{target?.name}”.
            </Typography>
          ) : (
            <List dense aria-label={`Folders in ${target?.name ?? 'this folder'}`}>
              {folders.data.entries.map(({ entry }) => {
                const isMoving = nodes.some((n) => n.id === entry.id);
                return (
                  // A list holds list items only: each button in its own (axe: list).
                  <ListItem key={entry.id} disablePadding>
                    <ListItemButton onClick={() => setLocationId(entry.id)} disabled={isMoving}>
                      <ListItemIcon sx={{ minWidth: 36 }}>
                        {entry.nodeType === 'st:site' ? (
                          <FolderSpecial fontSize="small" sx={{ color: '#f0b429' }} />
                        ) : (
                          <Folder fontSize="small" sx={{ color: '#f0b429' }} />
                        )}
                      </ListItemIcon>
                      <ListItemText primary={entry.name} slotProps={{ primary: { noWrap: true } }} />
                    </ListItemButton>
                  </ListItem>
                );
              })}
              {folders.data.pagination.hasMoreItems && (
                <ListItem>
                  <Typography variant="caption" color="text.secondary">
                    Showing the first {PICKER_PAGE} folders.
                  </Typography>
                </ListItem>
              )}
            </List>
          )}
        </Box>
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
