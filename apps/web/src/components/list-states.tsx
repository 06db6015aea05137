import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { ErrorState } from './error-state';
import { LoadingState } from './loading-state';

/** What a list's query tells its states (TanStack Query's result has all of it). */
export type ListQuery = { isPending: boolean; isError: boolean; error: unknown; isPlaceholderData?: boolean; refetch: () => unknown };

/** The server's refusal of a period (a start after the end), from the field it names. */
export const fieldErrorOf = (error: unknown, field: string): string | undefined => (error instanceof ApiError ? error.errors?.[field] : undefined);

/** A list without rows: its icon and text. */
export function EmptyState({ icon, text, testId, compact = false }: { icon: ReactNode; text: string; testId?: string; compact?: boolean }) {
  return (
    <Box sx={{ textAlign: 'center', py: compact ? 4 : 6, color: 'text.secondary', '& > svg': { fontSize: compact ? 48 : 56, mb: 1 } }} data-testid={testId}>
      {icon}
      <Typography>{text}</Typography>
    </Box>
  );
}

/**
 * A list's card and its states, the same on every list: loading, a period the server refused (its
 * field's message), a failed fetch with retry, no rows, or the rows (dimmed while the next page
 * comes, the previous one kept on screen).
 */
export function ListStates({
  query,
  loadingLabel,
  errorMessage,
  rangeField,
  empty,
  maxWidth,
  children,
}: {
  query: ListQuery;
  loadingLabel: string;
  errorMessage: string;
  /** The period's field whose refusal replaces the list ('from', 'fromDate'). */
  rangeField?: string;
  /** Shown instead of the rows when `when` holds. */
  empty?: { when: boolean; icon: ReactNode; text: string };
  maxWidth?: number;
  children: ReactNode;
}) {
  const rangeError = rangeField ? fieldErrorOf(query.error, rangeField) : undefined;
  return (
    <Card sx={{ maxWidth }}>
      <CardContent sx={{ p: { xs: 1, sm: 2 } }}>
        {query.isPending ? (
          <LoadingState label={loadingLabel} />
        ) : rangeError ? (
          <Typography role="alert" sx={{ color: 'warning.dark', p: 2 }}>
            {rangeError}
          </Typography>
        ) : query.isError ? (
          <ErrorState message={errorMessage} onRetry={() => void query.refetch()} />
        ) : empty?.when ? (
          <EmptyState icon={empty.icon} text={empty.text} />
        ) : (
          <Box sx={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={!!query.isPlaceholderData}>
            {children}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
