import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { LoginPage } from '../features/auth/components/LoginPage.tsx';
import { RequireAuth } from '../features/auth/components/RequireAuth.tsx';
import { NotFoundPage } from '../components/NotFoundPage.tsx';
import { Layout } from './Layout.tsx';

// The folder browser is its own chunk: the sign-in page loads without it.
const FolderBrowserPage = lazy(() =>
  import('../features/browser/components/FolderBrowserPage.tsx').then((m) => ({ default: m.FolderBrowserPage })),
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
      { path: 'browse/:nodeId', element: <FolderBrowserPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
