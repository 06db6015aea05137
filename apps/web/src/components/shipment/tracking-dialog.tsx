import type { TShipmentDetail } from '@colete/contract';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useEffect } from 'react';
import { apiErrorMessage } from '../../lib/api-client';
import { ErrorState } from '../error-state';
import { LoadingState } from '../loading-state';
import { useTracking } from './shipment-tracking';
import { formatDateTime } from '../../lib/format';
import { ShipmentStatusChip } from './shipment-status-chip';

/** A shipment's status, history and tracking dialog: shared by every area that shows shipments (orders, repayments). */

// The status chip has its own module (the shipments list needs it without this dialog).
export { ShipmentStatusChip };

type HistoryEntry = TShipmentDetail['history'][number];

/** The courier's events, newest first, as a vertical line of dots. */
export function TrackingTimeline({ history }: { history: HistoryEntry[] }) {
  if (history.length === 0) return <Typography color="text.secondary">Nu exista inca evenimente de la curier.</Typography>;
  const events = [...history].reverse();
  return (
    <Box component="ol" aria-label="Istoric comanda" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {events.map((e, i) => (
        <Box component="li" key={`${e.dateTime}-${e.status}-${i}`} sx={{ display: 'flex', gap: 1.5 }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 0.75 }} aria-hidden>
            <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: i === 0 ? 'primary.main' : 'grey.400', flexShrink: 0 }} />
            {i < events.length - 1 && <Box sx={{ width: 2, flex: 1, bgcolor: 'grey.300', my: 0.5 }} />}
          </Box>
          <Box sx={{ pb: 2, minWidth: 0 }}>
            <Typography sx={{ fontWeight: i === 0 ? 700 : 500 }}>{e.text}</Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(e.dateTime)}
              {e.location ? ` · ${e.location}` : ''}
            </Typography>
            {e.reason && <Typography variant="body2">Motiv: {e.reason}</Typography>}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * Tracking of one shipment (by its uniqueId): asks the courier each time it opens, then shows the
 * status and the history. `onLoaded` lets the caller refresh what it shows with the new status.
 */
export function TrackingDialog({ uniqueId, onClose, onLoaded }: { uniqueId: string; onClose: () => void; onLoaded?: (shipment: TShipmentDetail) => void }) {
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const tracking = useTracking(uniqueId);
  const shipment = tracking.data?.shipment;
  useEffect(() => {
    if (shipment) onLoaded?.(shipment);
    // Only a new answer is reported.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shipment]);

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth fullScreen={fullScreen} aria-labelledby="tracking-dialog-title">
      <DialogTitle id="tracking-dialog-title">Urmarire comanda</DialogTitle>
      {/* A long history scrolls: the region takes keyboard focus so it can be scrolled without a mouse. */}
      <DialogContent dividers tabIndex={0} role="region" aria-label="Istoricul comenzii">
        {tracking.isPending ? (
          <LoadingState label="Se incarca istoricul comenzii..." />
        ) : tracking.isError ? (
          <ErrorState message={apiErrorMessage(tracking.error)} onRetry={() => void tracking.refetch()} />
        ) : shipment ? (
          <>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
              <ShipmentStatusChip status={shipment.status} />
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(shipment.status.dateTime)}
              </Typography>
            </Box>
            {shipment.status.reason && <Typography variant="body2">Motiv: {shipment.status.reason}</Typography>}
            <Typography sx={{ mt: 1, mb: 2, overflowWrap: 'anywhere' }}>
              {[shipment.courierName, shipment.serviceName].filter(Boolean).join(' · ')}
              {shipment.awb ? ` · AWB ${shipment.awb}` : ''}
            </Typography>
            <TrackingTimeline history={shipment.history} />
          </>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>Inchide</Button>
      </DialogActions>
    </Dialog>
  );
}
