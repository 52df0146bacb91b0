import CreateNewFolder from '@mui/icons-material/CreateNewFolder';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { bottomOverlay } from '../../../lib/layout.ts';
import { PageShell } from '../../../components/PageShell.tsx';
import { ListPagination } from '../../../components/ListPagination.tsx';
import { downloadContent } from '../../../lib/download.ts';
import { describeError } from '../../../lib/errors.ts';
import { folderHref, siteOf } from '../../../lib/folder-route.ts';
import { useNode } from '../api/get-node.ts';
import { nodeKeys } from '../api/keys.ts';
import { useNodeChildren } from '../api/list-node-children.ts';
import { can, type Node } from '../api/types.ts';
import { browseSearch, childrenParams, PAGE_SIZES, parseBrowseState, toggleSort } from '../model/browse-params.ts';
import { EMPTY_SELECTION, prune, type Selection } from '../model/selection.ts';
import { ActionDialogs, type LockDialogSlotProps, useActionDialogs } from './ActionDialogs.tsx';
import { ChildrenTable } from './ChildrenTable.tsx';
import { EmptyFolder } from './EmptyFolder.tsx';
import { FolderBreadcrumbs, type SiteContext } from './FolderBreadcrumbs.tsx';
import { NewFolderDialog } from './NewFolderDialog.tsx';
import { SelectionToolbar } from './SelectionToolbar.tsx';
import { CHECKBOX_COLUMN_WIDTH, PROGRESS_HEIGHT } from './table-layout.ts';

/** What the page needs from an upload feature: a zone around the view that adds a toolbar control. */
export interface UploadZoneSlotProps {
  parentId: string;
  canUpload: boolean;
  onUploaded: () => void;
  /** The view, given the toolbar's "Upload" control and the folder row files are dragged over. */
  children: (uploadButton: ReactNode, dropTargetId: string | undefined) => ReactNode;
}

const NoUploads = ({ children }: UploadZoneSlotProps) => children(null, undefined);

export type { LockDialogSlotProps } from './ActionDialogs.tsx';

interface Props {
  /** The upload feature's zone (composed in the router). */
  UploadZone?: ComponentType<UploadZoneSlotProps>;
  /** The lock feature's lock/unlock dialog (composed in the router); without it there is no lock action. */
  LockDialog?: ComponentType<LockDialogSlotProps>;
  /** Shows this folder instead of the URL's (a folder in a site's document library). */
  nodeId?: string;
  /** The site the folder is shown in (its pages, `/sites/:siteId/…`); folders of other places are sent to theirs. */
  site?: SiteContext;
}

/**
 * `/browse/:nodeId` (or a site's folder): a folder's breadcrumb, toolbar and one server-sorted page
 * of children with their actions. A folder that lies in a site's library is shown in its site.
 */
export function FolderBrowserPage({ UploadZone = NoUploads, LockDialog, nodeId: fixedNodeId, site }: Props) {
  const queryClient = useQueryClient();
  const routeNodeId = useParams().nodeId;
  const nodeId = fixedNodeId ?? routeNodeId ?? '-my-';
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseBrowseState(searchParams);
  const navigate = useNavigate();
  const folder = useNode(nodeId);
  const children = useNodeChildren(nodeId, childrenParams(state));
  const [stored, setStored] = useState<{ nodeId: string; selection: Selection }>({
    nodeId,
    selection: EMPTY_SELECTION,
  });
  const [isNewFolderOpen, setNewFolderOpen] = useState(false);

  const rows = children.data?.entries.map((e) => e.entry);
  // Another folder starts with nothing selected; a refreshed page forgets rows that are gone.
  const selection =
    stored.nodeId !== nodeId
      ? EMPTY_SELECTION
      : rows
        ? prune(
            stored.selection,
            rows.map((r) => r.id),
          )
        : stored.selection;
  const setSelection = (next: Selection) => setStored({ nodeId, selection: next });
  const selected = selection.selected.flatMap((id) => rows?.filter((r) => r.id === id) ?? []);
  const pagination = children.data?.pagination;

  const here = folder.data && [...(folder.data.path?.elements ?? []), { id: folder.data.id, name: folder.data.name }];
  const childHref = (node: Node) => folderHref(node, here);
  const handleDownload = (node: Node) => downloadContent({ nodeId: node.id });
  const dialogs = useActionDialogs({
    onOpen: (node) => void navigate(childHref(node)),
    onDownload: handleDownload,
    onProperties: (node) => void navigate(`/nodes/${node.id}`),
    canLock: LockDialog !== undefined,
  });
  const setState = (next: typeof state) => setSearchParams(browseSearch(next));

  if (folder.isError) {
    return (
      <PageShell>
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void folder.refetch()}>
              Retry
            </Button>
          }
        >
          {describeError(folder.error)}
        </Alert>
      </PageShell>
    );
  }

  // A folder in a site's library is shown in its site, and only there (a /browse link to it is sent on).
  if (folder.data) {
    const ancestors = folder.data.path?.elements ?? [];
    if (siteOf(ancestors, folder.data.name) !== (site?.id ?? null)) {
      const target = folderHref(folder.data, ancestors);
      return <Navigate to={{ pathname: target, search: searchParams.toString() }} replace />;
    }
  }

  // A folder upload can create subfolders too: every listing may have changed.
  const handleUploaded = () => void queryClient.invalidateQueries({ queryKey: [...nodeKeys.all, 'children'] });

  return (
    <UploadZone parentId={nodeId} canUpload={can(folder.data, 'create')} onUploaded={handleUploaded}>
      {(uploadButton, dropTargetId) => (
        <PageShell
          sx={{
            // An overlay at the bottom of the window (the upload panel) never covers the pager.
            pb: {
              xs: `calc(12px + ${bottomOverlay})`,
              sm: `calc(16px + ${bottomOverlay})`,
              md: `calc(24px + ${bottomOverlay})`,
            },
          }}
        >
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
          >
            {folder.data ? <FolderBreadcrumbs node={folder.data} site={site} /> : <Skeleton width={240} height={32} />}
            <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
              {uploadButton}
              <Button
                variant="contained"
                startIcon={<CreateNewFolder />}
                onClick={() => setNewFolderOpen(true)}
                disabled={!can(folder.data, 'create')}
              >
                New folder
              </Button>
            </Stack>
          </Stack>

          <Paper variant="outlined" sx={{ overflow: 'hidden', position: 'relative' }}>
            {selected.length > 0 && (
              <Box
                sx={{
                  position: 'absolute',
                  top: PROGRESS_HEIGHT,
                  left: { xs: 0, sm: CHECKBOX_COLUMN_WIDTH },
                  right: 0,
                  zIndex: 3,
                }}
              >
                <SelectionToolbar
                  nodes={selected}
                  onAction={dialogs.run}
                  onClear={() => setSelection({ ...selection, selected: [] })}
                />
              </Box>
            )}
            <Box sx={{ height: PROGRESS_HEIGHT }}>
              {children.isFetching && !children.isPending && <LinearProgress aria-label="Updating" />}
            </Box>
            {children.isError ? (
              <Alert
                severity="error"
                sx={{ m: 2 }}
                action={
                  <Button color="inherit" onClick={() => void children.refetch()}>
                    Retry
                  </Button>
                }
              >
                {describeError(children.error)}
              </Alert>
            ) : rows && rows.length === 0 && state.page === 0 ? (
              <EmptyFolder canCreate={can(folder.data, 'create')} onNewFolder={() => setNewFolderOpen(true)} />
            ) : (
              <>
                <Box sx={{ maxHeight: { md: `calc(100dvh - 230px - ${bottomOverlay})` }, overflow: 'auto' }}>
                  <ChildrenTable
                    rows={rows}
                    state={state}
                    selection={selection}
                    onSelectionChange={setSelection}
                    onSort={(column) => setState(toggleSort(state, column))}
                    onAction={dialogs.run}
                    folderHref={childHref}
                    dropTargetId={dropTargetId}
                  />
                </Box>
                <ListPagination
                  pagination={pagination}
                  page={state.page}
                  pageSize={state.pageSize}
                  shown={pagination?.count ?? 0}
                  pageSizes={PAGE_SIZES}
                  onPageChange={(page) => setState({ ...state, page })}
                  onPageSizeChange={(pageSize) => setState({ ...state, page: 0, pageSize })}
                />
              </>
            )}
          </Paper>

          <NewFolderDialog open={isNewFolderOpen} parentId={nodeId} onClose={() => setNewFolderOpen(false)} />
          <ActionDialogs state={dialogs} folderId={nodeId} LockDialog={LockDialog} />
        </PageShell>
      )}
    </UploadZone>
  );
}
