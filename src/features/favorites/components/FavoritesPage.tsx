import { ListPagination } from '../../../components/ListPagination.tsx';
import StarBorder from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Check from '@mui/icons-material/Check';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { useFavorites } from '../api/list-favorites.ts';
import {
  FAVORITE_KINDS,
  favoritesWhere,
  KIND_LABELS,
  parseKinds,
  toggleKind,
  type FavoriteKind,
} from '../model/favorites-where.ts';
import { FavoriteRow } from './FavoriteRow.tsx';
import { PageShell } from '../../../components/PageShell.tsx';

const PAGE_SIZES = [25, 50, 100] as const;

/** `/favorites`: the caller's favorite files, folders and sites, filtered by kind on the server. */
export function FavoritesPage() {
  const [search, setSearch] = useSearchParams();
  const kinds = parseKinds(search.get('kind'));
  const page = Math.max(0, Number(search.get('page') ?? 0) || 0);
  const pageSizeParam = Number(search.get('size'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(pageSizeParam) ? pageSizeParam : PAGE_SIZES[0];
  const favorites = useFavorites({ where: favoritesWhere(kinds), skipCount: page * pageSize, maxItems: pageSize });

  const update = (next: { kinds?: FavoriteKind[]; page?: number; size?: number }) => {
    const params = new URLSearchParams();
    const k = next.kinds ?? kinds;
    if (k.length) params.set('kind', k.join(','));
    if (next.page) params.set('page', String(next.page));
    const size = next.size ?? pageSize;
    if (size !== PAGE_SIZES[0]) params.set('size', String(size));
    setSearch(params);
  };

  const entries = favorites.data?.entries.map((e) => e.entry);
  const pagination = favorites.data?.pagination;

  return (
    <PageShell>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="h5" component="h1">
          Favorites
        </Typography>
        <Stack direction="row" spacing={1} role="group" aria-label="Show only" sx={{ flexWrap: 'wrap' }}>
          {FAVORITE_KINDS.map((kind) => {
            const isOn = kinds.includes(kind);
            return (
              <Chip
                key={kind}
                label={KIND_LABELS[kind]}
                icon={isOn ? <Check /> : undefined}
                color={isOn ? 'primary' : 'default'}
                variant={isOn ? 'filled' : 'outlined'}
                onClick={() => update({ kinds: toggleKind(kinds, kind), page: 0 })}
                aria-pressed={isOn}
                component="button"
              />
            );
          })}
        </Stack>
      </Stack>

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>
          {favorites.isFetching && !favorites.isPending && <LinearProgress aria-label="Updating" />}
        </Box>
        {favorites.isError ? (
          <QueryError error={favorites.error} onRetry={() => void favorites.refetch()} sx={{ m: 2 }} />
        ) : !entries ? (
          <Box sx={{ p: 2 }} aria-busy="true" aria-label="Loading favorites">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={56} />
            ))}
          </Box>
        ) : entries.length === 0 && page === 0 ? (
          <EmptyState icon={<StarBorder />} title={kinds.length ? 'No favorites of this kind' : 'No favorites yet'}>
            {kinds.length
              ? 'Choose other kinds above, or none to see every favorite.'
              : 'Mark files, folders and sites with a star to find them here.'}
          </EmptyState>
        ) : (
          <>
            <List aria-label="Favorites" disablePadding>
              {entries.map((favorite) => (
                <FavoriteRow key={favorite.targetGuid} favorite={favorite} />
              ))}
            </List>
            <ListPagination
              pagination={pagination}
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
    </PageShell>
  );
}
