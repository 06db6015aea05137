import type { TOffer } from '@colete/contract';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { CourierLogo } from '../../../components/courier-logo';
import { formatMoney } from '../../../lib/format';
import { InsufficientBalanceAlert } from './insufficient-balance-alert';
import type { OfferSelection } from '../../../components/shipment/offers-list';
import type { ShipmentFormValues } from './shipment-form';
import { toNumber } from './shipment-format';

/** The extra options switched on, as the summary lists them ('Ramburs 150,00 lei'). */
export function chosenOptions(options: ShipmentFormValues['options'], saturdayAllowed: boolean): string[] {
  const amount = (text: string) => (Number.isFinite(toNumber(text)) ? ` ${formatMoney(toNumber(text))}` : '');
  const out: string[] = [];
  if (options.openAtDelivery) out.push('Deschidere la livrare');
  if (options.insurance.active) out.push(`Asigurare${amount(options.insurance.amount)}`);
  if (options.cod.active) out.push(`Ramburs${amount(options.cod.amount)}`);
  if (options.saturdayDelivery && saturdayAllowed) out.push('Livrare sambata');
  return out;
}

/**
 * The order as it stands, under the offers: the chosen courier and service (and point), its price
 * with and without VAT, the extra options, then 'Activeaza comanda' and 'Salveaza pentru activare
 * ulterioara' while a valid offer is chosen, the 'Se activeaza comanda' spinner while activating.
 */
export function ShipmentSummary({
  offer,
  chosen,
  options,
  pending,
  onSubmit,
  saveLabel = 'Salveaza pentru activare ulterioara',
  balanceError,
}: {
  offer: TOffer | null;
  chosen: OfferSelection | null;
  options: string[];
  pending: 'activate' | 'save' | null;
  onSubmit: (activate: boolean) => void;
  /** The save button's text ('Salveaza modificarile' on a saved draft's page). */
  saveLabel?: string;
  balanceError: string | null;
}) {
  const point = offer && chosen?.pointId ? offer.points.find((p) => p.id === chosen.pointId) : undefined;
  return (
    <Box component="section" aria-labelledby="summary-title" data-testid="shipment-summary">
      <Typography variant="h3" id="summary-title" sx={{ mb: 1 }}>
        Rezumat comanda
      </Typography>
      {offer && chosen ? (
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0 }}>
            <CourierLogo name={offer.courierName} logo={offer.courierLogo} size={32} />
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }} data-testid="summary-courier">
                {offer.courierName} · {offer.serviceName}
              </Typography>
              {point && (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  Punct: {point.name}
                </Typography>
              )}
            </Box>
          </Box>
          <Box sx={{ textAlign: 'right', ml: 'auto' }}>
            <Typography sx={{ fontWeight: 700, fontSize: '1.15rem' }} data-testid="summary-price">
              {formatMoney(offer.price)} cu TVA
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatMoney(offer.priceNoVat)} fara TVA
            </Typography>
          </Box>
        </Box>
      ) : (
        <Typography color="text.secondary">Alegeti o oferta din lista curierilor.</Typography>
      )}
      <Typography variant="body2" sx={{ mt: 1 }} data-testid="summary-options">
        Optiuni extra: {options.length ? options.join(', ') : 'niciuna'}
      </Typography>
      <InsufficientBalanceAlert message={balanceError} />
      {pending === 'activate' ? (
        <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>Se activeaza comanda</Typography>
        </Box>
      ) : (
        chosen && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2, justifyContent: 'flex-end', flexWrap: 'wrap' }} useFlexGap>
            <Button variant="outlined" onClick={() => onSubmit(false)} disabled={pending !== null}>
              {pending === 'save' ? 'Se salveaza...' : saveLabel}
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
