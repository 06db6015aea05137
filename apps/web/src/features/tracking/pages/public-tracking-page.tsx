import { storeActivationMessages as sa, type TPublicTracking, type TShipmentStatus } from '@colete/contract';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import { Box, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { ShipmentStatusChip } from '../../../components/shipment/shipment-status-chip';
import { LoadingState } from '../../../components/loading-state';
import { api, ApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';

function Shell({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: 2, py: 1.5, display: 'flex', alignItems: 'center', gap: 1 }}>
        <LocalShippingOutlinedIcon aria-hidden />
        <Typography component="p" sx={{ fontWeight: 700 }}>
          Colete Online
        </Typography>
      </Box>
      <Container component="main" maxWidth="sm" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
        {children}
      </Container>
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{children}</Typography>
    </Box>
  );
}

/**
 * The public tracking page, /tracking/{awb}, without sign-in (the link the store's customer gets):
 * the courier, the status, the estimated delivery, the destination's city and the history with dates.
 */
export default function PublicTrackingPage() {
  const { awb = '' } = useParams();
  useDocumentTitle(`${sa.trackingTitle} ${awb}`);
  const q = useQuery({ queryKey: ['public-tracking', awb], queryFn: () => api<TPublicTracking>('GET', `tracking/${encodeURIComponent(awb)}`), retry: false });
  if (q.isPending) return <Shell>{<LoadingState label={sa.trackingLoading} />}</Shell>;
  if (q.isError) {
    if (q.error instanceof ApiError && q.error.status === 404)
      return (
        <Shell>
          <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
            <SearchOffOutlinedIcon color="disabled" sx={{ fontSize: 56 }} aria-hidden />
            <Typography variant="h1">{sa.trackingTitle}</Typography>
            <Typography>{sa.trackingNotFound}</Typography>
            <Typography color="text.secondary">AWB: {awb}</Typography>
          </Stack>
        </Shell>
      );
    return (
      <Shell>
        <ErrorState message={q.error instanceof ApiError && q.error.status === 429 ? q.error.message : sa.trackingError} onRetry={() => void q.refetch()} />
      </Shell>
    );
  }
  const t = q.data;
  const events = [...t.events].reverse();
  return (
    <Shell>
      <Stack spacing={2}>
        <Typography variant="h1">{sa.trackingTitle}</Typography>
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={2}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>AWB {t.awb}</Typography>
                <ShipmentStatusChip status={{ text: t.status.text, color: t.status.color as TShipmentStatus['color'] }} />
              </Box>
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
                <Fact label={sa.trackingCourier}>{t.courierName}</Fact>
                <Fact label={sa.trackingDestination}>{t.destinationCity}</Fact>
                <Fact label={sa.trackingEstimated}>{t.estimatedDelivery ? formatDate(t.estimatedDelivery) : '-'}</Fact>
              </Box>
            </Stack>
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h2" gutterBottom>
              {sa.trackingHistory}
            </Typography>
            {events.length === 0 ? (
              <Typography color="text.secondary">{sa.trackingNoEvents}</Typography>
            ) : (
              <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }} aria-label={sa.trackingHistory}>
                {events.map((e, i) => (
                  <Box component="li" key={`${e.at}-${i}`} sx={{ borderLeft: 3, borderColor: i === 0 ? 'primary.main' : 'divider', pl: 1.5 }}>
                    <Typography sx={{ fontWeight: i === 0 ? 700 : 400 }}>{e.text}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {formatDateTime(e.at)}
                      {e.location ? ` · ${e.location}` : ''}
                    </Typography>
                  </Box>
                ))}
              </Box>
            )}
          </CardContent>
        </Card>
      </Stack>
    </Shell>
  );
}
