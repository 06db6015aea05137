import { STORE_LIST_MESSAGES, holdText, initialPacking, pickPartyAddress, type StorePacking, type TAddressEntry, type TAwaitingFulfillmentOrder, type TShippingTo, type TStoreSender } from '@colete/contract';
import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { CodPartNotice } from './cod-part-notice';
import { CourierSection } from './courier-section';
import { MoveMenu } from './move-menu';
import { PackageEditor } from './package-editor';
import { PackingSaveCheckbox } from './packing-save-checkbox';
import { localSenderKey, SenderSection, type LocalSender } from './sender-section';

/** An address-book entry chosen for this order only, as the offers and activation send the sender. */
function senderOfEntry(entry: TAddressEntry, locationId: string): TStoreSender {
  return {
    locationId,
    addressId: entry.id,
    mutationId: null,
    validationStrategy: 'DEFAULT_ADDRESS',
    contact: { name: entry.contactName, phone: entry.contactPhone, email: entry.contactEmail, phone2: entry.contactPhone2 },
    address: pickPartyAddress({ ...entry, addressCountryCode: entry.addressCountry.code }),
    fullAddress: entry.fullAddress,
  };
}

/**
 * One awaiting fulfillment order, 'Comanda #n' (spec 002 section 2.1). The card holds what the offers
 * and the activation send: the sender (the order's, or one chosen for this order only), the packing
 * (the package editor's), and, in its courier section, the extra options and the chosen offer.
 */
export function AwaitingOrderCard({
  index,
  codCarrierIndex = null,
  clientId,
  orderId,
  shippingTo,
  fulfillmentOrder,
  onChanged,
  onActivated,
}: {
  index: number;
  /** The card number ('Comanda #k') of the part carrying the order's cash on delivery, when it still awaits. */
  codCarrierIndex?: number | null;
  clientId: number;
  orderId: string;
  shippingTo: TShippingTo;
  fulfillmentOrder: TAwaitingFulfillmentOrder;
  onChanged: () => void;
  onActivated: () => void;
}) {
  const [packing, setPacking] = useState<StorePacking>(() => initialPacking(fulfillmentOrder, fulfillmentOrder.savedPacking?.packing));
  const [local, setLocal] = useState<LocalSender>(null);
  const key = localSenderKey(fulfillmentOrder);
  const internal = fulfillmentOrder.fromLocation.internalAddress;
  const sender = local?.key === key ? senderOfEntry(local.entry, internal?.locationId ?? fulfillmentOrder.fromLocation.shopifyAddress.location.id) : internal;
  return (
    <Card variant="outlined" data-testid="awaiting-order" component="article" aria-label={`Comanda #${index}`}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="h2" component="h2" sx={{ flex: 1 }}>
            Comanda #{index}
          </Typography>
          <MoveMenu clientId={clientId} orderId={orderId} fulfillmentOrder={fulfillmentOrder} onMoved={onChanged} />
        </Box>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {fulfillmentOrder.fulfillmentHolds.map((h, i) => (
            <Alert key={i} severity="warning" data-testid="order-hold">
              {`${STORE_LIST_MESSAGES.needsFix}. ${holdText(h)}`}
            </Alert>
          ))}
          <CodPartNotice clientId={clientId} orderId={orderId} fulfillmentOrder={fulfillmentOrder} carrierIndex={codCarrierIndex} onChanged={onChanged} />
          <Box component="section">
            <Typography variant="h3" component="h3" gutterBottom>
              Adrese de expeditie
            </Typography>
            <SenderSection clientId={clientId} fulfillmentOrder={fulfillmentOrder} onChanged={onChanged} local={local} onLocalChange={setLocal} />
          </Box>
          <Box component="section">
            <Typography variant="h3" component="h3" gutterBottom>
              Pachete comanda
            </Typography>
            <PackageEditor lines={fulfillmentOrder.lineItems} products={fulfillmentOrder.products} clientId={clientId} onProductsChanged={onChanged} value={packing} onChange={setPacking} />
            <PackingSaveCheckbox clientId={clientId} orderId={orderId} fulfillmentOrder={fulfillmentOrder} value={packing} />
          </Box>
          <CourierSection clientId={clientId} orderId={orderId} shippingTo={shippingTo} fulfillmentOrder={fulfillmentOrder} sender={sender} packing={packing} onActivated={onActivated} />
        </Stack>
      </CardContent>
    </Card>
  );
}
