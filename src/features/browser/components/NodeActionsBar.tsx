import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { downloadContent, openInNewTab, viewKindOf } from '../../../lib/download.ts';
import { describeErrorAbout } from '../../../lib/errors.ts';
import { lockNoteOf } from '../../../lib/node-lock.ts';
import { useSession } from '../../../lib/session.ts';
import type { Node } from '../api/types.ts';
import { headerActions, type HeaderAction } from '../model/header-actions.ts';
import { ActionDialogs, useActionDialogs } from './ActionDialogs.tsx';
import { ACTION_UI } from './action-ui.ts';

const OPEN_UI = { label: 'Open', Icon: OpenInNew };

/**
 * The actions of one file or folder for its page header: Download, Open (a folder in the browser;
 * a PDF, an image or plain text in the browser's viewer in a new tab), Rename, Move, Copy,
 * Favorite and Delete, with the browser's own dialogs. Each is enabled as `allowableOperations`
 * say; what a lock forbids is disabled, and the reason shown.
 */
export function NodeActionsBar({ node }: { node: Node }) {
  const navigate = useNavigate();
  const me = useSession()?.userId;
  const noteId = useId();
  const [openError, setOpenError] = useState<string | null>(null);
  const parentId = node.parentId ?? '-root-';
  const state = useActionDialogs({
    onOpen: (n) => void navigate(`/browse/${n.id}`),
    onDownload: (n) => downloadContent({ nodeId: n.id }),
    onProperties: () => undefined,
    canLock: false,
  });
  const lockNote = lockNoteOf(node, me);
  const actions = headerActions(node, viewKindOf(node.content?.mimeType, node.content?.sizeInBytes), lockNote);

  const handleOpen = () => {
    if (node.isFolder) return void navigate(`/browse/${node.id}`);
    const kind = viewKindOf(node.content?.mimeType, node.content?.sizeInBytes);
    if (kind) openInNewTab(node.id, kind).catch((error: unknown) => setOpenError(describeErrorAbout(error, node)));
  };

  return (
    <Box component="section" aria-label="Actions">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {actions.map((a) => (
          <ActionButton
            key={a.id}
            action={a}
            describedBy={a.blockedByLock ? noteId : undefined}
            onClick={() => (a.id === 'open' ? handleOpen() : state.run(a.id, [node]))}
          />
        ))}
      </Stack>
      {/* Who holds the lock is said once, in the lock section; the buttons it disables are described by this. */}
      {lockNote && actions.some((a) => a.blockedByLock) && (
        <span id={noteId} hidden>
          {lockNote}
        </span>
      )}
      <ActionDialogs
        state={state}
        folderId={parentId}
        LockDialog={undefined}
        onDeleted={(ids) => ids.includes(node.id) && void navigate(`/browse/${parentId}`)}
      />
      <Snackbar
        open={openError !== null}
        onClose={(_e, reason) => reason !== 'clickaway' && setOpenError(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Alert severity="error" variant="filled" onClose={() => setOpenError(null)}>
          {openError}
        </Alert>
      </Snackbar>
    </Box>
  );
}

function ActionButton({
  action,
  describedBy,
  onClick,
}: {
  action: HeaderAction;
  describedBy: string | undefined;
  onClick: () => void;
}) {
  const { label, Icon } = action.id === 'open' ? OPEN_UI : ACTION_UI[action.id];
  const button = (
    <Button
      size="small"
      variant={action.id === 'download' || (action.id === 'open' && !action.isFile) ? 'contained' : 'outlined'}
      color={action.id === 'delete' ? 'error' : 'primary'}
      startIcon={<Icon fontSize="small" />}
      disabled={!action.isEnabled}
      aria-describedby={describedBy}
      onClick={onClick}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {label.replace('…', '')}
    </Button>
  );
  return action.reason ? (
    <Tooltip title={action.reason}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}
