import DeleteForever from '@mui/icons-material/DeleteForever';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type ComponentType, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ListPagination } from '../../../components/ListPagination.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { folderHref, type PathElement } from '../../../lib/folder-route.ts';
import { useIsAdmin } from '../../../lib/people.ts';
import { useRestoreDeletedNode } from '../api/restore-deleted-node.ts';
import { useDeletedNodes } from '../api/list-deleted-nodes.ts';
import type { DeletedNode } from '../api/types.ts';
import { restoreProblem } from '../model/restore-error.ts';
import { BulkDialog } from './BulkDialog.tsx';
import { EmptyTrashDialog } from './EmptyTrashDialog.tsx';
import { PurgeDialog } from './PurgeDialog.tsx';
import { RestoredNotice } from './RestoredNotice.tsx';
import { TrashListHeader } from './TrashListHeader.tsx';
import { type Restored, TrashRow } from './TrashRow.tsx';
import { useBulkActions } from './use-bulk-actions.ts';

const PAGE_SIZES = [25, 50, 100] as const;

/** What the page needs from a folder picker (the browser's, composed in the app). */
export interface ChooseFolderSlotProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  onChoose: (folder: { id: string; name: string; path?: { elements?: PathElement[] } | undefined }) => void;
  onCancel: () => void;
  isBusy?: boolean;
  error?: string | undefined;
}

/** `/trash`: the caller's deleted items (administrators: everyone's), newest first; restore or purge each. */
export function TrashPage({ ChooseFolder }: { ChooseFolder?: ComponentType<ChooseFolderSlotProps> }) {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(0, Number(search.get('page') ?? 0) || 0);
  const sizeParam = Number(search.get('size'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : PAGE_SIZES[0];
  const trash = useDeletedNodes({ skipCount: page * pageSize, maxItems: pageSize });
  const isAdmin = useIsAdmin();
  const [purging, setPurging] = useState<DeletedNode | null>(null);
  const [restored, setRestored] = useState<Restored | null>(null);
  // An item whose folder is gone, going into a folder chosen with the picker.
  const [restoringTo, setRestoringTo] = useState<DeletedNode | null>(null);
  const restoreInto = useRestoreDeletedNode();
  const [chosenName, setChosenName] = useState<string>();
  const [isEmptying, setIsEmptying] = useState(false);
  const closeRestoreTo = () => {
    restoreInto.reset();
    setRestoringTo(null);
  };
  const handleRestoreInto: ChooseFolderSlotProps['onChoose'] = (folder) => {
    if (!restoringTo) return;
    const ancestors = folder.path?.elements ?? [];
    setChosenName(folder.name);
    restoreInto.mutate(
      { nodeId: restoringTo.id, targetParentId: folder.id },
      {
        onSuccess: () => {
          setRestored({
            name: restoringTo.name,
            where: [...ancestors, { id: folder.id, name: folder.name }],
            href: folderHref(folder, ancestors),
          });
          closeRestoreTo();
        },
      },
    );
  };

  const entries = trash.data?.entries.map((e) => e.entry);
  const bulk = useBulkActions(entries);
  const total = trash.data?.pagination.totalItems ?? entries?.length ?? 0;

  const update = (next: { page?: number; size?: number }) => {
    bulk.clear();
    const params = new URLSearchParams();
    if (next.page) params.set('page', String(next.page));
    const size = next.size ?? pageSize;
    if (size !== PAGE_SIZES[0]) params.set('size', String(size));
    setSearch(params);
  };

  const closeRestored = () => setRestored(null);

  return (
    <PageShell>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}>
        <Box sx={{ flex: '1 1 16rem' }}>
          <Typography variant="h5" component="h1">
            Trash
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {isAdmin
              ? 'Everything anyone deleted, newest first (you are an administrator).'
              : 'What you deleted, newest first. Restore an item to put it back where it was.'}
          </Typography>
        </Box>
        {isAdmin && (
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteForever />}
            disabled={!entries || total === 0}
            onClick={() => setIsEmptying(true)}
          >
            Empty trash
          </Button>
        )}
      </Box>

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>{trash.isFetching && !trash.isPending && <LinearProgress aria-label="Updating" />}</Box>
        {trash.isError ? (
          <QueryError error={trash.error} onRetry={() => void trash.refetch()} sx={{ m: 2 }} />
        ) : !entries ? (
          <Box sx={{ p: 2 }} aria-busy="true" aria-label="Loading the trash">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={56} />
            ))}
          </Box>
        ) : entries.length === 0 && page === 0 ? (
          <EmptyState icon={<DeleteOutline />} title="The trash is empty">
            What you delete comes here first: restore it from here, or delete it permanently.
          </EmptyState>
        ) : (
          <>
            <TrashListHeader
              shown={entries.length}
              selected={bulk.selected.length}
              onToggleAll={bulk.toggleAll}
              onClear={bulk.clear}
              onAction={bulk.act}
            />
            <List aria-label="Deleted items" disablePadding>
              {entries.map((item) => (
                <TrashRow
                  key={item.id}
                  item={item}
                  showDeleter={isAdmin}
                  onRestored={setRestored}
                  onPurge={setPurging}
                  onRestoreTo={ChooseFolder && setRestoringTo}
                  isSelected={bulk.selected.includes(item)}
                  onToggleSelected={bulk.toggle}
                />
              ))}
            </List>
            <ListPagination
              pagination={trash.data?.pagination}
              page={page}
              pageSize={pageSize}
              shown={entries.length}
              pageSizes={PAGE_SIZES}
              onPageChange={(next) => update({ page: next })}
              onPageSizeChange={(size) => update({ page: 0, size })}
            />
          </>
        )}
      </Paper>

      <PurgeDialog item={purging} onClose={() => setPurging(null)} />
      <BulkDialog {...bulk.dialog} />
      {isAdmin && <EmptyTrashDialog open={isEmptying} count={total} onClose={() => setIsEmptying(false)} />}
      <RestoredNotice restored={restored} onClose={closeRestored} />
      {ChooseFolder && (
        <ChooseFolder
          open={restoringTo !== null}
          title={`Restore “${restoringTo?.name ?? ''}” to…`}
          confirmLabel="Restore here"
          onChoose={handleRestoreInto}
          onCancel={closeRestoreTo}
          isBusy={restoreInto.isPending}
          error={
            restoreInto.isError && restoringTo
              ? restoreProblem(restoreInto.error, restoringTo.name, `“${chosenName ?? ''}”`, true).text
              : undefined
          }
        />
      )}
    </PageShell>
  );
}
