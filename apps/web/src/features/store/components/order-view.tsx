import { messages, type TShippingTo, type TStoreOrderResponse } from '@colete/contract';
import { Alert, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useActingClientId } from '../../../lib/selected-client';
import { useSnackbar } from '../../../lib/snackbar';
import { storeKeys } from '../api/store-keys';
import { useStoreCheck, useStoreOrder } from '../api/store-order';
import { AccountConfigDialog } from './account-config-dialog';
import { AwaitingOrderCard } from './awaiting-order-card';
import { DeliveryAddressCard } from './delivery-address-card';
import { FulfilledOrderCard } from './fulfilled-order-card';
import { STORE_ORDER_TEXTS } from './order-texts';

/** Spec 002 section 8: the order fetch failed (the retry screen shows too). */
const ORDER_FETCH_FAILED = 'A aparut o eroare. Va rugam reincercati!';

/**
 * The store order's data (spec 002 sections 2.1 and 4.1): the account check first, the order only when
 * it finds nothing (or the user chose 'Arata pentru testare'); then the warning for several
 * warehouses, the recipient while anything awaits, one card per awaiting fulfillment order and the
 * fulfilled parts. `onLeave` closes the dialog (or leaves the page) from the account dialog.
 */
export function OrderView({ clientId, orderId, onLeave }: { clientId: number; orderId: string; onLeave?: () => void }) {
  const acting = useActingClientId();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const check = useStoreCheck(clientId);
  const [testing, setTesting] = useState(false);
  const accountOk = !!check.data && check.data.list.length === 0;
  const order = useStoreOrder(clientId, orderId, accountOk || testing);
  const key = storeKeys.order(acting, clientId, orderId);
  const refetch = () => void queryClient.invalidateQueries({ queryKey: key });

  useEffect(() => {
    if (order.isError) enqueueSnackbar(ORDER_FETCH_FAILED, { variant: 'error' });
  }, [order.isError, order.errorUpdatedAt, enqueueSnackbar]);

  if (check.isPending) return <LoadingState label="Comanda se incarca" />;
  // A failed account check counts as an account error, with no order (spec 002 section 8).
  if (check.isError)
    return <AccountConfigDialog errors={[]} note={STORE_ORDER_TEXTS.checkFailed} allowTesting={false} onShowForTesting={() => undefined} onRetry={() => void check.refetch()} onClose={onLeave} />;
  if (!accountOk && !testing) return <AccountConfigDialog errors={check.data.list} allowTesting={check.data.allowTesting} onShowForTesting={() => setTesting(true)} onClose={onLeave} />;
  if (order.isPending) return <LoadingState label="Comanda se incarca" />;
  if (order.isError) return <ErrorState message={messages.common.loadError} onRetry={() => void order.refetch()} />;

  const detail = order.data.order;
  const awaiting = detail.shippingOrders.awaitingFulfillment;
  const better = detail.shippingLocations.betterLocations.find((b) => b.canFulfillAllOrders);
  // Spec 002 section 4.2: the activated card leaves the awaiting list at once, then the order is read again.
  const activated = (fulfillmentOrderId: string) => {
    queryClient.setQueryData<TStoreOrderResponse>(key, (old) =>
      old ? { ...old, order: { ...old.order, shippingOrders: { ...old.order.shippingOrders, awaitingFulfillment: old.order.shippingOrders.awaitingFulfillment.filter((x) => x.fulfillmentOrderId !== fulfillmentOrderId) } } } : old,
    );
    refetch();
  };
  const setShippingTo = (next: TShippingTo) => queryClient.setQueryData<TStoreOrderResponse>(key, (old) => (old ? { ...old, order: { ...old.order, shippingTo: next } } : old));
  return (
    <Stack spacing={2}>
      {detail.cancelled && <Alert severity="info">{STORE_ORDER_TEXTS.cancelled}</Alert>}
      {detail.shippingLocations.usedLocationIds.length > 1 && (
        <Alert severity="warning">
          {STORE_ORDER_TEXTS.severalWarehouses}
          {better && ` ${STORE_ORDER_TEXTS.betterLocation(better.name)}`}
        </Alert>
      )}
      {awaiting.length > 0 && <DeliveryAddressCard shippingTo={detail.shippingTo} onChange={setShippingTo} />}
      {awaiting.map((fo, i) => (
        <AwaitingOrderCard
          key={fo.fulfillmentOrderId}
          index={i + 1}
          codCarrierIndex={fo.codPart?.carrierFulfillmentOrderId ? awaiting.findIndex((x) => x.fulfillmentOrderId === fo.codPart!.carrierFulfillmentOrderId) + 1 || null : null}
          clientId={clientId}
          orderId={orderId}
          shippingTo={detail.shippingTo}
          fulfillmentOrder={fo}
          onChanged={refetch}
          onActivated={() => activated(fo.fulfillmentOrderId)}
        />
      ))}
      {detail.shippingOrders.fulfilled.map((f, i) => (
        <FulfilledOrderCard key={`${f.name}-${i}`} fulfilled={f} clientId={clientId} orderId={orderId} onChanged={refetch} />
      ))}
    </Stack>
  );
}
