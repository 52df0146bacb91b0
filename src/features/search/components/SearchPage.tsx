import FilterList from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import SearchOff from '@mui/icons-material/SearchOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ListPagination } from '../../../components/ListPagination.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { ApiError } from '../../../lib/errors.ts';
import { useSearchResults } from '../api/search-nodes.ts';
import { facetGroups } from '../model/facets.ts';
import {
  PAGE_SIZE,
  parseSearchState,
  searchRequest,
  searchStateParams,
  SORTS,
  toggleFilter,
  type SearchState,
  type SortKey,
} from '../model/search-state.ts';
import { SearchFilters } from './SearchFilters.tsx';
import { SearchResultRow } from './SearchResultRow.tsx';

/** `/search?q=…&filter=…&sort=…&page=…`: results with where, when and the words around each match; facets narrow them. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const state = parseSearchState(params);
  const hasQuery = state.q.trim() !== '';
  const results = useSearchResults(searchRequest(state), hasQuery);
  const [showFilters, setShowFilters] = useState(false);
  const update = (next: SearchState) => setParams(searchStateParams(next));

  const entries = results.data?.entries.map((e) => e.entry);
  const groups = facetGroups(results.data?.context.facets, state.filters);
  const total = results.data?.pagination.totalItems;
  const filters = (
    <SearchFilters groups={groups} chosen={state.filters} onToggle={(f) => update(toggleFilter(state, f))} />
  );

  return (
    <PageShell>
      <Typography variant="h5" component="h1">
        Search
      </Typography>
      <SearchForm key={state.q} q={state.q} onSearch={(q) => update({ q, filters: [], sort: state.sort, page: 0 })} />
      {!hasQuery ? (
        <EmptyState icon={<SearchIcon />} title="Search files and folders">
          Words in names, titles, descriptions and the text of documents. Put words in quotes to find them together.
        </EmptyState>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, alignItems: 'flex-start' }}>
          {groups.length > 0 && (
            <Box sx={{ width: { xs: '100%', md: 240 }, flexShrink: 0 }}>
              <Box sx={{ display: { xs: 'block', md: 'none' } }}>
                <Button
                  startIcon={<FilterList />}
                  aria-expanded={showFilters}
                  onClick={() => setShowFilters((shown) => !shown)}
                >
                  Filters{state.filters.length ? ` (${state.filters.length})` : ''}
                </Button>
                <Collapse in={showFilters}>{filters}</Collapse>
              </Box>
              <Box sx={{ display: { xs: 'none', md: 'block' } }}>{filters}</Box>
            </Box>
          )}
          <Box sx={{ flex: 1, minWidth: 0, width: '100%', display: 'flex', flexDirection: 'column', gap: 1 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Typography role="status" sx={{ flex: '1 1 12rem', overflowWrap: 'anywhere' }}>
                {total === undefined
                  ? 'Searching…'
                  : `${total === 1 ? '1 result' : `${total} results`} for “${state.q}”`}
              </Typography>
              {state.filters.length > 0 && (
                <Button size="small" onClick={() => update({ ...state, filters: [], page: 0 })}>
                  Clear filters
                </Button>
              )}
              <TextField
                select
                size="small"
                label="Sort by"
                value={state.sort}
                onChange={(e) => update({ ...state, sort: e.target.value as SortKey, page: 0 })}
                sx={{ minWidth: 160 }}
              >
                {Object.entries(SORTS).map(([key, sort]) => (
                  <MenuItem key={key} value={key}>
                    {sort.label}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
            <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
              <Box sx={{ height: 4 }}>
                {results.isFetching && !results.isPending && <LinearProgress aria-label="Updating" />}
              </Box>
              {results.isError ? (
                <SearchError error={results.error} onRetry={() => void results.refetch()} />
              ) : !entries ? (
                <Box sx={{ p: 2 }} aria-busy="true" aria-label="Searching">
                  {[0, 1, 2].map((i) => (
                    <Skeleton key={i} height={64} />
                  ))}
                </Box>
              ) : entries.length === 0 && state.page === 0 ? (
                <EmptyState icon={<SearchOff />} title="Nothing found">
                  {state.filters.length
                    ? 'Nothing matches these filters: clear some of them.'
                    : 'Try other words, fewer words, or the start of a word followed by *.'}
                </EmptyState>
              ) : (
                <>
                  <List aria-label="Search results" disablePadding>
                    {entries.map((node) => (
                      <SearchResultRow key={node.id} node={node} />
                    ))}
                  </List>
                  <ListPagination
                    pagination={results.data?.pagination}
                    page={state.page}
                    pageSize={PAGE_SIZE}
                    shown={entries.length}
                    onPageChange={(page) => update({ ...state, page })}
                  />
                </>
              )}
            </Paper>
          </Box>
        </Box>
      )}
    </PageShell>
  );
}

/** The words to search for, on the page itself (on narrow screens the app bar has no search box). */
function SearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(q);
  return (
    <Box
      component="form"
      role="search"
      aria-label="Search the repository"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) onSearch(text.trim());
      }}
      sx={{ display: 'flex', gap: 1, maxWidth: 640 }}
    >
      <TextField
        size="small"
        type="search"
        label="Search for"
        value={text}
        onChange={(e) => setText(e.target.value)}
        sx={{ flex: 1 }}
      />
      <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
        Search
      </Button>
    </Box>
  );
}

/** A query the server refuses (400) says why, as a hint; other failures as every list shows them. */
function SearchError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 400) {
    return (
      <Alert severity="warning" sx={{ m: 2 }}>
        The repository could not read this search{error.briefSummary ? `: ${error.briefSummary}` : '.'} Try other words,
        or put them in quotes.
      </Alert>
    );
  }
  return <QueryError error={error} onRetry={onRetry} sx={{ m: 2 }} />;
}
