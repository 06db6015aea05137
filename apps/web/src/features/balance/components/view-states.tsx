import { balanceMessages as T } from '@colete/contract';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { ApiError } from '../../../lib/api-client';

type Query = { isPending: boolean; isError: boolean; error: unknown; isPlaceholderData?: boolean; refetch: () => unknown };

/** A balance view's card: loading, a period refused, a failed fetch with retry, or the view (dimmed while the next answer comes). */
export function ViewStates({ query, children }: { query: Query; children: ReactNode }) {
  const rangeError = query.error instanceof ApiError ? query.error.errors?.fromDate : undefined;
  return (
    <Card sx={{ maxWidth: 1200 }}>
      <CardContent sx={{ p: { xs: 1, sm: 2 } }}>
        {query.isPending ? (
          <LoadingState label={T.loading} />
        ) : rangeError ? (
          <Typography role="alert" sx={{ color: 'warning.dark', p: 2 }}>
            {rangeError}
          </Typography>
        ) : query.isError ? (
          <ErrorState message={T.loadError} onRetry={() => void query.refetch()} />
        ) : (
          <Box sx={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={!!query.isPlaceholderData}>
            {children}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** No row in the period (the previous line and the totals still show). */
export function EmptyRows() {
  return (
    <Box sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }} data-testid="balance-empty">
      <AccountBalanceOutlinedIcon sx={{ fontSize: 48, mb: 1 }} aria-hidden />
      <Typography>{T.empty}</Typography>
    </Box>
  );
}
