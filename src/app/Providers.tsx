import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { theme } from './theme.ts';

export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ThemeProvider theme={theme} defaultMode="system" noSsr>
      <CssBaseline enableColorScheme />
      <ErrorBoundary>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </ErrorBoundary>
    </ThemeProvider>
  );
}
