import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import { SkeletonRows } from '../../../components/SkeletonRows.tsx';
import { ListPagination, usePaging } from '../../../components/ListPagination.tsx';
import Add from '@mui/icons-material/Add';
import Groups from '@mui/icons-material/Groups';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { useFavoriteSiteGuids } from '../api/list-favorite-sites.ts';
import { useSites } from '../api/list-sites.ts';
import type { Site } from '../api/types.ts';
import { roleLabel, visibilityLabel } from '../model/site-form.ts';
import { CreateSiteDialog } from './CreateSiteDialog.tsx';
import { MembershipButton, SiteFavoriteButton } from './SiteControls.tsx';
import { PageShell } from '../../../components/PageShell.tsx';

const PAGE_SIZES = [25, 50, 100] as const;

export function VisibilityChip({ site }: { site: Pick<Site, 'visibility'> }) {
  const color = site.visibility === 'PRIVATE' ? 'warning' : site.visibility === 'MODERATED' ? 'info' : 'success';
  return <Chip size="small" variant="outlined" color={color} label={visibilityLabel(site.visibility)} />;
}

/**
 * `/sites`: the sites the caller can see, with their visibility and the caller's role, a star to
 * make one a favorite, Join (public sites) and Leave; "New site".
 */
export function SitesPage() {
  const paging = usePaging(PAGE_SIZES);
  const [isCreateOpen, setCreateOpen] = useState(false);
  const navigate = useNavigate();
  const sites = useSites({ skipCount: paging.skipCount, maxItems: paging.maxItems });
  const favorites = useFavoriteSiteGuids();
  // On a phone, Join/Leave sits under the title instead of in a column of its own.
  const isNarrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const rows = sites.data?.entries.map((e) => e.entry);
  const pagination = sites.data?.pagination;

  return (
    <PageShell>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">
          Sites
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setCreateOpen(true)}>
          New site
        </Button>
      </Stack>

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>{sites.isFetching && !sites.isPending && <LinearProgress aria-label="Updating" />}</Box>
        {sites.isError ? (
          <QueryError error={sites.error} onRetry={() => void sites.refetch()} sx={{ m: 2 }} />
        ) : rows && rows.length === 0 && paging.page === 0 ? (
          <EmptyState
            icon={<Groups />}
            title="No sites yet"
            action={
              <Button variant="outlined" startIcon={<Add />} onClick={() => setCreateOpen(true)}>
                Create a site
              </Button>
            }
          >
            A site is a shared space for a team: its files and its members.
          </EmptyState>
        ) : (
          <>
            <Box sx={{ overflowX: 'auto' }}>
              <Table aria-label="Sites" size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>Title</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Description</TableCell>
                    <TableCell>Visibility</TableCell>
                    <TableCell>Your role</TableCell>
                    {!isNarrow && (
                      <TableCell>
                        <VisuallyHidden>Actions</VisuallyHidden>
                      </TableCell>
                    )}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows ? (
                    rows.map((site) => (
                      <TableRow key={site.id} hover>
                        <TableCell>
                          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                            <SiteFavoriteButton site={site} isFavorite={favorites.data?.has(site.guid)} />
                            <Box sx={{ minWidth: 0 }}>
                              <Link
                                component={RouterLink}
                                to={`/sites/${encodeURIComponent(site.id)}`}
                                sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
                              >
                                {site.title}
                              </Link>
                              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                                {site.id}
                              </Typography>
                              {isNarrow && (
                                <Box sx={{ mt: 0.5 }}>
                                  <MembershipButton site={site} />
                                </Box>
                              )}
                            </Box>
                          </Stack>
                        </TableCell>
                        <TableCell
                          sx={{
                            display: { xs: 'none', md: 'table-cell' },
                            color: 'text.secondary',
                            overflowWrap: 'anywhere',
                          }}
                        >
                          {site.description}
                        </TableCell>
                        <TableCell>
                          <VisibilityChip site={site} />
                        </TableCell>
                        <TableCell sx={{ color: site.role ? 'text.primary' : 'text.secondary' }}>
                          {roleLabel(site.role)}
                        </TableCell>
                        {!isNarrow && (
                          <TableCell align="right">
                            <MembershipButton site={site} />
                          </TableCell>
                        )}
                      </TableRow>
                    ))
                  ) : (
                    <SkeletonRows label="Loading sites" colSpan={isNarrow ? 4 : 5} />
                  )}
                </TableBody>
              </Table>
            </Box>
            <ListPagination pagination={pagination} shown={rows?.length ?? 0} {...paging.pager} />
          </>
        )}
      </Paper>
      <CreateSiteDialog
        open={isCreateOpen}
        onClose={() => setCreateOpen(false)}
        onCreated={(site) => void navigate(`/sites/${encodeURIComponent(site.id)}`)}
      />
    </PageShell>
  );
}
