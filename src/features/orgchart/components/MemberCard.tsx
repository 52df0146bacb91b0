import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { OrgMember } from '../api/types.ts';
import { displayName, unitPath } from '../model/org-path.ts';
import { JobSelect } from './JobSelect.tsx';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

/** A person: their details, their job, and every unit they belong to (each opens the tree there). */
export function MemberCard({ member, isAdmin }: { member: OrgMember; isAdmin: boolean }) {
  const name = displayName(member);
  const initials = [member.firstName, member.lastName].map((n) => n?.[0] ?? '').join('');
  return (
    <Box component="section" aria-labelledby="member-title">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main' }} aria-hidden>
          {initials || name[0]}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography id="member-title" variant="h5" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Typography color="text.secondary">
            {member.userName}
            {!member.enabled && <Chip label="Disabled" size="small" sx={{ ml: 1 }} />}
          </Typography>
        </Box>
      </Box>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'minmax(6rem, max-content) 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}
      >
        <Field label="Job">{member.job?.name ?? 'No job'}</Field>
        {member.jobTitle && <Field label="Job title">{member.jobTitle}</Field>}
        {member.email && (
          <Field label="Email">
            <Link href={`mailto:${member.email}`}>{member.email}</Link>
          </Field>
        )}
        {member.telephone && <Field label="Phone">{member.telephone}</Field>}
        {member.mobile && <Field label="Mobile">{member.mobile}</Field>}
        {member.location && <Field label="Location">{member.location}</Field>}
      </Box>
      {isAdmin && <JobSelect member={member} />}
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 3 }}>
        Units
      </Typography>
      {member.units.length === 0 ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {name} is in no unit.
        </Alert>
      ) : (
        <List dense aria-label={`Units of ${name}`}>
          {member.units.map((unit) => (
            <ListItem key={unit.id} disableGutters>
              <Link component={RouterLink} to={unitPath(unit.id)}>
                {unit.name}
              </Link>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
