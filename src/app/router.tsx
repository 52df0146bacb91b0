import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { LoginPage } from '../features/auth/components/LoginPage.tsx';
import { RequireAuth } from '../features/auth/components/RequireAuth.tsx';
import { NotFoundPage } from '../components/NotFoundPage.tsx';
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

// The node editor is its own chunk, with the lock feature's controls in its header.
const NodeEditorPage = lazy(() =>
  Promise.all([
    import('../features/editor/components/NodeEditorPage.tsx'),
    import('../features/lock/components/LockControls.tsx'),
  ]).then(([editor, lock]) => ({
    default: () => <editor.NodeEditorPage LockControls={lock.LockControls} />,
  })),
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
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
