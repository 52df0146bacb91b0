import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { LoginPage } from '../features/auth/components/LoginPage.tsx';
import { RequireAuth } from '../features/auth/components/RequireAuth.tsx';
import { NotFoundPage } from '../components/NotFoundPage.tsx';
import { Layout } from './Layout.tsx';

// The folder browser is its own chunk: the sign-in page loads without it.
// The upload feature rides in the browser's chunk, composed here (features do not import each other).
const UploadingFolderBrowserPage = lazy(() =>
  Promise.all([
    import('../features/browser/components/FolderBrowserPage.tsx'),
    import('../features/upload/components/UploadZone.tsx'),
  ]).then(([browser, upload]) => ({
    default: () => <browser.FolderBrowserPage UploadZone={upload.UploadZone} />,
  })),
);

// The node editor is its own chunk; its LockControls slot is filled when the lock feature lands.
const NodeEditorPage = lazy(() =>
  import('../features/editor/components/NodeEditorPage.tsx').then((m) => ({ default: () => <m.NodeEditorPage /> })),
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
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
