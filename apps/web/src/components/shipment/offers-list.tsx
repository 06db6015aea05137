import { SERVICE_TYPES, type TOffer } from '@colete/contract';
import { Box, Chip, FormControlLabel, Radio, Typography } from '@mui/material';
import { useId } from 'react';
import { CourierLogo } from '../courier-logo';
import { formatMoney } from '../../lib/format';
import { groupByPrice, km, SERVICE_TYPE_LABELS } from './offer-order';

/**
 * The price beside the offer once the list is wide enough, under it otherwise: the list's own width
 * decides (a phone, or the narrow column beside the form on a wide screen).
 */
const WIDE = '@container (min-width: 560px)';

export type OfferSelection = { serviceId: string; pointId: string | null };

/** A selection counts only when it matches a shown offer without errors (and one of its points, for a locker service). */
export function validSelection(offers: TOffer[] | undefined, selection: OfferSelection | null): OfferSelection | null {
  if (!offers || !selection) return null;
  const offer = offers.find((o) => o.serviceId === selection.serviceId && o.errors.length === 0);
  if (!offer) return null;
  if (offer.type === 'locker') return offer.points.some((p) => p.id === selection.pointId) ? selection : null;
  return { serviceId: offer.serviceId, pointId: null };
}

function Price({ offer }: { offer: TOffer }) {
  return (
    <Box sx={{ flexShrink: 0, [WIDE]: { textAlign: 'right' } }}>
      <Typography sx={{ fontWeight: 700 }}>{formatMoney(offer.price)} cu TVA</Typography>
      <Typography variant="body2" color="text.secondary">
        {formatMoney(offer.priceNoVat)} fara TVA
      </Typography>
    </Box>
  );
}

function OfferInfo({ offer }: { offer: TOffer }) {
  const parts = offer.description.split('#').map((p) => p.trim()).filter(Boolean);
  return (
    <Box sx={{ minWidth: 0, display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <CourierLogo name={offer.courierName} logo={offer.courierLogo} size={36} />
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {offer.courierName} · {offer.serviceName}
          </Typography>
          {offer.discountPercent > 0 && <Chip size="small" color="success" variant="outlined" label={`Reducere ${offer.discountPercent}%`} sx={{ color: 'success.dark' }} />}
        </Box>
        {parts.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {parts.join(' · ')}
          </Typography>
        )}
        {offer.errors.map((e) => (
          <Typography key={e} variant="body2" color="error">
            {e}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

const rowSx = (selected: boolean, disabled: boolean) => ({
  border: 1,
  borderColor: selected ? 'primary.main' : 'divider',
  borderRadius: 2,
  p: 1.5,
  bgcolor: disabled ? 'action.hover' : 'background.paper',
});

type OfferProps = { offer: TOffer; name: string; selection: OfferSelection | null; onSelect: (s: OfferSelection | null) => void };

/** A standard, express or Saturday service: one radio button of the list's single choice. */
function ServiceOffer({ offer, name, selection, onSelect }: OfferProps) {
  const disabled = offer.errors.length > 0;
  const checked = !disabled && selection?.serviceId === offer.serviceId;
  return (
    <Box sx={{ ...rowSx(checked, disabled), display: 'flex', gap: 1, alignItems: 'flex-start', flexDirection: 'column', [WIDE]: { flexDirection: 'row' } }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', flex: 1, minWidth: 0 }}>
        <Radio
          name={name}
          value={offer.serviceId}
          checked={checked}
          disabled={disabled}
          onChange={(e) => e.target.checked && onSelect({ serviceId: offer.serviceId, pointId: null })}
          slotProps={{ input: { 'aria-label': `${offer.courierName} ${offer.serviceName}` } }}
          sx={{ mt: -0.5 }}
        />
        <OfferInfo offer={offer} />
      </Box>
      <Box sx={{ pl: 5, [WIDE]: { pl: 0 } }}>
        <Price offer={offer} />
      </Box>
    </Box>
  );
}

/** A domestic-to-point service: its points near the recipient, one radio button each (name, full address, distance). */
function LockerOffer({ offer, name, selection, onSelect }: OfferProps) {
  const disabled = offer.errors.length > 0;
  const chosen = selection?.serviceId === offer.serviceId;
  return (
    <Box sx={rowSx(chosen && !disabled, disabled)}>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', flexDirection: 'column', [WIDE]: { flexDirection: 'row' }, mb: offer.points.length ? 1 : 0 }}>
        <OfferInfo offer={offer} />
        <Price offer={offer} />
      </Box>
      {!disabled && offer.points.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          Nu exista puncte de ridicare in apropierea destinatarului.
        </Typography>
      )}
      {offer.points.length > 0 && (
        <Box role="group" aria-label={`Puncte ${offer.courierName} ${offer.serviceName}`} sx={{ maxHeight: 320, overflowY: 'auto', display: 'grid', gap: 0.5 }}>
          {offer.points.map((p) => {
            const checked = !disabled && chosen && selection?.pointId === p.id;
            return (
              <FormControlLabel
                key={p.id}
                disabled={disabled}
                sx={{ alignItems: 'flex-start', mx: 0, py: 0.5, borderTop: 1, borderColor: 'divider' }}
                control={
                  <Radio
                    name={name}
                    value={`${offer.serviceId}/${p.id}`}
                    checked={checked}
                    onChange={(e) => e.target.checked && onSelect({ serviceId: offer.serviceId, pointId: p.id })}
                    sx={{ mt: -0.5 }}
                  />
                }
                label={
                  <Box sx={{ minWidth: 0 }}>
                    <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                      {p.name}
                    </Typography>
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                      {p.fullAddress}
                      {km(p.distanceKm) ? ` · aprox. ${km(p.distanceKm)}` : ''}
                    </Typography>
                  </Box>
                }
              />
            );
          })}
        </Box>
      )}
    </Box>
  );
}

/**
 * 'Lista curieri': the offers grouped by type (Standard, Express, Livrare sambata, Livrare la punct),
 * cheapest first in each group. One choice in the whole list (a service, or a point of a locker
 * service): one radio group, whose arrow keys move from one offer to the next.
 */
export function OffersList({ offers, selection, onSelect }: { offers: TOffer[]; selection: OfferSelection | null; onSelect: (s: OfferSelection | null) => void }) {
  const name = `offer-${useId()}`;
  if (offers.length === 0) return <Typography color="text.secondary">Niciun curier nu poate prelua aceasta comanda.</Typography>;
  return (
    <Box role="radiogroup" aria-label="Oferte curieri" sx={{ display: 'grid', gap: 3, containerType: 'inline-size' }}>
      {SERVICE_TYPES.map((type) => {
        const group = groupByPrice(offers, type);
        if (group.length === 0) return null;
        return (
          <Box component="section" key={type} aria-labelledby={`offers-${type}`}>
            <Typography variant="h3" id={`offers-${type}`} sx={{ mb: 1 }}>
              {SERVICE_TYPE_LABELS[type]}
            </Typography>
            <Box sx={{ display: 'grid', gap: 1 }}>
              {group.map((o) =>
                type === 'locker' ? (
                  <LockerOffer key={o.serviceId} offer={o} name={name} selection={selection} onSelect={onSelect} />
                ) : (
                  <ServiceOffer key={o.serviceId} offer={o} name={name} selection={selection} onSelect={onSelect} />
                ),
              )}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
