import { messages, type TOffer } from '@colete/contract';
import { Alert, Box, Button, CircularProgress, LinearProgress, Stack, Typography } from '@mui/material';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { OffersList, type OfferSelection } from './offers-list';
import { InsufficientBalanceAlert } from './insufficient-balance-alert';

const m = messages.shipments;

/**
 * 'Lista curieri' (spec 002 sections 2.1 and 4.4): the offers for a valid draft, or the notice that
 * the draft is invalid; 'Activeaza comanda' and 'Salveaza pentru activare ulterioara' only while a
 * valid service is selected; the 'Se activeaza comanda' spinner while activating.
 */
export function CourierList({
  valid,
  offers,
  loading,
  error,
  stale,
  selection,
  chosen,
  onSelect,
  onRetry,
  pending,
  onSubmit,
  balanceError,
}: {
  valid: boolean;
  offers: TOffer[] | undefined;
  loading: boolean;
  error: string | null;
  stale: boolean;
  selection: OfferSelection | null;
  chosen: OfferSelection | null;
  onSelect: (s: OfferSelection | null) => void;
  onRetry: () => void;
  pending: 'activate' | 'save' | null;
  onSubmit: (activate: boolean) => void;
  balanceError: string | null;
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
      <Box sx={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <OffersList offers={offers} selection={selection} onSelect={pending ? () => undefined : onSelect} />
      </Box>
      <InsufficientBalanceAlert message={balanceError} />
      {pending === 'activate' ? (
        <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 3 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>Se activeaza comanda</Typography>
        </Box>
      ) : (
        chosen &&
        !stale && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3, justifyContent: 'flex-end' }}>
            <Button variant="outlined" onClick={() => onSubmit(false)} disabled={pending !== null}>
              {pending === 'save' ? 'Se salveaza...' : 'Salveaza pentru activare ulterioara'}
            </Button>
            <Button variant="contained" onClick={() => onSubmit(true)} disabled={pending !== null}>
              Activeaza comanda
            </Button>
          </Stack>
        )
      )}
    </Box>
  );
}
