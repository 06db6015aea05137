import { messages, type TOffer } from '@colete/contract';
import { Alert, Box, LinearProgress } from '@mui/material';
import { ErrorState } from '../error-state';
import { LoadingState } from '../loading-state';
import { OffersList, type OfferSelection } from './offers-list';

const m = messages.shipments;

/**
 * 'Lista curieri' (spec 002 sections 2.1 and 4.4): the offers for a valid draft, or the notice that
 * the draft is invalid. The choice, its price and the buttons are the summary's (ShipmentSummary).
 */
export function CourierList({
  valid,
  offers,
  loading,
  error,
  stale,
  selection,
  onSelect,
  onRetry,
  locked,
}: {
  valid: boolean;
  offers: TOffer[] | undefined;
  loading: boolean;
  error: string | null;
  stale: boolean;
  selection: OfferSelection | null;
  onSelect: (s: OfferSelection | null) => void;
  onRetry: () => void;
  /** While saving or activating the choice stays as it is. */
  locked: boolean;
}) {
  if (!valid) return <Alert severity="warning">{m.offersInvalid}</Alert>;
  if (error && !offers) return <ErrorState message={error} onRetry={onRetry} />;
  if (loading || !offers) return <LoadingState label="Se cauta ofertele curierilor..." />;
  return (
    <Box>
      <Box sx={{ height: 4, mb: 1 }}>{stale && <LinearProgress aria-label="Se actualizeaza ofertele" />}</Box>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box aria-busy={stale || undefined} sx={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <OffersList offers={offers} selection={selection} onSelect={locked ? () => undefined : onSelect} />
      </Box>
    </Box>
  );
}
