import CloudUpload from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useDropzone } from 'react-dropzone';
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
  /** A file landed in a folder (or below it): the listing should refresh. */
  onUploaded: (parentId: string) => void;
  /** The folder view, given the toolbar's "Upload" control. */
  children: (uploadButton: ReactNode) => ReactNode;
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
 * why, and the disabled "Upload" button is described by the reason.
 */
export function UploadZone({ parentId, canUpload, onUploaded, children }: UploadZoneProps) {
  const queue = useSyncExternalStore(uploads.subscribe, uploads.get);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const refusalId = useId();
  const onUploadedRef = useRef(onUploaded);
  useEffect(() => {
    onUploadedRef.current = onUploaded;
  });
  useEffect(() => uploads.onUploaded((id) => onUploadedRef.current(id)), []);

  const queryClient = useQueryClient();
  const [held, setHeld] = useState<HeldBatch | null>(null);

  // Every name of the batch (files and folder segments) is checked by the server's policy before
  // anything is sent; a batch with refused names waits for one fix, or is dropped.
  const add = async (files: readonly File[]) => {
    if (!canUpload || files.length === 0) return;
    const target = parentId;
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
    onDrop: (files) => void add(files),
    noClick: true,
    noKeyboard: true,
  });
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
      {children(button)}
      {isDragActive && (
        <Box
          sx={{
            position: 'absolute',
            inset: 8,
            border: 2,
            borderStyle: 'dashed',
            borderColor: canUpload ? 'primary.main' : 'error.main',
            borderRadius: 2,
            bgcolor: 'action.hover',
            display: 'grid',
            placeItems: 'center',
            pointerEvents: 'none',
            zIndex: 2,
          }}
        >
          <Typography
            variant="h6"
            color={canUpload ? 'primary' : 'error'}
            sx={{ bgcolor: 'background.paper', px: 2, py: 1, borderRadius: 1, boxShadow: 2 }}
          >
            {canUpload ? 'Drop to upload here' : REFUSAL}
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
      {queue.items.length > 0 && (
        <Suspense fallback={null}>
          <UploadPanel />
        </Suspense>
      )}
    </Box>
  );
}

const REFUSAL = 'You cannot add items to this folder.';
