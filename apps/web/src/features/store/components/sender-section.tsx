import { STORE_ADDRESS_MESSAGE_MS, STORE_MUTATION_MESSAGES as M, addressText, type TAddressEntry, type TAwaitingFulfillmentOrder } from '@colete/contract';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { entryAddressLine } from '../../../components/address-form/address-text';
import { useSnackbar } from '../../../lib/snackbar';
import { useDeleteAssociation, useSaveAssociation } from '../api/store-mutations';
import { SenderPickerDialog, type SenderChoice } from './sender-picker-dialog';

type Internal = NonNullable<TAwaitingFulfillmentOrder['fromLocation']['internalAddress']>;

/** Where the pick-up address comes from (our texts). */
const SOURCE: Record<Internal['validationStrategy'] | 'LOCAL', string> = {
  ASSOCIATION: 'Asociere salvata pentru aceasta locatie',
  DEFAULT_ADDRESS: 'Adresa implicita din agenda',
  LOCATION: 'Adresa locatiei din magazin',
  LOCAL: 'Aleasa doar pentru aceasta comanda',
};

/** The sender as the card shows it: the order's own, or the entry chosen for this order only (the whole line, locality included). */
function senderView(internal: Internal | null, local: TAddressEntry | null) {
  if (local) return { name: local.contactName, company: local.contactCompany, phone: local.contactPhone, address: entryAddressLine(local), source: SOURCE.LOCAL };
  if (!internal) return null;
  return { name: internal.contact.name, company: internal.address.contactCompany, phone: internal.contact.phone, address: addressText(internal.address, 'withLocality'), source: SOURCE[internal.validationStrategy] };
}

/**
 * 'Adrese de expeditie' (spec 002 section 2.1, 4.3): the shop location and the platform's pick-up
 * address, changed through 'Alege o adresa'. A choice without saving patches this card only and is
 * kept in the card's state (lifted: the offers and activation send it; the order view keeps it until
 * it is left; a refetch does not undo it); a saved association (or its removal) calls onChanged so the page refetches the order.
 */
/** The entry chosen for this order only, with the fulfillment order and location it belongs to (the card keeps it). */
export type LocalSender = { key: string; entry: TAddressEntry } | null;
/** The local choice's key: a move to another location drops it. */
export const localSenderKey = (fo: TAwaitingFulfillmentOrder) => `${fo.fulfillmentOrderId}|${fo.fromLocation.internalAddress?.locationId ?? fo.fromLocation.shopifyAddress.location.id}`;

export function SenderSection({
  clientId,
  fulfillmentOrder,
  onChanged,
  local,
  onLocalChange: setLocal,
}: {
  clientId: number;
  fulfillmentOrder: TAwaitingFulfillmentOrder;
  onChanged: () => void;
  local: LocalSender;
  onLocalChange: (next: LocalSender) => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const from = fulfillmentOrder.fromLocation;
  const internal = from.internalAddress;
  const locationId = internal?.locationId ?? from.shopifyAddress.location.id;
  // The local choice belongs to this fulfillment order at this location (a move to another location drops it).
  const key = localSenderKey(fulfillmentOrder);
  const localEntry = local?.key === key ? local.entry : null;
  const [open, setOpen] = useState(false);
  const save = useSaveAssociation(clientId);
  const remove = useDeleteAssociation();
  const view = senderView(internal, localEntry);
  const mutationId = internal?.mutationId ?? null;
  const tell = (message: string, variant: 'success' | 'error') => enqueueSnackbar(message, { variant, autoHideDuration: STORE_ADDRESS_MESSAGE_MS });

  const choose = ({ entry, save: keep }: SenderChoice) => {
    if (!keep) {
      setLocal({ key, entry });
      setOpen(false);
      tell(M.addressUpdated, 'success');
      return;
    }
    save.mutate(
      { shopifyLocationId: locationId, internalAddressId: entry.id },
      {
        onSuccess: (res) => {
          setLocal(null);
          setOpen(false);
          tell(res.message, 'success');
          onChanged();
        },
        onError: () => tell(M.addressSaveError, 'error'),
      },
    );
  };

  const deleteAssociation = () => {
    if (mutationId === null) return;
    remove.mutate(mutationId, {
      onSuccess: (res) => {
        setLocal(null);
        setOpen(false);
        tell(res.message ?? M.associationDeleted, 'success');
        onChanged();
      },
      onError: () => tell(M.genericError, 'error'),
    });
  };

  const invalid = !localEntry && (!internal || from.errors.length > 0);
  return (
    // The card gives the heading 'Adrese de expeditie'.
    <Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Box sx={{ minWidth: 0 }} data-testid="store-location">
          <Typography variant="overline" color="text.secondary">
            Locatie magazin
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>{from.shopifyAddress.name}</Typography>
          {from.shopifyAddress.location.address.formatted.map((line, i) => (
            <Typography key={i} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {line}
            </Typography>
          ))}
        </Box>
        <Box sx={{ minWidth: 0 }} data-testid="pickup-address">
          <Typography variant="overline" color="text.secondary">
            Adresa de ridicare
          </Typography>
          {view ? (
            <>
              <Typography sx={{ fontWeight: 600 }}>
                {view.name}
                {view.company ? ` · ${view.company}` : ''}
              </Typography>
              <Typography variant="body2">{view.phone}</Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {view.address}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                {view.source}
              </Typography>
            </>
          ) : null}
          {invalid ? (
            <Alert severity="warning" sx={{ my: 1 }}>
              Adresa de expeditie nu este valida. Alegeti o adresa din agenda.
            </Alert>
          ) : null}
          <Button variant="outlined" size="small" onClick={() => setOpen(true)} sx={{ mt: 1 }}>
            Schimba adresa
          </Button>
        </Box>
      </Box>
      {open ? (
        <SenderPickerDialog
          currentAddressId={localEntry?.id ?? internal?.addressId ?? null}
          associated={mutationId !== null}
          busy={save.isPending || remove.isPending}
          onChoose={choose}
          onDeleteAssociation={deleteAssociation}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </Box>
  );
}
