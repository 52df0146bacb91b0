import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { LoginPage } from '../features/auth/components/LoginPage.tsx';
import { RequireAdmin } from '../features/auth/components/RequireAdmin.tsx';
import { RequireAuth } from '../features/auth/components/RequireAuth.tsx';
import { NotFoundPage } from '../components/NotFoundPage.tsx';
import { useIsAdmin } from '../lib/people.ts';
import { Layout } from './Layout.tsx';

// The folder browser is its own chunk: the sign-in page loads without it.
// The upload and lock features ride in the browser's chunk, composed here (features do not import each other).
const UploadingFolderBrowserPage = lazy(() =>
  Promise.all([
    import('../features/browser/components/FolderBrowserPage.tsx'),
    import('../features/upload/components/UploadZone.tsx'),
    import('../features/lock/components/LockActionDialog.tsx'),
  ]).then(([browser, upload, lock]) => ({
    default: () => <browser.FolderBrowserPage UploadZone={upload.UploadZone} LockDialog={lock.LockActionDialog} />,
  })),
);

// The org chart is its own chunk too.
const OrgChartPage = lazy(() =>
  import('../features/orgchart/components/OrgChartPage.tsx').then((m) => ({ default: m.OrgChartPage })),
);

// The node editor is its own chunk, with the lock feature's controls and the browser's actions
// (its rename, copy/move and delete dialogs) in its header.
const NodeEditorPage = lazy(() =>
  Promise.all([
    import('../features/editor/components/NodeEditorPage.tsx'),
    import('../features/lock/components/LockControls.tsx'),
    import('../features/browser/components/NodeActionsBar.tsx'),
  ]).then(([editor, lock, actions]) => ({
    default: () => <editor.NodeEditorPage LockControls={lock.LockControls} Actions={actions.NodeActionsBar} />,
  })),
);

// A site's pages show its document library in the same folder browser (with uploads), composed here.
const SitePage = lazy(() =>
  Promise.all([
    import('../features/sites/components/SitePage.tsx'),
    import('../features/browser/components/FolderBrowserPage.tsx'),
    import('../features/upload/components/UploadZone.tsx'),
    import('../features/lock/components/LockActionDialog.tsx'),
  ]).then(([sites, browser, upload, lock]) => {
    const Library = ({ nodeId, site }: { nodeId: string; site: { id: string; title: string } }) => (
      <browser.FolderBrowserPage
        nodeId={nodeId}
        site={site}
        UploadZone={upload.UploadZone}
        LockDialog={lock.LockActionDialog}
      />
    );
    // Administrators manage any site's members: what `-me-` says is handed to the sites feature.
    function SiteRoute({ tab }: { tab: 'library' | 'members' }) {
      const isAdmin = useIsAdmin();
      return <sites.SitePage tab={tab} Library={Library} isAdmin={isAdmin} />;
    }
    return { default: SiteRoute };
  }),
);

const SitesPage = lazy(() =>
  import('../features/sites/components/SitesPage.tsx').then((m) => ({ default: m.SitesPage })),
);
const FavoritesPage = lazy(() =>
  import('../features/favorites/components/FavoritesPage.tsx').then((m) => ({ default: m.FavoritesPage })),
);
// The Trash page restores into a folder chosen with the browser's folder picker, composed here.
const TrashPage = lazy(() =>
  Promise.all([
    import('../features/trash/components/TrashPage.tsx'),
    import('../features/browser/components/ChooseFolderDialog.tsx'),
  ]).then(([trash, picker]) => ({ default: () => <trash.TrashPage ChooseFolder={picker.ChooseFolderDialog} /> })),
);
const SearchPage = lazy(() =>
  import('../features/search/components/SearchPage.tsx').then((m) => ({ default: m.SearchPage })),
);
const RecentFilesPage = lazy(() =>
  import('../features/search/components/RecentFilesPage.tsx').then((m) => ({ default: m.RecentFilesPage })),
);
const PeoplePage = lazy(() =>
  import('../features/people/components/PeoplePage.tsx').then((m) => ({ default: m.PeoplePage })),
);
const PersonPage = lazy(() =>
  import('../features/people/components/PersonPages.tsx').then((m) => ({ default: m.PersonPage })),
);
const ProfilePage = lazy(() =>
  import('../features/people/components/PersonPages.tsx').then((m) => ({ default: m.ProfilePage })),
);

export const routes = [
  { path: '/login', element: <LoginPage /> },
  {
    element: (
      <RequireAuth>
        <Layout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <Navigate to="/browse/-my-" replace /> },
      { path: 'browse/:nodeId', element: <UploadingFolderBrowserPage /> },
      { path: 'nodes/:nodeId', element: <NodeEditorPage /> },
      { path: 'org-chart/*', element: <OrgChartPage /> },
      { path: 'sites', element: <SitesPage /> },
      { path: 'sites/:siteId', element: <SitePage tab="library" /> },
      { path: 'sites/:siteId/folder/:nodeId', element: <SitePage tab="library" /> },
      { path: 'sites/:siteId/members', element: <SitePage tab="members" /> },
      { path: 'favorites', element: <FavoritesPage /> },
      { path: 'trash', element: <TrashPage /> },
      { path: 'search', element: <SearchPage /> },
      { path: 'recent', element: <RecentFilesPage /> },
      {
        path: 'people',
        element: (
          <RequireAdmin what="People administration">
            <PeoplePage />
          </RequireAdmin>
        ),
      },
      {
        path: 'people/:personId',
        element: (
          <RequireAdmin what="People administration">
            <PersonPage />
          </RequireAdmin>
        ),
      },
      { path: 'profile', element: <ProfilePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
