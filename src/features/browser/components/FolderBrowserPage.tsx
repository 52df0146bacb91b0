import CreateNewFolder from '@mui/icons-material/CreateNewFolder';
import Delete from '@mui/icons-material/Delete';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { contentUrl } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/errors.ts';
import { session } from '../../../lib/session.ts';
import { useNode } from '../api/get-node.ts';
import { nodeKeys } from '../api/keys.ts';
import { useNodeChildren } from '../api/list-node-children.ts';
import { can, type Node } from '../api/types.ts';
import { browseSearch, childrenParams, PAGE_SIZES, parseBrowseState, toggleSort } from '../model/browse-params.ts';
import { ChildrenTable } from './ChildrenTable.tsx';
import { DeleteDialog } from './DeleteDialog.tsx';
import { EmptyFolder } from './EmptyFolder.tsx';
import { FolderBreadcrumbs } from './FolderBreadcrumbs.tsx';
import { NewFolderDialog } from './NewFolderDialog.tsx';

/** What the page needs from an upload feature: a zone around the view that adds a toolbar control. */
export interface UploadZoneSlotProps {
  parentId: string;
  canUpload: boolean;
  onUploaded: (parentId: string) => void;
  children: (uploadButton: ReactNode) => ReactNode;
}

const NoUploads = ({ children }: UploadZoneSlotProps) => children(null);

/**
 * `/browse/:nodeId`: a folder's breadcrumb, toolbar and one server-sorted page of children.
 * `nodeId` shows a given folder instead of the URL's (a site's document library).
 */
export function FolderBrowserPage({
  UploadZone = NoUploads,
  nodeId: fixedNodeId,
}: {
  UploadZone?: ComponentType<UploadZoneSlotProps>;
  nodeId?: string;
}) {
  const queryClient = useQueryClient();
  const routeNodeId = useParams().nodeId;
  const nodeId = fixedNodeId ?? routeNodeId ?? '-my-';
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseBrowseState(searchParams);
  const navigate = useNavigate();
  const folder = useNode(nodeId);
  const children = useNodeChildren(nodeId, childrenParams(state));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [isNewFolderOpen, setNewFolderOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Node | null>(null);

  const rows = children.data?.entries.map((e) => e.entry);
  const selected = rows?.find((r) => r.id === selectedId);
  const pagination = children.data?.pagination;

  const handleOpen = (node: Node) => {
    if (node.isFolder) void navigate(`/browse/${node.id}`);
    else handleDownload(node);
  };
  const handleDownload = (node: Node) => {
    const current = session.get();
    if (current) window.location.assign(contentUrl(node.id, current.ticket));
  };
  const setState = (next: typeof state) => setSearchParams(browseSearch(next));

  if (folder.isError) {
    return (
      <Box sx={{ p: { xs: 2, md: 3 } }}>
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
      </Box>
    );
  }

  // A folder upload can create subfolders too: every listing may have changed.
  const handleUploaded = () => void queryClient.invalidateQueries({ queryKey: [...nodeKeys.all, 'children'] });

  return (
    <UploadZone parentId={nodeId} canUpload={can(folder.data, 'create')} onUploaded={handleUploaded}>
      {(uploadButton) => (
        <Box sx={{ p: { xs: 1, sm: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
          >
            {folder.data ? <FolderBreadcrumbs node={folder.data} /> : <Skeleton width={240} height={32} />}
            <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
              {selected?.isFile && (
                <Button startIcon={<Download />} onClick={() => handleDownload(selected)}>
                  Download
                </Button>
              )}
              {selected && (
                <Button
                  startIcon={<Delete />}
                  onClick={() => setToDelete(selected)}
                  disabled={!can(selected, 'delete')}
                >
                  Delete
                </Button>
              )}
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
            <Box sx={{ height: 4 }}>
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
                <Box sx={{ maxHeight: { md: 'calc(100dvh - 230px)' }, overflow: 'auto' }}>
                  <ChildrenTable
                    rows={rows}
                    state={state}
                    selectedId={selectedId}
                    onSelect={setSelectedId}
                    onSort={(column) => setState(toggleSort(state, column))}
                    onOpen={handleOpen}
                    onDownload={handleDownload}
                    onDelete={setToDelete}
                  />
                </Box>
                <TablePagination
                  component="div"
                  count={
                    pagination?.totalItems ??
                    (pagination?.hasMoreItems ? -1 : (pagination?.count ?? 0) + state.page * state.pageSize)
                  }
                  page={state.page}
                  rowsPerPage={state.pageSize}
                  rowsPerPageOptions={[...PAGE_SIZES]}
                  onPageChange={(_e, page) => setState({ ...state, page })}
                  onRowsPerPageChange={(e) => setState({ ...state, page: 0, pageSize: Number(e.target.value) })}
                />
              </>
            )}
          </Paper>

          <NewFolderDialog open={isNewFolderOpen} parentId={nodeId} onClose={() => setNewFolderOpen(false)} />
          <DeleteDialog
            node={toDelete}
            parentId={nodeId}
            onClose={() => setToDelete(null)}
            onDeleted={(node) => node.id === selectedId && setSelectedId(null)}
          />
        </Box>
      )}
    </UploadZone>
  );
}
