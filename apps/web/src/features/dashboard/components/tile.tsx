import { dashboardMessages as T } from '@colete/contract';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { Box, Button, Card, CardContent, Link, Skeleton, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/**
 * One dashboard tile: its title, then its own loading skeleton, its own error with a retry, or its
 * content. A tile never waits for another, and one that fails leaves the others as they are.
 */
export function Tile<T>({ title, query, children, testId }: { title: string; query: UseQueryResult<T>; children: (data: T) => ReactNode; testId: string }) {
  const heading = useId();
  return (
    <Card component="section" aria-labelledby={heading} data-testid={testId} sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={heading} variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1.5 }}>
          {title}
        </Typography>
        {query.isPending ? (
          <Box role="status" aria-label={`${title}: se incarca`}>
            <Skeleton height={32} />
            <Skeleton height={32} width="70%" />
          </Box>
        ) : query.isError ? (
          <Box role="alert" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <ErrorOutlineIcon color="error" aria-hidden />
            <Typography sx={{ flex: 1, minWidth: 160 }}>{T.tileError}</Typography>
            <Button size="small" variant="outlined" onClick={() => void query.refetch()}>
              {T.retry}
            </Button>
          </Box>
        ) : (
          children(query.data)
        )}
      </CardContent>
    </Card>
  );
}

/** A figure of a tile: its label, its value, and the link to the page where it is dealt with. */
export function Figure({ label, value, to, strong = false }: { label: string; value: ReactNode; to: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, py: 0.75, borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }}>
      <Link component={RouterLink} to={to} underline="hover" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {label}
      </Link>
      <Typography component="span" sx={{ fontWeight: strong ? 700 : 600, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Box>
  );
}
