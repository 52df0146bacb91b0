import History from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ListPagination } from '../../../components/ListPagination.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { useSession } from '../../../lib/session.ts';
import { RECENT_PAGE_SIZE, useRecentFiles } from '../api/recent-files.ts';
import { SearchResultRow } from './SearchResultRow.tsx';

/** `/recent`: the files the signed-in person created or changed in the last 30 days, newest first. */
export function RecentFilesPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Math.floor(Number(params.get('page') ?? 0)) || 0);
  const recent = useRecentFiles(useSession()?.userId, page);
  const entries = recent.data?.entries.map((e) => e.entry);

  return (
    <PageShell>
      <Box>
        <Typography variant="h5" component="h1">
          Recent files
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          Files you created or changed in the last 30 days, newest first.
        </Typography>
      </Box>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>
          {recent.isFetching && !recent.isPending && <LinearProgress aria-label="Updating" />}
        </Box>
        {recent.isError ? (
          <QueryError error={recent.error} onRetry={() => void recent.refetch()} sx={{ m: 2 }} />
        ) : !entries ? (
          <Box sx={{ p: 2 }} aria-busy="true" aria-label="Loading recent files">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={56} />
            ))}
          </Box>
        ) : entries.length === 0 && page === 0 ? (
          <EmptyState icon={<History />} title="No recent files">
            Files you upload or change come here for 30 days.
          </EmptyState>
        ) : (
          <>
            <List aria-label="Recent files" disablePadding>
              {entries.map((node) => (
                <SearchResultRow key={node.id} node={node} />
              ))}
            </List>
            <ListPagination
              pagination={recent.data?.pagination}
              page={page}
              pageSize={RECENT_PAGE_SIZE}
              shown={entries.length}
              onPageChange={(next) => setParams(next ? { page: String(next) } : {})}
            />
          </>
        )}
      </Paper>
    </PageShell>
  );
}
