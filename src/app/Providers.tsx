import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { session } from '../lib/session.ts';
import { theme } from './theme.ts';

export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // Tabs share the session: when this tab finds someone else signed in (here or in another tab),
  // nothing cached for the last person stays on screen.
  useEffect(() => {
    let lastUser = session.get()?.userId;
    return session.subscribe(() => {
      const user = session.get()?.userId;
      if (user === undefined) return;
      if (lastUser !== undefined && user !== lastUser) client.clear();
      lastUser = user;
    });
  }, [client]);
  return (
    <ThemeProvider theme={theme} defaultMode="system" noSsr>
      <CssBaseline enableColorScheme />
      <GlobalStyles
        styles={{
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': {
              animationDuration: '0.01ms !important',
              animationIterationCount: '1 !important',
              transitionDuration: '0.01ms !important',
              scrollBehavior: 'auto !important',
            },
          },
        }}
      />
      <ErrorBoundary>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </ErrorBoundary>
    </ThemeProvider>
  );
}
