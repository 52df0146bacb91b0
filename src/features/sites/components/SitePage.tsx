import Box from '@mui/material/Box';
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
import { useFavoriteSiteGuids } from '../api/list-favorite-sites.ts';
import { roleLabel } from '../model/site-form.ts';
import { MembershipButton, SiteFavoriteButton } from './SiteControls.tsx';
import { SiteMembers } from './SiteMembers.tsx';
import { VisibilityChip } from './SitesPage.tsx';
import { PageShell } from '../../../components/PageShell.tsx';

export type SiteTab = 'library' | 'members';

/** What shows a folder of the site: the folder browser, composed in by the app (features do not import each other). */
export type LibraryView = ComponentType<{ nodeId: string; site: { id: string; title: string } }>;

/**
 * `/sites/:siteId` (its document library), `/sites/:siteId/folder/:nodeId` (a folder in it) and
 * `/sites/:siteId/members`, under the site's header. The folder view's breadcrumb is the one trail,
 * from the site's title.
 * `isAdmin` (from `-me-`'s capabilities, composed in by the app) lets administrators manage members.
 */
export function SitePage({ tab, Library, isAdmin }: { tab: SiteTab; Library: LibraryView; isAdmin?: boolean }) {
  const params = useParams();
  const siteId = params.siteId ?? '';
  const site = useSite(siteId);
  const favorites = useFavoriteSiteGuids();
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
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          {site.data && <SiteFavoriteButton site={site.data} isFavorite={favorites.data?.has(site.data.guid)} />}
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {site.data ? site.data.title : <Skeleton width={200} />}
          </Typography>
          {site.data && <VisibilityChip site={site.data} />}
          {site.data && (
            <Typography variant="body2" color="text.secondary">
              Your role: {roleLabel(site.data.role)}
            </Typography>
          )}
          {site.data && <MembershipButton site={site.data} />}
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
        site.data ? (
          <SiteLibrary site={{ id: siteId, title: site.data.title }} folderId={params.nodeId} Library={Library} />
        ) : (
          <CenteredProgress label="Loading the document library" />
        )
      ) : site.data ? (
        <SiteMembers site={site.data} isAdmin={isAdmin} />
      ) : (
        <CenteredProgress label="Loading members" />
      )}
    </PageShell>
  );
}

interface SiteLibraryProps {
  site: { id: string; title: string };
  /** A folder in the library (`/sites/:siteId/folder/:nodeId`); the library itself without one. */
  folderId: string | undefined;
  Library: LibraryView;
}

function SiteLibrary({ site, folderId, Library }: SiteLibraryProps) {
  const library = useDocumentLibrary(site.id, folderId === undefined);
  if (folderId !== undefined) return <Library nodeId={folderId} site={site} />;
  if (library.isError) {
    return (
      <Box sx={{ p: { xs: 2, md: 3 } }}>
        <QueryError error={library.error} onRetry={() => void library.refetch()} />
      </Box>
    );
  }
  if (!library.data) return <CenteredProgress label="Loading the document library" />;
  return <Library nodeId={library.data.id} site={site} />;
}
