import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { useDocumentLibrary } from '../api/get-document-library.ts';
import { useSite } from '../api/get-site.ts';
import { roleLabel } from '../model/site-form.ts';
import { SiteMembers } from './SiteMembers.tsx';
import { VisibilityChip } from './SitesPage.tsx';
import { PageShell } from '../../../components/PageShell.tsx';

export type SiteTab = 'library' | 'members';

/** What shows a folder: the folder browser, composed in by the app (features do not import each other). */
export type LibraryView = ComponentType<{ nodeId: string }>;

/**
 * `/sites/:siteId` (its document library) and `/sites/:siteId/members`, under the site's header.
 * `isAdmin` (from `-me-`'s capabilities, composed in by the app) lets administrators manage members.
 */
export function SitePage({ tab, Library, isAdmin }: { tab: SiteTab; Library: LibraryView; isAdmin?: boolean }) {
  const siteId = useParams().siteId ?? '';
  const site = useSite(siteId);
  const base = `/sites/${encodeURIComponent(siteId)}`;

  if (site.isError) {
    return (
      <PageShell>
        <QueryError error={site.error} onRetry={() => void site.refetch()} />
      </PageShell>
    );
  }

  return (
    <PageShell>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Breadcrumbs aria-label="Site breadcrumb" sx={{ mb: 0.5 }}>
          <Link component={RouterLink} to="/sites" underline="hover" color="inherit">
            Sites
          </Link>
          <Typography color="text.primary">{siteId}</Typography>
        </Breadcrumbs>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography variant="h5" component="h1">
            {site.data ? site.data.title : <Skeleton width={200} />}
          </Typography>
          {site.data && <VisibilityChip site={site.data} />}
          {site.data && (
            <Typography variant="body2" color="text.secondary">
              Your role: {roleLabel(site.data.role)}
            </Typography>
          )}
        </Stack>
        {site.data?.description && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {site.data.description}
          </Typography>
        )}
        <Tabs value={tab} aria-label="Site sections" sx={{ mt: 1, minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}>
          <Tab value="library" label="Documents" component={RouterLink} to={base} />
          <Tab value="members" label="Members" component={RouterLink} to={`${base}/members`} />
        </Tabs>
      </Box>
      {tab === 'library' ? (
        <SiteLibrary siteId={siteId} Library={Library} />
      ) : site.data ? (
        <SiteMembers site={site.data} isAdmin={isAdmin} />
      ) : (
        <CenteredProgress label="Loading members" />
      )}
    </PageShell>
  );
}

function SiteLibrary({ siteId, Library }: { siteId: string; Library: LibraryView }) {
  const library = useDocumentLibrary(siteId);
  if (library.isError) {
    return (
      <Box sx={{ p: { xs: 2, md: 3 } }}>
        <QueryError error={library.error} onRetry={() => void library.refetch()} />
      </Box>
    );
  }
  if (!library.data) return <CenteredProgress label="Loading the document library" />;
  return <Library nodeId={library.data.id} />;
}
