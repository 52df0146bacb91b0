import CloudUpload from '@mui/icons-material/CloudUpload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { type DropEvent, useDropzone } from 'react-dropzone';
import { coalesce } from '../../../lib/coalesce.ts';
import { type DropTarget, dropTargetAt } from '../../../lib/drop-target.ts';
import type { NamePolicy } from '../../../lib/name-rules.ts';
import { ALFRESCO_SETTINGS, serverSettingsQuery } from '../../../lib/server-settings.ts';
import { uploads, type PickedFile } from '../api/upload-store.ts';
import { batchNameFixes, fixActionLabel, fixBatchNames, type NameFix } from '../model/batch-names.ts';
import { folderPathOf } from '../model/relative-path.ts';
import { NameFixDialog } from './NameFixDialog.tsx';

// The panel appears only once something is uploading: it loads then.
const UploadPanel = lazy(() => import('./UploadPanel.tsx').then((m) => ({ default: m.UploadPanel })));

export interface UploadZoneProps {
  parentId: string;
  canUpload: boolean;
  /**
   * Files landed (in this folder, below it, or in a folder of a row they were dropped on): the
   * listings should refresh. Told at most once a second while files keep landing.
   */
  onUploaded: () => void;
  /** The folder view, given the toolbar's "Upload" control and the folder row files are dragged over. */
  children: (uploadButton: ReactNode, dropTargetId: string | undefined) => ReactNode;
}

// Not in React's types: lets the second input pick a whole folder.
const folderInputAttributes = { webkitdirectory: '', directory: '' };

function picked(files: readonly File[]): PickedFile[] {
  return files.map((file) => {
    const path = (file as File & { path?: string }).path || file.webkitRelativePath;
    return { file, name: file.name, relativePath: folderPathOf(path) };
  });
}

/** A batch waiting for the person: some of its names would be refused. */
interface HeldBatch {
  parentId: string;
  files: PickedFile[];
  fixes: NameFix[];
  policy: NamePolicy;
}

/**
 * Drop files or folders anywhere on the folder view, or pick them with "Upload". Where the user
 * cannot upload, the view is not disabled (react-dropzone's `disabled` puts `aria-disabled` on the
 * whole view, every link and checkbox in it then reads as disabled): drops are refused, a drag shows
 * why, a refused drop says it again, and the disabled "Upload" button is described by the reason.
 * A drop on a folder's row (marked with `dropTargetAttributes`) uploads into that folder.
 */
export function UploadZone({ parentId, canUpload, onUploaded, children }: UploadZoneProps) {
  // Whether the panel shows, not the queue itself: a folder view that re-rendered at every
  // progress event of every file made a large folder upload several times slower.
  const hasUploads = useSyncExternalStore(uploads.subscribe, () => uploads.get().items.length > 0);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const refusalId = useId();
  const onUploadedRef = useRef(onUploaded);
  useEffect(() => {
    onUploadedRef.current = onUploaded;
  });
  useEffect(() => {
    // A folder of hundreds of files lands a file every few milliseconds: the listing is told at
    // most once a second, so each refresh gets to finish.
    const told = coalesce(() => onUploadedRef.current(), 1000);
    const stop = uploads.onUploaded(() => told());
    return () => {
      stop();
      told.stop();
    };
  }, []);

  const queryClient = useQueryClient();
  const [held, setHeld] = useState<HeldBatch | null>(null);
  const [over, setOver] = useState<DropTarget | undefined>(undefined);
  const [refusal, setRefusal] = useState<string | null>(null);

  // Every name of the batch (files and folder segments) is checked by the server's policy before
  // anything is sent; a batch with refused names waits for one fix, or is dropped.
  const add = async (files: readonly File[], into?: DropTarget) => {
    if (files.length === 0) return;
    if (into && !into.canCreate) return setRefusal(refusalFor(into));
    if (!into && !canUpload) return setRefusal(REFUSAL);
    const target = into?.id ?? parentId;
    const batch = picked(files);
    const settings = await queryClient.fetchQuery(serverSettingsQuery).catch(() => ALFRESCO_SETTINGS);
    const fixes = batchNameFixes(
      batch.map((p) => ({ name: p.name ?? p.file.name, relativePath: p.relativePath })),
      settings.namePolicy,
    );
    if (fixes.length === 0) uploads.add(target, batch);
    else setHeld({ parentId: target, files: batch, fixes, policy: settings.namePolicy });
  };
  const handleFix = () => {
    if (held)
      uploads.add(
        held.parentId,
        fixBatchNames(
          held.files.map((p) => ({ ...p, name: p.name ?? p.file.name })),
          held.policy,
        ),
      );
    setHeld(null);
  };
  const { getRootProps, isDragActive } = useDropzone({
    onDrop: (files, _rejected, event: DropEvent) => {
      setOver(undefined);
      void add(files, dropTargetAt(event.target));
    },
    onDragOver: (event) => {
      const target = dropTargetAt(event.target);
      if (target?.id !== over?.id) setOver(target);
    },
    onDragLeave: () => setOver(undefined),
    noClick: true,
    noKeyboard: true,
  });
  const target = isDragActive ? over : undefined;
  const isAllowed = target ? target.canCreate : canUpload;
  const handleInput = (e: React.ChangeEvent<HTMLInputElement>) => {
    void add(Array.from(e.target.files ?? []));
    e.target.value = '';
  };
  const choose = (input: HTMLInputElement | null) => {
    setMenuAnchor(null);
    input?.click();
  };

  const button = (
    <>
      <Button
        variant="outlined"
        startIcon={<CloudUpload />}
        disabled={!canUpload}
        aria-haspopup="menu"
        aria-describedby={canUpload ? undefined : refusalId}
        onClick={(e) => setMenuAnchor(e.currentTarget)}
      >
        Upload
      </Button>
      <span id={refusalId} hidden>
        {REFUSAL}
      </span>
      <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        <MenuItem onClick={() => choose(filesInput.current)}>Files…</MenuItem>
        <MenuItem onClick={() => choose(folderInput.current)}>Folder…</MenuItem>
      </Menu>
      <input ref={filesInput} type="file" multiple hidden onChange={handleInput} aria-label="Files to upload" />
      <input
        ref={folderInput}
        type="file"
        hidden
        onChange={handleInput}
        aria-label="Folder to upload"
        {...folderInputAttributes}
      />
    </>
  );

  return (
    <Box {...getRootProps()} data-testid="upload-dropzone" sx={{ position: 'relative', minHeight: '100%' }}>
      {children(button, target?.id)}
      {isDragActive && (
        <Box
          sx={{
            position: 'absolute',
            inset: 8,
            // Over a folder's row the row is highlighted: the view keeps only the message.
            ...(target
              ? {}
              : {
                  border: 2,
                  borderStyle: 'dashed',
                  borderColor: isAllowed ? 'primary.main' : 'error.main',
                  bgcolor: 'action.hover',
                }),
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            pointerEvents: 'none',
            zIndex: 2,
          }}
        >
          <Typography
            variant="h6"
            color={isAllowed ? 'primary' : 'error'}
            sx={{
              bgcolor: 'background.paper',
              px: 2,
              py: 1,
              borderRadius: 1,
              boxShadow: 2,
              // Over a row, the message stays in sight at the bottom of the window, off the row.
              ...(target && {
                position: 'fixed',
                bottom: 24,
                left: 16,
                right: 16,
                mx: 'auto',
                width: 'fit-content',
                textAlign: 'center',
                overflowWrap: 'anywhere',
              }),
            }}
          >
            {target
              ? target.canCreate
                ? `Drop to upload into “${target.name}”`
                : refusalFor(target)
              : canUpload
                ? 'Drop to upload here'
                : REFUSAL}
          </Typography>
        </Box>
      )}
      {held && (
        <NameFixDialog
          fixes={held.fixes}
          fileCount={held.files.length}
          actionLabel={fixActionLabel(held.fixes, held.policy)}
          onFix={handleFix}
          onCancel={() => setHeld(null)}
        />
      )}
      <Snackbar
        open={refusal !== null}
        autoHideDuration={6000}
        onClose={() => setRefusal(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Alert severity="warning" variant="filled" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      </Snackbar>
      {hasUploads && (
        <Suspense fallback={null}>
          <UploadPanel />
        </Suspense>
      )}
    </Box>
  );
}

const REFUSAL = 'You cannot add items to this folder.';
const refusalFor = (target: DropTarget) => `You cannot add items to “${target.name}”.`;
