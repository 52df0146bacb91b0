import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PersonAvatar } from '../../../components/PersonAvatar.tsx';
import type { Person } from '../api/types.ts';
import { describeQuota, quotaPercent } from '../model/quota.ts';

/** A person: name (a link to their page) and id, email, the enabled switch, quota use with "Set quota". */
export function PersonRow({
  person,
  isBusy,
  onEnabled,
  onQuota,
}: {
  person: Person;
  isBusy: boolean;
  onEnabled: (enabled: boolean) => void;
  onQuota: () => void;
}) {
  const percent = quotaPercent(person.quota, person.quotaUsed);
  return (
    <TableRow hover aria-label={person.displayName}>
      <TableCell>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <PersonAvatar id={person.id} name={person.displayName} size={32} />
          <Box sx={{ minWidth: 0 }}>
            <Link
              component={RouterLink}
              to={`/people/${encodeURIComponent(person.id)}`}
              variant="body2"
              aria-label={`Edit ${person.displayName}`}
              sx={{ fontWeight: 500, overflowWrap: 'anywhere', display: 'block' }}
            >
              {person.displayName}
            </Link>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {person.id}
              {/* On a phone the row keeps to the name and the id; the job title is on the person's page. */}
              {person.jobTitle && (
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                  {` · ${person.jobTitle}`}
                </Box>
              )}
            </Typography>
          </Box>
        </Stack>
      </TableCell>
      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, color: 'text.secondary' }}>{person.email}</TableCell>
      <TableCell>
        <Switch
          checked={person.enabled}
          disabled={isBusy}
          onChange={(e) => onEnabled(e.target.checked)}
          slotProps={{ input: { 'aria-label': `${person.id} can sign in` } }}
        />
      </TableCell>
      <TableCell sx={{ minWidth: { md: 150 } }}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ whiteSpace: { xs: 'normal', sm: 'nowrap' } }}>
              {describeQuota(person.quota, person.quotaUsed)}
            </Typography>
            {percent !== undefined && (
              <LinearProgress
                variant="determinate"
                value={percent}
                color={percent >= 90 ? 'error' : 'primary'}
                aria-label={`${person.id} uses ${percent}% of the quota`}
                sx={{ mt: 0.5, borderRadius: 1 }}
              />
            )}
          </Box>
          <Tooltip title={`Set quota for ${person.id}`}>
            <IconButton size="small" aria-label={`Set quota for ${person.id}`} onClick={onQuota}>
              <Edit fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      </TableCell>
    </TableRow>
  );
}
