import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { type ComponentType, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { downloadZip } from '../../../lib/download.ts';
import { describeError } from '../../../lib/errors.ts';
import { TRASH_PATH } from '../../../lib/trash.ts';
import { useRestoreNodes } from '../api/restore-nodes.ts';
import { useSetFavorite } from '../api/set-favorite.ts';
import type { Node } from '../api/types.ts';
import type { ActionId } from '../model/actions.ts';
import { DeleteDialog } from './DeleteDialog.tsx';
import { FolderPickerDialog, type TransferRequest } from './FolderPickerDialog.tsx';
import { RenameDialog } from './RenameDialog.tsx';

/** What the page needs from a lock feature: a dialog that locks or unlocks one file. */
export interface LockDialogSlotProps {
  target: { id: string; name: string; action: 'lock' | 'unlock' } | null;
  onClose: () => void;
}

interface Options {
  onOpen: (node: Node) => void;
  /** Settles when the download has started; a refusal is shown as a notice. */
  onDownload: (node: Node) => Promise<void>;
  onProperties: (node: Node) => void;
  canLock: boolean;
}

interface Notice {
  severity: 'success' | 'error' | 'info';
  text: string;
  /** Items just moved to the trash: the notice offers Undo (restore them) and the Trash page. */
  trashed?: readonly { id: string; name: string }[];
}

/** How long "Moved to the trash" stays, with its Undo: long enough to read and reach. */
export const UNDO_MS = 10_000;

const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/** The state behind the browser's actions: which dialog is open, for which items. */
export function useActionDialogs({ onOpen, onDownload, onProperties, canLock }: Options) {
  const [renaming, setRenaming] = useState<Node | null>(null);
  const [deleting, setDeleting] = useState<readonly Node[]>([]);
  const [transfer, setTransfer] = useState<TransferRequest | null>(null);
  const [locking, setLocking] = useState<LockDialogSlotProps['target']>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const favorite = useSetFavorite();
  const restore = useRestoreNodes();

  const handleFavorite = (nodes: readonly Node[], isFavorite: boolean) =>
    favorite.mutate(
      { nodes, favorite: isFavorite },
      {
        onSuccess: (results) => {
          const failed = results.filter((r) => !r.ok);
          const what = nodes.length === 1 ? `“${nodes[0]?.name}”` : `${nodes.length} items`;
          setNotice(
            failed[0]
              ? { severity: 'error', text: `${failed[0].item.name}: ${failed[0].message}` }
              : { severity: 'success', text: `${what} ${isFavorite ? 'added to' : 'removed from'} favorites` },
          );
        },
      },
    );

  const run = (action: ActionId, nodes: readonly Node[]) => {
    const [first] = nodes;
    if (!first) return;
    switch (action) {
      case 'open':
        return onOpen(first);
      case 'download':
        onDownload(first).catch((error: unknown) =>
          setNotice({ severity: 'error', text: `${first.name}: ${describeError(error)}` }),
        );
        return;
      case 'downloadZip': {
        const what = nodes.length === 1 ? `“${first.name}”` : items(nodes.length);
        setNotice({ severity: 'info', text: `Preparing a ZIP of ${what}…` });
        downloadZip(nodes.map((n) => n.id)).then(
          () => setNotice({ severity: 'success', text: `ZIP of ${what} downloaded` }),
          (error: unknown) => setNotice({ severity: 'error', text: `No ZIP of ${what}: ${describeError(error)}` }),
        );
        return;
      }
      case 'properties':
        return onProperties(first);
      case 'rename':
        return setRenaming(first);
      case 'delete':
        return setDeleting(nodes);
      case 'copy':
      case 'move':
        return setTransfer({ mode: action, nodes });
      case 'favorite':
      case 'unfavorite':
        return handleFavorite(nodes, action === 'favorite');
      case 'lock':
      case 'unlock':
        if (canLock) setLocking({ id: first.id, name: first.name, action });
        return;
    }
  };

  /** After a delete: what went to the trash (the nodes the dialog was given, by the ids that went). */
  const handleDeleted = (ids: readonly string[], permanent = false) => {
    const trashed = deleting.filter((node) => ids.includes(node.id)).map(({ id, name }) => ({ id, name }));
    if (trashed.length > 0 && permanent) {
      setNotice({ severity: 'success', text: `Deleted ${items(trashed.length)} for good` });
    } else if (trashed.length > 0) {
      setNotice({ severity: 'success', text: `Moved ${items(trashed.length)} to the trash`, trashed });
    }
  };

  /** Undo: each item back where it was; what could not come back is said. */
  const handleUndo = (trashed: readonly { id: string; name: string }[], folderId: string) => {
    setNotice(null);
    restore.mutate(
      { items: trashed, parentId: folderId },
      {
        onSuccess: (results) => {
          const failed = results.filter((r) => !r.ok);
          setNotice(
            failed[0]
              ? { severity: 'error', text: `${failed[0].item.name} was not restored: ${failed[0].message}` }
              : { severity: 'success', text: `Restored ${items(results.length)}` },
          );
        },
        onError: (error) => setNotice({ severity: 'error', text: `Nothing was restored: ${describeError(error)}` }),
      },
    );
  };

  return {
    run,
    handleDeleted,
    handleUndo,
    isUndoing: restore.isPending,
    renaming,
    deleting,
    transfer,
    locking,
    notice,
    close: {
      rename: () => setRenaming(null),
      delete: () => setDeleting([]),
      transfer: () => setTransfer(null),
      lock: () => setLocking(null),
      notice: () => setNotice(null),
    },
  };
}

interface Props {
  state: ReturnType<typeof useActionDialogs>;
  folderId: string;
  LockDialog: ComponentType<LockDialogSlotProps> | undefined;
  /** After items were deleted (the file page leaves for the folder). */
  onDeleted?: (ids: string[]) => void;
}

/** The dialogs (and the one-line notices) of the browser's actions. */
export function ActionDialogs({ state, folderId, LockDialog, onDeleted }: Props) {
  return (
    <>
      <RenameDialog node={state.renaming} onClose={state.close.rename} />
      <DeleteDialog
        nodes={state.deleting}
        parentId={folderId}
        onClose={state.close.delete}
        onDeleted={(ids, permanent) => {
          state.handleDeleted(ids, permanent);
          onDeleted?.(ids);
        }}
      />
      <FolderPickerDialog request={state.transfer} startId={folderId} onClose={state.close.transfer} />
      {LockDialog && <LockDialog target={state.locking} onClose={state.close.lock} />}
      <Snackbar
        open={state.notice !== null}
        autoHideDuration={
          state.notice?.severity === 'error' || state.notice?.severity === 'info'
            ? null
            : state.notice?.trashed
              ? UNDO_MS
              : 4000
        }
        onClose={(_event, reason) => reason !== 'clickaway' && state.close.notice()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        {state.notice ? (
          <Alert
            severity={state.notice.severity}
            onClose={state.close.notice}
            variant="filled"
            action={
              state.notice.trashed && (
                <TrashedActions state={state} trashed={state.notice.trashed} folderId={folderId} />
              )
            }
          >
            {state.notice.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </>
  );
}

/** The actions of "Moved to the trash": Undo, the Trash page, close. */
function TrashedActions({
  state,
  trashed,
  folderId,
}: {
  state: ReturnType<typeof useActionDialogs>;
  trashed: readonly { id: string; name: string }[];
  folderId: string;
}) {
  return (
    <>
      <Button
        color="inherit"
        size="small"
        loading={state.isUndoing}
        onClick={() => state.handleUndo(trashed, folderId)}
        sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
      >
        Undo
      </Button>
      <Button color="inherit" size="small" component={RouterLink} to={TRASH_PATH} sx={{ whiteSpace: 'nowrap' }}>
        Open trash
      </Button>
    </>
  );
}
