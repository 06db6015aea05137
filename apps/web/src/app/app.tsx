import { SNACKBAR_MS } from '@colete/contract';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { authKeys } from '../features/auth/api/auth-keys';
import { ApiError } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { SelectedClientProvider } from '../lib/selected-client';
import { router } from './router';
import { SNACKBAR_COMPONENTS } from './snackbar-content';
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
        <SnackbarProvider maxSnack={3} autoHideDuration={SNACKBAR_MS} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} Components={SNACKBAR_COMPONENTS}>
          <SelectedClientProvider>
            <RouterProvider router={router} />
          </SelectedClientProvider>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
