import Download from '@mui/icons-material/Download';
import Restore from '@mui/icons-material/Restore';
import Upload from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { DateTime } from '../../../components/DateTime.tsx';
import { useDownload } from '../../../lib/download.ts';
import { describeError } from '../../../lib/errors.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { useVersions } from '../api/list-versions.ts';
import { can, type Node } from '../api/types.ts';
import { RevertDialog } from './RevertDialog.tsx';
import { UploadVersionDialog } from './UploadVersionDialog.tsx';

/** A file's history, newest first: download any version, revert to an older one, upload a new one. */
export function VersionsTab({ node, lockNote = null }: { node: Node; lockNote?: string | null }) {
  const versions = useVersions(node.id);
  const download = useDownload();
  const [isUploadOpen, setUploadOpen] = useState(false);
  const [toRevert, setToRevert] = useState<string | null>(null);
  // A lock that keeps the user out forbids new versions and reverts too.
  const canUpdate = can(node, 'update') && lockNote === null;
  const entries = versions.data?.entries.map((e) => e.entry) ?? [];

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Version history
        </Typography>
        <Button variant="contained" startIcon={<Upload />} onClick={() => setUploadOpen(true)} disabled={!canUpdate}>
          Upload new version
        </Button>
      </Stack>
      {download.error && <Alert severity="error">{describeError(download.error)}</Alert>}
      {lockNote && <Alert severity="info">{lockNote}</Alert>}
      {versions.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void versions.refetch()}>
              Retry
            </Button>
          }
        >
          {describeError(versions.error)}
        </Alert>
      ) : versions.isPending ? (
        <CenteredProgress label="Loading versions" />
      ) : entries.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography>This file has no versions yet.</Typography>
          <Typography variant="body2" color="text.secondary">
            Uploading a new version starts its history.
          </Typography>
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Versions">
            <TableHead>
              <TableRow>
                <TableCell>Version</TableCell>
                <TableCell sx={wideCell}>Date</TableCell>
                <TableCell sx={wideCell}>By</TableCell>
                <TableCell sx={wideCell}>Size</TableCell>
                <TableCell sx={wideCell}>Comment</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((version, index) => (
                <TableRow key={version.id}>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{version.id}</span>
                      {index === 0 && <Chip size="small" label="Current" color="primary" variant="outlined" />}
                    </Stack>
                    {/* A narrow window has two columns: the version with its details, and the actions. */}
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5, overflowWrap: 'anywhere' }}
                    >
                      <DateTime value={version.modifiedAt} /> · {version.modifiedByUser.displayName}
                      {version.versionComment ? ` · ${version.versionComment}` : ''}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ ...wideCell, whiteSpace: 'nowrap' }}>
                    <DateTime value={version.modifiedAt} />
                  </TableCell>
                  <TableCell sx={wideCell}>{version.modifiedByUser.displayName}</TableCell>
                  <TableCell sx={wideCell}>{formatBytes(version.content?.sizeInBytes)}</TableCell>
                  <TableCell sx={{ ...wideCell, overflowWrap: 'anywhere', minWidth: 120 }}>
                    {version.versionComment ?? (
                      <Typography component="span" variant="body2" color="text.secondary">
                        —
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Box component="span">
                      <Tooltip title="Download">
                        <IconButton
                          aria-label={`Download version ${version.id}`}
                          disabled={download.isPending}
                          onClick={() => download.download({ nodeId: node.id, versionId: version.id })}
                        >
                          <Download />
                        </IconButton>
                      </Tooltip>
                      {index > 0 && canUpdate && (
                        <Tooltip title="Revert to this version">
                          <IconButton
                            aria-label={`Revert to version ${version.id}`}
                            onClick={() => setToRevert(version.id)}
                          >
                            <Restore />
                          </IconButton>
                        </Tooltip>
                      )}
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      <UploadVersionDialog open={isUploadOpen} nodeId={node.id} onClose={() => setUploadOpen(false)} />
      <RevertDialog nodeId={node.id} versionId={toRevert} onClose={() => setToRevert(null)} />
    </Stack>
  );
}

/** Columns shown from `sm` up; below, their values sit under the version. */
const wideCell = { display: { xs: 'none', sm: 'table-cell' } };
