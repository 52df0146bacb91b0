import PersonSearch from '@mui/icons-material/PersonSearch';
import Work from '@mui/icons-material/WorkOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { ApiError, describeError } from '../../../lib/errors.ts';
import { useIsAdmin } from '../../../lib/people.ts';
import { useSubunits } from '../api/get-subunits.ts';
import type { OrgUnit } from '../api/types.ts';
import { useUpdateUnit } from '../api/update-unit.ts';
import { memberPath, type OrgLocation, parseOrgPath, unitPath } from '../model/org-path.ts';
import { EmptyChart } from './EmptyChart.tsx';
import { JobsDialog } from './JobsDialog.tsx';
import { MemberCard } from './MemberCard.tsx';
import { OrgTree } from './OrgTree.tsx';
import { PersonPicker } from './PersonPicker.tsx';
import { UnitPanel } from './UnitPanel.tsx';
import { useOrgTree } from './use-org-tree.ts';
import { PageShell } from '../../../components/PageShell.tsx';

/** `/org-chart`, `/org-chart/unit/:unitId`, `/org-chart/member/:username`: the organisation, explored. */
export function OrgChartPage() {
  const location = parseOrgPath(useParams()['*']);
  const root = useSubunits('-root-');
  const isAdmin = useIsAdmin();
  const [jobsOpen, setJobsOpen] = useState(false);

  let body;
  if (!location) body = <Alert severity="warning">This address names no unit or person of the org chart.</Alert>;
  else if (root.isPending) body = <CenteredProgress label="Loading the org chart" />;
  else if (root.isError) {
    body =
      root.error instanceof ApiError && root.error.status === 404 ? (
        <EmptyChart isAdmin={isAdmin} />
      ) : (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void root.refetch()}>
              Retry
            </Button>
          }
        >
          The org chart could not load: {describeError(root.error)}
        </Alert>
      );
  } else body = <OrgChartView root={root.data} location={location} />;

  return (
    <PageShell>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flexGrow: 1 }}>
          Org chart
        </Typography>
        {isAdmin && (
          <Button variant="outlined" size="small" startIcon={<Work />} onClick={() => setJobsOpen(true)}>
            Jobs
          </Button>
        )}
      </Box>
      {body}
      {jobsOpen && <JobsDialog onClose={() => setJobsOpen(false)} />}
    </PageShell>
  );
}

function OrgChartView({ root, location }: { root: OrgUnit; location: OrgLocation }) {
  const navigate = useNavigate();
  const isAdmin = useIsAdmin();
  const move = useUpdateUnit();
  const goToUnit = useCallback((unitId: string) => void navigate(unitPath(unitId)), [navigate]);
  const { state, dispatch, unit, member } = useOrgTree(root, location, goToUnit);
  const marked = useMemo(() => new Set(member.data?.units.map((u) => u.id)), [member.data]);

  const handleMove = (unitId: string, parentId: string) =>
    move.mutate({ unitId, parentId }, { onSuccess: () => goToUnit(unitId) });

  let detail;
  if (location.kind === 'member') {
    if (member.isPending) detail = <CenteredProgress label="Loading the person" />;
    else if (member.isError) detail = <Alert severity="error">{describeError(member.error)}</Alert>;
    else detail = <MemberCard member={member.data} isAdmin={isAdmin} />;
  } else if (location.kind === 'unit') {
    if (unit.isPending) detail = <CenteredProgress label="Loading the unit" />;
    else if (unit.isError) detail = <Alert severity="error">{describeError(unit.error)}</Alert>;
    else detail = <UnitPanel unit={unit.data} isAdmin={isAdmin} onGo={goToUnit} />;
  } else detail = <UnitPanel unit={root} isAdmin={isAdmin} onGo={goToUnit} />;

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(260px, 340px) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }} component="nav" aria-label="Org chart">
        <Box sx={{ display: 'flex', gap: 1, mb: 1.5, alignItems: 'center' }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <PersonPicker label="Find a person" onPick={(person) => void navigate(memberPath(person.id))} />
          </Box>
        </Box>
        <Button
          size="small"
          startIcon={<PersonSearch />}
          onClick={() => void navigate(memberPath('-me-'))}
          sx={{ mb: 1 }}
        >
          My units
        </Button>
        <OrgTree
          root={root}
          state={state}
          dispatch={dispatch}
          marked={location.kind === 'member' ? marked : undefined}
          onMove={isAdmin ? handleMove : undefined}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 }, minWidth: 0 }}>
        {detail}
      </Paper>
      <Snackbar open={move.isError} autoHideDuration={8000} onClose={() => move.reset()}>
        <Alert severity="error" onClose={() => move.reset()} variant="filled">
          The unit could not move: {describeError(move.error)}
        </Alert>
      </Snackbar>
    </Box>
  );
}
