import { ListPagination } from '../../../components/ListPagination.tsx';
import PersonAdd from '@mui/icons-material/PersonAdd';
import PersonRemove from '@mui/icons-material/PersonRemove';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PersonAvatar } from '../../../components/PersonAvatar.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { useSiteMembers } from '../api/list-site-members.ts';
import type { Site, SiteMember, SiteRole } from '../api/types.ts';
import { useUpdateSiteMember } from '../api/update-site-member.ts';
import { describeMemberError } from '../model/member-errors.ts';
import { roleLabel, ROLES } from '../model/site-form.ts';
import { AddMemberDialog } from './AddMemberDialog.tsx';
import { RemoveMemberDialog } from './RemoveMemberDialog.tsx';
import { PageShell } from '../../../components/PageShell.tsx';

const PAGE_SIZE = 25;

/** The Members tab: a page of members; managers add people, change roles and remove members. */
export function SiteMembers({ site, isAdmin = false }: { site: Site; isAdmin?: boolean }) {
  const [page, setPage] = useState(0);
  const [isAddOpen, setAddOpen] = useState(false);
  const [toRemove, setToRemove] = useState<SiteMember | null>(null);
  const members = useSiteMembers(site.id, { skipCount: page * PAGE_SIZE, maxItems: PAGE_SIZE });
  const updateRole = useUpdateSiteMember();
  // What the server says of the caller decides the controls: the site's managers and administrators.
  const canManage = site.role === 'SiteManager' || isAdmin;
  const rows = members.data?.entries.map((e) => e.entry);
  const pagination = members.data?.pagination;

  const handleRole = (member: SiteMember, role: SiteRole) =>
    updateRole.mutate({ siteId: site.id, personId: member.id, role });

  return (
    <PageShell sx={{ maxWidth: 960 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2">
          Members{pagination?.totalItems !== undefined ? ` (${pagination.totalItems})` : ''}
        </Typography>
        {canManage && (
          <Button variant="contained" startIcon={<PersonAdd />} onClick={() => setAddOpen(true)}>
            Add member
          </Button>
        )}
      </Stack>
      {updateRole.isError && (
        <Alert severity="error" onClose={() => updateRole.reset()}>
          {describeMemberError(updateRole.error)}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>
          {(members.isFetching && !members.isPending) || updateRole.isPending ? (
            <LinearProgress aria-label="Updating" />
          ) : null}
        </Box>
        {members.isError ? (
          <QueryError error={members.error} onRetry={() => void members.refetch()} sx={{ m: 2 }} />
        ) : (
          <>
            <List aria-label="Site members" disablePadding>
              {rows
                ? rows.map((member) => (
                    <MemberRow
                      key={member.id}
                      member={member}
                      canManage={canManage}
                      isBusy={updateRole.isPending}
                      onRole={(role) => handleRole(member, role)}
                      onRemove={() => setToRemove(member)}
                    />
                  ))
                : [0, 1, 2].map((i) => (
                    <ListItem key={i} divider>
                      <Skeleton variant="circular" width={36} height={36} sx={{ mr: 2 }} />
                      <Skeleton width="40%" aria-label={i === 0 ? 'Loading members' : undefined} />
                    </ListItem>
                  ))}
            </List>
            <ListPagination
              pagination={pagination}
              page={page}
              pageSize={PAGE_SIZE}
              shown={rows?.length ?? 0}
              onPageChange={setPage}
            />
          </>
        )}
      </Paper>
      <AddMemberDialog open={isAddOpen} site={site} onClose={() => setAddOpen(false)} />
      <RemoveMemberDialog site={site} member={toRemove} onClose={() => setToRemove(null)} />
    </PageShell>
  );
}

function MemberRow({
  member,
  canManage,
  isBusy,
  onRole,
  onRemove,
}: {
  member: SiteMember;
  canManage: boolean;
  isBusy: boolean;
  onRole: (role: SiteRole) => void;
  onRemove: () => void;
}) {
  const name = member.person.displayName;
  return (
    <ListItem divider aria-label={name} sx={{ gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <ListItemAvatar sx={{ minWidth: 48 }}>
        <PersonAvatar id={member.id} name={name} />
      </ListItemAvatar>
      <ListItemText
        primary={name}
        secondary={[member.id, member.person.jobTitle].filter(Boolean).join(' · ')}
        sx={{ minWidth: 140 }}
      />
      {canManage ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ml: { xs: 6, sm: 0 } }}>
          <Select
            size="small"
            value={member.role}
            disabled={isBusy}
            onChange={(e) => onRole(e.target.value as SiteRole)}
            sx={{ minWidth: 150 }}
            inputProps={{ 'aria-label': `Role of ${name}` }}
          >
            {ROLES.map((r) => (
              <MenuItem key={r.value} value={r.value}>
                {r.label}
              </MenuItem>
            ))}
          </Select>
          <Tooltip title={`Remove ${name}`}>
            <IconButton aria-label={`Remove ${name}`} onClick={onRemove}>
              <PersonRemove />
            </IconButton>
          </Tooltip>
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
          {roleLabel(member.role)}
        </Typography>
      )}
    </ListItem>
  );
}
