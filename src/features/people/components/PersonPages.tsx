import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { PersonAvatar } from '../../../components/PersonAvatar.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { useCurrentPerson } from '../../../lib/people.ts';
import { usePerson } from '../api/get-person.ts';
import type { Person } from '../api/types.ts';
import { PasswordForm } from './PasswordForm.tsx';
import { PersonDetailsForm } from './PersonDetailsForm.tsx';

/** `/people/:personId` (administrators): a person's details and a new password for them. */
export function PersonPage() {
  const personId = useParams().personId ?? '';
  const person = usePerson(personId);
  return (
    <PersonShell
      person={person}
      breadcrumb={
        <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1 }}>
          <Link component={RouterLink} to="/people" underline="hover" color="inherit">
            People
          </Link>
          <Typography color="text.primary">{personId}</Typography>
        </Breadcrumbs>
      }
      passwordTitle="Reset password"
      passwordHint="Give the person a new password and tell them. They do not need their old one."
      needsOld={false}
    />
  );
}

/** `/profile`: the signed-in person's own details and password. */
export function ProfilePage() {
  const person = useCurrentPerson();
  return (
    <PersonShell
      person={person}
      heading="Your profile"
      passwordTitle="Change password"
      passwordHint="Enter your current password, then the new one twice."
      needsOld
    />
  );
}

function PersonShell(props: {
  person: UseQueryResult<Person>;
  heading?: string;
  breadcrumb?: ReactNode;
  passwordTitle: string;
  passwordHint: string;
  needsOld: boolean;
}) {
  const { person } = props;
  return (
    <Box sx={{ p: { xs: 1, sm: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 900 }}>
      {props.breadcrumb}
      {person.isError ? (
        <QueryError error={person.error} onRetry={() => void person.refetch()} />
      ) : !person.data ? (
        <CenteredProgress label="Loading the person" />
      ) : (
        <>
          <PersonHeading person={person.data} heading={props.heading} />
          <Section title="Details">
            <PersonDetailsForm key={person.data.id} person={person.data} />
          </Section>
          <Section title={props.passwordTitle} hint={props.passwordHint}>
            <PasswordForm personId={person.data.id} needsOld={props.needsOld} />
          </Section>
        </>
      )}
    </Box>
  );
}

function PersonHeading({ person, heading }: { person: Person; heading: string | undefined }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
      <PersonAvatar id={person.id} name={person.displayName} size={48} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {heading ?? person.displayName}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {heading ? `${person.displayName} · ` : ''}
          {person.id}
          {person.jobTitle ? ` · ${person.jobTitle}` : ''}
        </Typography>
      </Box>
    </Stack>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h6" component="h2">
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {hint}
        </Typography>
      )}
      <Box sx={{ mt: hint ? 0 : 2 }}>{children}</Box>
    </Paper>
  );
}
