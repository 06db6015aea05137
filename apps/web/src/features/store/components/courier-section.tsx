import {
  choiceOfActivationId,
  formatBaniInput,
  mergeLines,
  messages,
  packingIssues,
  specPackingOf,
  storeActivationId,
  type StorePacking,
  type TAwaitingFulfillmentOrder,
  type TShippingTo,
  type TStoreExtraOptions,
  type TStoreOffersRequest,
  type TStoreSender,
} from '@colete/contract';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CourierList } from '../../../components/shipment/courier-list';
import { ExtraOptions, type ExtraOptionsValues } from '../../../components/shipment/extra-options';
import { validSelection, type OfferSelection } from '../../../components/shipment/offers-list';
import { ApiError } from '../../../lib/api-client';
import { isFridayInBucharest } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useActivateStoreOrder, useSaveStoreOrder, useStoreServices } from '../api/store-activation';
import { useOffersRequest } from './use-offers-request';

const sa = messages.storeActivation;
/** Spec 002 sections 5 and 9: option changes wait 300 ms before the offers follow. */
const OPTIONS_DEBOUNCE_MS = 300;

/** A part's amount as its field is prefilled: '328,00' (none when 0). */
const lei = (bani: number) => (bani ? formatBaniInput(bani) : '');
const bani = (text: string) => Math.round(Number(text.trim().replace(',', '.')) * 100);
const amountValid = (active: boolean, text: string) => !active || (text.trim() !== '' && Number.isFinite(bani(text)) && bani(text) >= 0);

function formOf(o: TStoreExtraOptions, saturdayAllowed: boolean): ExtraOptionsValues {
  return {
    options: {
      cod: { active: o.repayment.account.active, amount: lei(o.repayment.account.amount) },
      insurance: { active: o.insurance.active, amount: lei(o.insurance.amount) },
      openAtDelivery: o.openAtDelivery.active,
      saturdayDelivery: saturdayAllowed && o.saturdayDelivery.active,
    },
  };
}
function extraOf(v: ExtraOptionsValues['options']): TStoreExtraOptions {
  return {
    insurance: { active: v.insurance.active, amount: v.insurance.active ? bani(v.insurance.amount) : 0 },
    repayment: { account: { active: v.cod.active, amount: v.cod.active ? bani(v.cod.amount) : 0 } },
    openAtDelivery: { active: v.openAtDelivery },
    saturdayDelivery: { active: v.saturdayDelivery },
  };
}

/**
 * 'Optiuni extra' and 'Lista curieri' of an awaiting card (spec 002 sections 2.1, 4.4, 5): the
 * options (Saturday delivery only on Fridays in Bucharest), the offers for the card's data once
 * asked, the countdown after a change, and 'Activeaza comanda' / 'Salveaza pentru activare
 * ulterioara' while a shown offer is chosen. The sender and packing are the card's.
 */
export function CourierSection({
  clientId,
  orderId,
  shippingTo,
  fulfillmentOrder: fo,
  sender,
  packing,
  onActivated,
}: {
  clientId: number;
  orderId: string;
  shippingTo: TShippingTo;
  fulfillmentOrder: TAwaitingFulfillmentOrder;
  sender: TStoreSender | null;
  packing: StorePacking;
  onActivated: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const [saturdayAllowed] = useState(() => isFridayInBucharest());
  const form = useForm<ExtraOptionsValues>({ defaultValues: formOf(fo.extraOptions, saturdayAllowed), mode: 'onChange' });
  // The part's cash on delivery follows the order page's rule (issue 24): a pick elsewhere changes it.
  const cod = fo.extraOptions.repayment.account;
  const codKey = `${cod.active}:${cod.amount}`;
  const seenCod = useRef(codKey);
  useEffect(() => {
    if (seenCod.current === codKey) return;
    seenCod.current = codKey;
    form.setValue('options.cod', { active: cod.active, amount: lei(cod.amount) }, { shouldValidate: true });
  }, [codKey, cod.active, cod.amount, form]);
  const options = useDebouncedValue(useWatch({ control: form.control, name: 'options' }), OPTIONS_DEBOUNCE_MS);
  const [selection, setSelection] = useState<OfferSelection | null>(() => (fo.activationId ? choiceOfActivationId(fo.activationId) : null));
  const activate = useActivateStoreOrder(clientId);
  const save = useSaveStoreOrder(clientId);
  const busy = activate.isPending || save.isPending;

  const issues = packingIssues(packing);
  const optionsValid = amountValid(options.insurance.active, options.insurance.amount) && amountValid(options.cod.active, options.cod.amount);
  // Spec 002 section 4.4: the recipient's errors, a sender with errors and no address id, an invalid packing.
  const valid = shippingTo.errors.length === 0 && !!sender && (fo.fromLocation.errors.length === 0 || !!sender.addressId) && issues.length === 0 && optionsValid;
  const body: TStoreOffersRequest | null = useMemo(
    () =>
      valid && sender
        ? { shopifyOrderId: orderId, shopifyFulfillmentOrderId: fo.fulfillmentOrderId, sender, recipient: shippingTo.internalAddress, packing: specPackingOf(packing, fo, true), extraOptions: extraOf(options), mutations: fo.mutations }
        : null,
    [valid, sender, orderId, fo, shippingTo.internalAddress, packing, options],
  );
  const bodyKey = body ? JSON.stringify(body) : null;
  const request = useOffersRequest(bodyKey, !!fo.activationId);
  const services = useStoreServices(clientId, valid ? request.asked : null);
  const offers = services.data?.offers;
  const chosen = request.left === null && request.asked === bodyKey ? validSelection(offers, selection) : null;

  const errorFor = (path: 'options.insurance.amount' | 'options.cod.amount') => {
    const o = form.getValues('options');
    const ok = path === 'options.cod.amount' ? amountValid(o.cod.active, o.cod.amount) : amountValid(o.insurance.active, o.insurance.amount);
    return ok ? undefined : messages.shipments.amountInvalid;
  };

  const doActivate = () => {
    if (!body || !chosen) return;
    const fulfilledLineItems = mergeLines(packing.packages.flatMap((k) => k.lines)).map((l) => ({ fulfillmentLineItemId: l.lineItemId, quantity: l.quantity }));
    activate.mutate(
      { ...body, activationId: storeActivationId(chosen.serviceId, chosen.pointId), fulfilledLineItems },
      {
        onSuccess: (res) => {
          enqueueSnackbar(res.storeUpdated ? sa.activated : sa.storePending, { variant: res.storeUpdated ? 'success' : 'warning' });
          onActivated();
        },
        // A refusal the server explains (on hold, cash on delivery on another part) is shown as it says.
        onError: (err) => enqueueSnackbar(err instanceof ApiError && err.status === 409 ? err.message : sa.activationFailed, { variant: 'error', autoHideDuration: 15_000 }),
      },
    );
  };
  const doSave = () => {
    if (!body) return;
    save.mutate(
      { ...body, activationId: chosen ? storeActivationId(chosen.serviceId, chosen.pointId) : null },
      {
        onSuccess: (res) => enqueueSnackbar(res.message, { variant: 'success', autoHideDuration: 7_000 }),
        onError: () => enqueueSnackbar(messages.common.genericError, { variant: 'error' }),
      },
    );
  };

  return (
    <Stack spacing={2}>
      <Box component="section">
        <Typography variant="h3" component="h3" gutterBottom>
          Optiuni extra
        </Typography>
        <ExtraOptions form={form} errorFor={errorFor} saturdayAllowed={saturdayAllowed} disabled={busy} />
      </Box>
      <Box component="section" aria-label="Lista curieri">
        <Typography variant="h3" component="h3" gutterBottom>
          Lista curieri
        </Typography>
        {!valid ? (
          <Alert severity="warning">{sa.offersInvalid}</Alert>
        ) : request.asked === null ? (
          <Button variant="outlined" onClick={request.show}>
            {sa.showOffers}
          </Button>
        ) : (
          <Stack spacing={1.5}>
            {request.left !== null && (
              <Alert severity="info" role="status">
                {sa.countdown(request.left)}
              </Alert>
            )}
            <CourierList
              valid
              offers={offers}
              loading={services.isPending}
              error={services.isError ? sa.servicesFailed : null}
              stale={services.isFetching || request.left !== null}
              selection={selection}
              onSelect={setSelection}
              onRetry={() => void services.refetch()}
              locked={busy}
            />
          </Stack>
        )}
      </Box>
      {activate.isPending && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }} role="status">
          <CircularProgress size={20} />
          <Typography>{sa.activating}</Typography>
        </Box>
      )}
      {chosen && valid && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Button variant="outlined" onClick={doSave} disabled={busy}>
            {sa.saveForLater}
          </Button>
          <Button variant="contained" onClick={doActivate} disabled={busy}>
            {sa.activate}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
