import { ListPagination, usePaging } from '../../../components/ListPagination.tsx';
import LinkOff from '@mui/icons-material/LinkOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useDeleteSecondaryChild } from '../api/delete-secondary-child.ts';
import { useSecondaryChildren } from '../api/list-secondary-children.ts';
import { can, type Node } from '../api/types.ts';

/** The association types of the content model a secondary child can have. */
const ASSOC_TYPES = ['cm:contains'];

/** Nodes filed under this one besides their primary parent: filter by type, page, open, remove the link. */
export function SecondaryChildrenTab({ node }: { node: Node }) {
  const [assocType, setAssocType] = useState('');
  const [includeSource, setIncludeSource] = useState(false);
  const paging = usePaging([10, 25, 50], 25);
  const params = {
    skipCount: paging.skipCount,
    maxItems: paging.maxItems,
    assocType: assocType || undefined,
    includeSource,
  };
  const list = useSecondaryChildren(node.id, params);
  const remove = useDeleteSecondaryChild();
  const canRemove = can(node, 'create');
  const rows = list.data?.entries.map((e) => e.entry) ?? [];
  const pagination = list.data?.pagination;
  const source = list.data?.source;

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label="Association type"
          value={assocType}
          onChange={(e) => {
            setAssocType(e.target.value);
            paging.restart();
          }}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All types</MenuItem>
          {ASSOC_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Switch checked={includeSource} onChange={(e) => setIncludeSource(e.target.checked)} />}
          label="Include source"
        />
      </Stack>
      {includeSource && source && (
        <Typography variant="body2" color="text.secondary">
          Source: <strong>{source.name}</strong> ({source.nodeType}, id {source.id})
        </Typography>
      )}
      {remove.isError && <Alert severity="error">{describeError(remove.error)}</Alert>}
      {list.isError ? (
        <Alert severity="error">{describeError(list.error)}</Alert>
      ) : list.isPending ? (
        <CenteredProgress label="Loading secondary children" />
      ) : rows.length === 0 && paging.page === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography>No secondary children{assocType ? ` of type ${assocType}` : ''}.</Typography>
          <Typography variant="body2" color="text.secondary">
            Nodes filed here besides their own folder show up in this list.
          </Typography>
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <Box sx={{ height: 4 }}>{list.isFetching && <LinearProgress aria-label="Updating" />}</Box>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Secondary children">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell>Association</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((child) => (
                  <TableRow key={child.id}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      <Link component={RouterLink} to={`/nodes/${child.id}`}>
                        {child.name}
                      </Link>
                    </TableCell>
                    <TableCell>{child.nodeType}</TableCell>
                    <TableCell>{child.association?.assocType ?? '—'}</TableCell>
                    <TableCell align="right">
                      {canRemove && (
                        <IconButton
                          aria-label={`Remove association to ${child.name}`}
                          disabled={remove.isPending}
                          onClick={() =>
                            remove.mutate({
                              nodeId: node.id,
                              childId: child.id,
                              assocType: child.association?.assocType,
                            })
                          }
                        >
                          <LinkOff />
                        </IconButton>
                      )}
                      {child.isFolder && (
                        <Button component={RouterLink} to={`/browse/${child.id}`} size="small">
                          Open folder
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <ListPagination pagination={pagination} shown={rows.length} {...paging.pager} />
        </Paper>
      )}
    </Stack>
  );
}
