import PersonRemove from '@mui/icons-material/PersonRemove';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useUnitMembers } from '../api/list-unit-members.ts';
import { useRemoveUnitMember } from '../api/remove-unit-member.ts';
import type { OrgUnit } from '../api/types.ts';
import { displayName, memberPath } from '../model/org-path.ts';

export const MEMBERS_PAGE_SIZES = [10, 25, 50];

/** The people of a unit: name (to their card), job title, email, phone; a page at a time. */
export function UnitMembers({ unit, isAdmin }: { unit: OrgUnit; isAdmin: boolean }) {
  const members = useUnitMembers(unit.id);
  const remove = useRemoveUnitMember();
  const [page, setPage] = useState({ unitId: unit.id, index: 0, size: MEMBERS_PAGE_SIZES[0]! });
  // Another unit starts on its first page.
  const current = page.unitId === unit.id ? page : { ...page, unitId: unit.id, index: 0 };

  if (members.isPending) return <CenteredProgress label={`Loading the members of ${unit.name}`} />;
  if (members.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void members.refetch()}>
            Retry
          </Button>
        }
      >
        The members could not load: {describeError(members.error)}
      </Alert>
    );
  }
  const all = members.data;
  const count = all.length;
  const shown = all.slice(current.index * current.size, (current.index + 1) * current.size);

  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {count === 1 ? '1 member' : `${count} members`}
      </Typography>
      {remove.isError && (
        <Alert severity="error" onClose={() => remove.reset()} sx={{ mb: 1 }}>
          {describeError(remove.error)}
        </Alert>
      )}
      {count === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          No one is a member of this unit{isAdmin ? ' yet. Add people with “Add member”.' : '.'}
        </Typography>
      ) : (
        <>
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={`Members of ${unit.name}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell sx={wideOnly}>Job title</TableCell>
                  <TableCell sx={wideOnly}>Email</TableCell>
                  <TableCell sx={wideOnly}>Phone</TableCell>
                  {isAdmin && (
                    <TableCell align="right">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </TableCell>
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((member) => {
                  const name = displayName(member);
                  const phone = member.telephone ?? member.mobile;
                  return (
                    <TableRow key={member.userName} hover>
                      <TableCell>
                        <Link component={RouterLink} to={memberPath(member.userName)}>
                          {name}
                        </Link>
                        {!member.enabled && (
                          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                            (disabled)
                          </Typography>
                        )}
                        {/* On a narrow window the other columns fold under the name. */}
                        <Box sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary', fontSize: 13 }}>
                          {[member.jobTitle, member.email, phone].filter(Boolean).map((line) => (
                            <Box key={line} sx={{ overflowWrap: 'anywhere' }}>
                              {line}
                            </Box>
                          ))}
                        </Box>
                      </TableCell>
                      <TableCell sx={wideOnly}>{member.jobTitle ?? '—'}</TableCell>
                      <TableCell sx={{ ...wideOnly, overflowWrap: 'anywhere' }}>
                        {member.email ? <Link href={`mailto:${member.email}`}>{member.email}</Link> : '—'}
                      </TableCell>
                      <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>{phone ?? '—'}</TableCell>
                      {isAdmin && (
                        <TableCell align="right" padding="checkbox">
                          <Tooltip title={`Remove ${name} from ${unit.name}`}>
                            <IconButton
                              size="small"
                              aria-label={`Remove ${name} from ${unit.name}`}
                              disabled={remove.isPending}
                              onClick={() => remove.mutate({ unitId: unit.id, userName: member.userName })}
                            >
                              <PersonRemove fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </TableCell>
                      )}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
          {count > MEMBERS_PAGE_SIZES[0]! && (
            <TablePagination
              component="div"
              count={count}
              page={current.index}
              rowsPerPage={current.size}
              rowsPerPageOptions={MEMBERS_PAGE_SIZES}
              onPageChange={(_e, index) => setPage({ ...current, index })}
              onRowsPerPageChange={(e) => setPage({ ...current, index: 0, size: Number(e.target.value) })}
              labelRowsPerPage="Members per page"
            />
          )}
        </>
      )}
    </Box>
  );
}

// In px: in `sx`, a width of 1 would be 100%.
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;
