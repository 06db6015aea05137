import { ADDRESS_TYPE_LOCKED, messages, OFFERS_DEBOUNCE_MS, type TShipmentDraft, type TShipmentDraftFormResponse, type TShipmentResponse } from '@colete/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, Card, TextField, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ApiError, apiErrorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAddressBook } from '../../../components/address-book/use-address-book';
import { useCreateShipment } from '../api/create-shipment';
import { useUpdateDraft } from '../api/draft-actions';
import { useDraftForm } from '../api/get-draft-form';
import { useActivateShipment } from '../api/shipment-actions';
import { savedPartyValues, savedShipmentValues } from '../components/draft-form-values';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useOffers } from '../api/get-offers';
import { CourierList } from '../../../components/shipment/courier-list';
import { ExtraOptions } from '../../../components/shipment/extra-options';
import { validSelection, type OfferSelection } from '../../../components/shipment/offers-list';
import { PackagesEditor } from '../components/packages-editor';
import { EMPTY_PARTY, PARTY_FIELDS, partyFormSchema, toParty, type PartyForm, type PartySource, type PartyValues } from '../components/party-form';
import { PartySection } from '../components/party-section';
import { SectionCard } from '../components/section-card';
import { chosenOptions, ShipmentSummary } from '../components/shipment-summary';
import { isFridayInBucharest } from '../../../lib/format';
import { draftErrors, EMPTY_SHIPMENT, toDraft, type ShipmentErrorFor, type ShipmentFormValues } from '../components/shipment-form';
import type { z } from 'zod';
import { formResolver } from '../../../lib/form-resolver';

const m = messages.shipments;

function usePartyForm(defaultValues: PartyValues = EMPTY_PARTY): PartyForm {
  return useForm<PartyValues, unknown, z.output<typeof partyFormSchema>>({ resolver: formResolver<PartyValues>()(partyFormSchema), defaultValues, mode: 'onTouched' });
}

/** A party is ready when it is a chosen address-book entry, or a typed address the contract (and the save name) accept. */
const partyReady = (source: PartySource, values: PartyValues) =>
  source.mode === 'book' ? !!source.entry : partyFormSchema.safeParse(values).success;

/**
 * /profile/orders/new: sender, recipient, packages, options, then the couriers' offers and activation.
 * /profile/orders/edit/{uniqueId}: the same page on a saved draft, every saved value filled in; saving
 * changes that draft (and activating activates it) instead of making a new one.
 */
export default function NewShipmentPage({ initialRecipient }: { /** A new shipment's recipient filled in (a customer of the book, issue 27). */ initialRecipient?: Partial<PartyValues> } = {}) {
  const { uniqueId } = useParams();
  return uniqueId ? <SavedDraftPage uniqueId={uniqueId} /> : <ShipmentPage saved={null} initialRecipient={initialRecipient} />;
}

function SavedDraftPage({ uniqueId }: { uniqueId: string }) {
  const form = useDraftForm(uniqueId);
  if (form.isPending) return <LoadingState />;
  if (form.isError) return <ErrorState message={apiErrorMessage(form.error)} onRetry={() => void form.refetch()} />;
  return <ShipmentPage key={uniqueId} saved={form.data} />;
}

function ShipmentPage({ saved, initialRecipient }: { saved: TShipmentDraftFormResponse | null; initialRecipient?: Partial<PartyValues> }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  // One key per page: a double click, a retried request or a second press never makes two shipments.
  const [requestKey] = useState(() => crypto.randomUUID().replace(/-/g, ''));
  const [saturdayAllowed] = useState(() => isFridayInBucharest());

  const senderForm = usePartyForm(saved ? savedPartyValues(saved.draft.sender) : undefined);
  const recipientForm = usePartyForm(saved ? savedPartyValues(saved.draft.recipient) : initialRecipient ? { ...EMPTY_PARTY, ...initialRecipient } : undefined);
  const form = useForm<ShipmentFormValues>({ defaultValues: saved ? savedShipmentValues(saved.draft) : EMPTY_SHIPMENT });

  // The sender starts as the client's pick-up point address, else the first address-book entry
  // (a new address when the book is empty).
  const book = useAddressBook('');
  // A saved draft's parties are shown as typed (as saved), to be corrected in place.
  const [senderChoice, setSenderChoice] = useState<PartySource | null>(saved ? { mode: 'new' } : null);
  const entries = book.data?.addresses ?? [];
  const firstEntry = entries.find((e) => e.type === ADDRESS_TYPE_LOCKED) ?? entries[0] ?? null;
  const sender: PartySource = senderChoice ?? (book.isSuccess && !firstEntry ? { mode: 'new' } : { mode: 'book', entry: firstEntry });
  const [recipient, setRecipient] = useState<PartySource>({ mode: 'new' });

  const senderValues = useWatch({ control: senderForm.control }) as PartyValues;
  const recipientValues = useWatch({ control: recipientForm.control }) as PartyValues;
  const values = useWatch({ control: form.control }) as ShipmentFormValues;

  const draft = toDraft(values, toParty(sender, senderValues), toParty(recipient, recipientValues));
  const draftKey = JSON.stringify(draft);
  const errors = useMemo(() => draftErrors(JSON.parse(draftKey) as TShipmentDraft), [draftKey]);
  const valid = Object.keys(errors).length === 0 && partyReady(sender, senderValues) && partyReady(recipient, recipientValues);

  // Offers follow the draft OFFERS_DEBOUNCE_MS after its last change, and only while it is valid.
  const offeredKey = useDebouncedValue(valid ? draftKey : '', OFFERS_DEBOUNCE_MS);
  const offersDraft = useMemo(() => (offeredKey ? (JSON.parse(offeredKey) as TShipmentDraft) : null), [offeredKey]);
  const offers = useOffers(offersDraft);
  const stale = offers.isFetching || offers.isPlaceholderData || offeredKey !== draftKey;
  // A saved draft's service stays chosen while it is still offered.
  const [selection, setSelection] = useState<OfferSelection | null>(saved?.serviceId ? { serviceId: saved.serviceId, pointId: saved.pointId } : null);
  const chosen = stale ? null : validSelection(offers.data, selection);
  const chosenOffer = chosen ? (offers.data?.find((o) => o.serviceId === chosen.serviceId) ?? null) : null;

  // Field messages show once a field was touched, or everywhere after 'Arata oferte' on an invalid draft.
  const [showAll, setShowAll] = useState(false);
  const errorFor: ShipmentErrorFor = (path) => {
    const message = errors[path];
    if (!message) return undefined;
    if (showAll || path === 'packages') return message;
    const state = form.getFieldState(path, form.formState);
    return state.isTouched || state.isDirty ? message : undefined;
  };

  const showOffers = () => {
    setShowAll(true);
    if (sender.mode === 'new') void senderForm.trigger();
    if (recipient.mode === 'new') void recipientForm.trigger();
    if (valid) void offers.refetch();
  };

  const create = useCreateShipment();
  const update = useUpdateDraft(saved?.uniqueId ?? '');
  const activateSaved = useActivateShipment(saved?.uniqueId ?? '');
  const busy = useRef(false);
  const [pending, setPending] = useState<'activate' | 'save' | null>(null);
  const [balanceError, setBalanceError] = useState<string | null>(null);

  const submit = (activate: boolean) => {
    if (busy.current || !chosen) return;
    busy.current = true;
    setPending(activate ? 'activate' : 'save');
    setBalanceError(null);
    const done = (data: TShipmentResponse, message: string) => {
      enqueueSnackbar(data.message ?? message, { variant: 'success' });
      navigate(`/profile/details/order/${encodeURIComponent(data.shipment.uniqueId)}`);
    };
    const failed = (error: Error) => {
      busy.current = false;
      setPending(null);
      if (error instanceof ApiError && error.code === 'insufficientBalance') {
        setBalanceError(error.message || m.insufficientBalance);
        return;
      }
      applyServerErrors(error, senderForm.setError, PARTY_FIELDS, (p) => p.replace(/^sender\./, ''));
      applyServerErrors(error, recipientForm.setError, PARTY_FIELDS, (p) => p.replace(/^recipient\./, ''));
      enqueueSnackbar(error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : activate ? m.activateError : apiErrorMessage(error), {
        variant: 'error',
      });
    };
    const choice = { serviceId: chosen.serviceId, pointId: chosen.pointId };
    if (!saved) {
      create.mutate({ ...draft, ...choice, requestKey, activate }, { onSuccess: (data) => done(data, activate ? m.activated : m.saved), onError: failed });
      return;
    }
    // A saved draft: changed in place, then (when asked) activated with the service chosen here.
    update.mutate(
      { ...draft, ...choice },
      {
        onSuccess: (data) => {
          if (!activate) return done(data, m.draftEdited);
          activateSaved.mutate(choice, { onSuccess: (activated) => done(activated, m.activated), onError: failed });
        },
        onError: failed,
      },
    );
  };

  const offersError = offers.isError ? apiErrorMessage(offers.error) : null;
  const contentError = errorFor('content');
  const referenceError = errorFor('clientReference');

  return (
    <>
      {saved ? (
        <Button component={RouterLink} to={`/profile/details/order/${encodeURIComponent(saved.uniqueId)}`} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
          Detalii comanda
        </Button>
      ) : (
        <Button component={RouterLink} to="/profile/orders" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
          Comenzi
        </Button>
      )}
      {saved ? (
        <PageHeader title="Modifica comanda" subtitle={`Comanda salvata ${saved.uniqueId}: modificarile se salveaza pe aceeasi comanda; ofertele curierilor se actualizeaza la fiecare modificare.`} />
      ) : (
        <PageHeader title="Comanda noua" subtitle="Expeditor, destinatar, colete si optiuni; ofertele curierilor se actualizeaza la fiecare modificare." />
      )}
      {/* Wide screens: the form on the left, the offers and the summary in a column that stays in view. */}
      <Box sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(360px, 420px)' }, maxWidth: { xs: 1100, lg: 1400 } }}>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <PartySection id="sender" title="Expeditor" form={senderForm} source={sender} onSource={setSenderChoice} showErrors={showAll} />
          <PartySection id="recipient" title="Destinatar" form={recipientForm} source={recipient} onSource={setRecipient} showErrors={showAll} />
          <SectionCard id="packages" title="Colete">
            <PackagesEditor form={form} errorFor={errorFor} />
          </SectionCard>
          <SectionCard id="details" title="Detalii expediere">
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
              <TextField
                label="Continut"
                {...form.register('content')}
                error={!!contentError}
                helperText={contentError}
                autoComplete="off"
                // A packaging template may fill it without an input event: the label follows the value.
                slotProps={{ inputLabel: { shrink: values.content ? true : undefined } }}
              />
              <TextField label="Referinta client (optional)" {...form.register('clientReference')} error={!!referenceError} helperText={referenceError} autoComplete="off" />
            </Box>
          </SectionCard>
          <SectionCard id="options" title="Optiuni extra">
            <ExtraOptions form={form} errorFor={errorFor} saturdayAllowed={saturdayAllowed} />
          </SectionCard>
        </Box>
        <Card
          component="section"
          aria-labelledby="couriers-title"
          sx={{
            display: 'flex',
            flexDirection: 'column',
            // Below the app bar (64 px) with a gap; the offers scroll inside what is left of the column.
            position: { lg: 'sticky' },
            top: { lg: 80 },
            maxHeight: { lg: 'calc(100vh - 96px)' },
          }}
        >
          <Box sx={{ order: { lg: -2 }, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', px: { xs: 2, sm: 3 }, pt: { xs: 2, sm: 3 }, pb: 1 }}>
            <Typography variant="h2" id="couriers-title">
              Lista curieri
            </Typography>
            <Button startIcon={<RefreshIcon />} onClick={showOffers} disabled={pending !== null}>
              Arata oferte
            </Button>
          </Box>
          <Box sx={{ flex: '1 1 auto', minHeight: 0, overflowY: { lg: 'auto' }, px: { xs: 2, sm: 3 }, pb: 2 }}>
            <CourierList
              valid={valid}
              offers={offers.data}
              loading={offers.isPending && offers.fetchStatus !== 'idle'}
              error={offersError}
              stale={stale}
              selection={selection}
              onSelect={setSelection}
              onRetry={() => void offers.refetch()}
              locked={pending !== null}
            />
          </Box>
          {/* Under the offers on a phone (choose, then activate); on a wide screen above them, in view even
              before the page scrolls (the offers scroll inside the rest of the column). */}
          <Box sx={{ flex: 'none', order: { lg: -1 }, borderTop: { xs: 1, lg: 0 }, borderBottom: { lg: 1 }, borderColor: 'divider', px: { xs: 2, sm: 3 }, py: 2, mb: { lg: 1 } }}>
            <ShipmentSummary
              offer={chosenOffer}
              chosen={chosen}
              options={chosenOptions(values.options, saturdayAllowed)}
              pending={pending}
              onSubmit={submit}
              saveLabel={saved ? 'Salveaza modificarile' : undefined}
              balanceError={balanceError}
            />
          </Box>
        </Card>
      </Box>
    </>
  );
}
