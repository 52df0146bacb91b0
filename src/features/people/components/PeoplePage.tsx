import { SkeletonRows } from '../../../components/SkeletonRows.tsx';
import { ListPagination, usePaging } from '../../../components/ListPagination.tsx';
import PersonAdd from '@mui/icons-material/PersonAdd';
import PersonSearch from '@mui/icons-material/PersonSearch';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { usePeople } from '../api/list-people.ts';
import type { Person } from '../api/types.ts';
import { useUpdatePerson } from '../api/update-person.ts';
import { NewPersonDialog } from './NewPersonDialog.tsx';
import { PersonRow } from './PersonRow.tsx';
import { QuotaDialog } from './QuotaDialog.tsx';
import { PageShell } from '../../../components/PageShell.tsx';

const PAGE_SIZES = [25, 50, 100] as const;

/** `/people` (administrators): search and page through people, create one, enable/disable, quotas. */
export function PeoplePage() {
  const [term, setTerm] = useState('');
  const search = useDebouncedValue(term.trim());
  const paging = usePaging(PAGE_SIZES);
  const [isNewOpen, setNewOpen] = useState(false);
  const [quotaOf, setQuotaOf] = useState<Person | null>(null);
  const [created, setCreated] = useState<Person | null>(null);
  const people = usePeople({ search, skipCount: paging.skipCount, maxItems: paging.maxItems });
  const update = useUpdatePerson();
  const rows = people.data?.entries.map((e) => e.entry);
  const pagination = people.data?.pagination;

  const handleEnabled = (person: Person, enabled: boolean) => update.mutate({ personId: person.id, body: { enabled } });

  return (
    <PageShell>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="h5" component="h1">
          People
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            size="small"
            type="search"
            label="Search people"
            value={term}
            onChange={(e) => {
              setTerm(e.target.value);
              paging.restart();
            }}
            sx={{ flexGrow: 1, minWidth: { sm: 260 } }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Button variant="contained" startIcon={<PersonAdd />} onClick={() => setNewOpen(true)} sx={{ flexShrink: 0 }}>
            New person
          </Button>
        </Stack>
      </Stack>
      {created && (
        <Alert severity="success" onClose={() => setCreated(null)}>
          {created.displayName} ({created.id}) can now sign in{created.enabled ? '' : ' once enabled'}.
        </Alert>
      )}
      {update.isError && (
        <Alert severity="error" onClose={() => update.reset()}>
          {describeError(update.error)}
        </Alert>
      )}

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>
          {(people.isFetching && !people.isPending) || update.isPending ? (
            <LinearProgress aria-label="Updating" />
          ) : null}
        </Box>
        {people.isError ? (
          <QueryError error={people.error} onRetry={() => void people.refetch()} sx={{ m: 2 }} />
        ) : rows && rows.length === 0 && paging.page === 0 ? (
          <EmptyState icon={<PersonSearch />} title={search ? `Nobody matches “${search}”` : 'No people yet'}>
            {search ? 'Search looks at user names, first and last names and email addresses.' : undefined}
          </EmptyState>
        ) : (
          <>
            <Box sx={{ overflowX: 'auto' }}>
              {/* Narrow windows: fixed columns, so the name gets the room left and never wraps a letter a line. */}
              <Table aria-label="People" size="small" sx={{ tableLayout: { xs: 'fixed', md: 'auto' } }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Name</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Email</TableCell>
                    <TableCell sx={{ width: { xs: 72, md: 'auto' } }}>Enabled</TableCell>
                    <TableCell sx={{ width: { xs: 128, sm: 200, md: 'auto' } }}>Quota</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows ? (
                    rows.map((person) => (
                      <PersonRow
                        key={person.id}
                        person={person}
                        isBusy={update.isPending && update.variables?.personId === person.id}
                        onEnabled={(enabled) => handleEnabled(person, enabled)}
                        onQuota={() => setQuotaOf(person)}
                      />
                    ))
                  ) : (
                    <SkeletonRows label="Loading people" colSpan={4} />
                  )}
                </TableBody>
              </Table>
            </Box>
            <ListPagination pagination={pagination} shown={rows?.length ?? 0} {...paging.pager} />
          </>
        )}
      </Paper>
      <NewPersonDialog open={isNewOpen} onClose={() => setNewOpen(false)} onCreated={setCreated} />
      <QuotaDialog person={quotaOf} onClose={() => setQuotaOf(null)} />
    </PageShell>
  );
}
