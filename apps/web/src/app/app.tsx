import { CssBaseline } from '@mui/material';
// MUI's own ThemeProvider would bring its CSS-variables provider, which this theme does not use.
import { ThemeProvider } from '@mui/system';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { authKeys } from '../features/auth/api/auth-keys';
import { ApiError } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { SelectedClientProvider } from '../lib/selected-client';
import { AppErrorBoundary } from './error-boundary';
import { AppRoutes } from './router';
import { SnackbarHost } from './snackbar-host';
import { theme } from './theme';

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // A session that ended while the page was open: forget the user, the guard sends them to /login.
    client.getQueryCache().config.onError = (error, query) => {
      if (error instanceof ApiError && error.status === 401 && query.queryKey[0] !== authKeys.all[0]) {
        client.setQueryData(authKeys.me(), null);
      }
    };
    return client;
  });
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SnackbarHost>
          <SelectedClientProvider>
            <BrowserRouter>
              <AppErrorBoundary>
                <AppRoutes />
              </AppErrorBoundary>
            </BrowserRouter>
          </SelectedClientProvider>
        </SnackbarHost>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
