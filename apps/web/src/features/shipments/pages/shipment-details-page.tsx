import { messages, type TShipmentActivateRequest, type TShipmentDetail } from '@colete/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, CircularProgress, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/snackbar';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigationType, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { ShipmentStatusChip, TrackingDialog, TrackingTimeline } from '../../../components/shipment/tracking-dialog';
import { ApiError, apiErrorMessage } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { useDraftOffers } from '../api/get-offers';
import { useShipment } from '../api/get-shipment';
import { useActivateShipment, useCancelShipment } from '../api/shipment-actions';
import { shipmentKeys } from '../api/shipment-keys';
import { AddressView } from '../components/address-view';
import { copyText } from '../../../lib/copy-text';
import { Facts } from '../components/facts';
import { OffersList, validSelection, type OfferSelection } from '../../../components/shipment/offers-list';
import { CourierLogo } from '../../../components/courier-logo';
import { LabelDownload } from '../../../components/shipment/label-download';
import { SectionCard } from '../components/section-card';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { km } from '../components/shipment-format';
import { InsufficientBalanceAlert } from '../components/insufficient-balance-alert';
import { DeleteDraftButton, DraftPackagesForm } from '../components/draft-editor';

const m = messages.shipments;
const yesNo = (v: boolean) => (v ? 'Da' : 'Nu');

function NotFound() {
  return (
    <Box role="alert" sx={{ textAlign: 'center', py: 8, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
      <SearchOffIcon sx={{ fontSize: 56, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h2" component="p">
        {m.notFound}
      </Typography>
      <Typography color="text.secondary">Comanda cautata nu exista sau nu apartine acestui cont.</Typography>
      <Button component={RouterLink} to="/profile/orders" variant="contained">
        Inapoi la comenzi
      </Button>
    </Box>
  );
}

/**
 * Activation of a saved draft, once: a second click while the first runs does nothing; a too-low
 * prepaid balance is shown with its link to top up, other failures as a snackbar.
 */
function useActivation(uniqueId: string) {
  const { enqueueSnackbar } = useSnackbar();
  const activate = useActivateShipment(uniqueId);
  const [balanceError, setBalanceError] = useState<string | null>(null);
  const busy = useRef(false);
  const run = (choice?: TShipmentActivateRequest) => {
    if (busy.current) return;
    busy.current = true;
    setBalanceError(null);
    activate.mutate(choice, {
      onSuccess: (data) => enqueueSnackbar(data.message ?? m.activated, { variant: 'success' }),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'insufficientBalance') setBalanceError(error.message || m.insufficientBalance);
        else enqueueSnackbar(error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : m.activateError, { variant: 'error' });
      },
      onSettled: () => {
        busy.current = false;
      },
    });
  };
  return { run, pending: activate.isPending, balanceError };
}

function ActivateButton({ pending, disabled, onClick }: { pending: boolean; disabled?: boolean; onClick: () => void }) {
  return pending ? (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <CircularProgress size={22} aria-hidden />
      <Typography>Se activeaza comanda</Typography>
    </Box>
  ) : (
    <Button variant="contained" onClick={onClick} disabled={disabled}>
      Activeaza comanda
    </Button>
  );
}

/** A draft saved without a service (a customer's return): the courier offers for it, one to choose, then activation. */
function ChooseService({ shipment }: { shipment: TShipmentDetail }) {
  const offers = useDraftOffers(shipment.uniqueId, true);
  const activation = useActivation(shipment.uniqueId);
  const [selection, setSelection] = useState<OfferSelection | null>(null);
  const chosen = validSelection(offers.data, selection);
  return (
    <SectionCard id="choose-service" title="Alegeti serviciul de curierat">
      {offers.isPending ? (
        <LoadingState label="Se cauta ofertele curierilor..." />
      ) : offers.isError ? (
        <ErrorState message={apiErrorMessage(offers.error)} onRetry={() => void offers.refetch()} />
      ) : (
        <>
          <OffersList offers={offers.data} selection={selection} onSelect={setSelection} />
          <Box sx={{ mt: 2 }}>
            <ActivateButton pending={activation.pending} disabled={!chosen} onClick={() => chosen && activation.run(chosen)} />
          </Box>
          <InsufficientBalanceAlert message={activation.balanceError} />
        </>
      )}
    </SectionCard>
  );
}

/** Status, AWB (copy, tracking), label, activation of a saved draft and cancellation before pick-up. */
function StatusCard({ shipment, onTrack }: { shipment: TShipmentDetail; onTrack: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const activation = useActivation(shipment.uniqueId);
  const cancel = useCancelShipment(shipment.uniqueId);
  const [confirmCancel, setConfirmCancel] = useState(false);

  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: (data) => {
        setConfirmCancel(false);
        enqueueSnackbar(data.message ?? m.cancelled, { variant: 'success' });
      },
      onError: (error) => {
        setConfirmCancel(false);
        enqueueSnackbar(apiErrorMessage(error), { variant: 'error' });
      },
    });
  const onCopy = async () => {
    if (shipment.awb && (await copyText(shipment.awb))) enqueueSnackbar(m.awbCopied, { variant: 'success', autoHideDuration: 3000 });
  };

  return (
    <SectionCard id="status" title="Status">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <ShipmentStatusChip status={shipment.status} />
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(shipment.status.dateTime)}
        </Typography>
      </Box>
      {shipment.status.reason && <Typography sx={{ mt: 1 }}>Motiv: {shipment.status.reason}</Typography>}
      {shipment.awb && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 2 }}>
          <Typography>
            AWB{' '}
            <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '1.05rem', fontWeight: 700 }} data-testid="awb">
              {shipment.awb}
            </Box>
          </Typography>
          <Tooltip title="Copiaza AWB-ul">
            <IconButton aria-label="Copiaza AWB-ul" onClick={() => void onCopy()} size="small">
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Button startIcon={<LocalShippingOutlinedIcon />} onClick={onTrack} size="small">
            Urmareste coletul
          </Button>
        </Box>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
        {/* A cancelled shipment has no label: the server answers no formats, and the page offers none. */}
        {shipment.awb && shipment.status.code !== 'cancelled' && <LabelDownload uniqueId={shipment.uniqueId} formats={shipment.labelFormats} />}
        {shipment.canActivate && <ActivateButton pending={activation.pending} onClick={() => activation.run()} />}
        {shipment.status.code === 'draft' && (
          <Button component={RouterLink} to={`/profile/orders/edit/${encodeURIComponent(shipment.uniqueId)}`} variant="outlined" startIcon={<EditOutlinedIcon />}>
            Modifica comanda
          </Button>
        )}
        {shipment.status.code === 'draft' && <DeleteDraftButton shipment={shipment} />}
        {shipment.canCancel && (
          <Button variant="outlined" color="error" onClick={() => setConfirmCancel(true)} disabled={cancel.isPending}>
            Anuleaza comanda
          </Button>
        )}
      </Stack>
      <InsufficientBalanceAlert message={activation.balanceError} />
      <ConfirmDialog
        open={confirmCancel}
        title="Anulare comanda"
        confirmLabel="Anuleaza comanda"
        destructive
        pending={cancel.isPending}
        onConfirm={onCancel}
        onClose={() => setConfirmCancel(false)}
      >
        {shipment.awb ? `Comanda cu AWB ${shipment.awb} va fi anulata la curier.` : 'Comanda salvata va fi anulata.'} Continuati?
      </ConfirmDialog>
    </SectionCard>
  );
}

function ShipmentView({ shipment }: { shipment: TShipmentDetail }) {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  const [tracking, setTracking] = useState(false);
  const [editing, setEditing] = useState(false);
  const isDraft = shipment.status.code === 'draft';
  const o = shipment.options;
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 1100 }}>
      <StatusCard shipment={shipment} onTrack={() => setTracking(true)} />
      <SectionCard id="addresses" title="Adrese">
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <AddressView label="De la:" address={shipment.senderAddress} />
          <AddressView label="Pana la:" address={shipment.recipientAddress} />
        </Box>
      </SectionCard>
      <SectionCard id="courier" title="Curier si serviciu">
        <Facts
          rows={[
            [
              'Curier',
              shipment.courierName ? (
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                  {shipment.courierLogo && <CourierLogo name={shipment.courierName} logo={shipment.courierLogo} size={28} />}
                  {shipment.courierName}
                </Box>
              ) : (
                '-'
              ),
            ],
            ['Serviciu', shipment.serviceName ?? '-'],
            ...(shipment.point
              ? ([['Punct de ridicare', `${shipment.point.name}, ${shipment.point.fullAddress}${km(shipment.point.distanceKm) ? ` (aprox. ${km(shipment.point.distanceKm)})` : ''}`]] as [string, string][])
              : []),
            ['Pret cu TVA', formatMoney(shipment.price)],
            ['Pret fara TVA', formatMoney(shipment.priceNoVat)],
            ['Plata', shipment.paymentType === 'prepaid' ? 'Din contul preplatit' : shipment.paymentType === 'postpaid' ? 'Pe factura' : '-'],
            ['Data estimata de ridicare', shipment.estimatedPickupDate ? formatDate(shipment.estimatedPickupDate) : '-'],
          ]}
        />
      </SectionCard>
      <SectionCard
        id="contents"
        title="Colete"
        action={
          isDraft && !editing ? (
            <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
              Modifica coletele
            </Button>
          ) : undefined
        }
      >
        {isDraft && editing ? (
          <DraftPackagesForm shipment={shipment} onDone={() => setEditing(false)} />
        ) : (
          <>
            <Box component="ol" aria-label="Colete" sx={{ m: 0, mb: 2, pl: 3 }}>
              {shipment.packages.map((p, i) => (
                <li key={i}>
                  {p.type === 'envelope' ? 'Plic' : 'Colet'}: {formatNumber(p.weight)} kg, {formatNumber(p.length)} x {formatNumber(p.width)} x {formatNumber(p.height)} cm
                </li>
              ))}
            </Box>
            <Facts
              rows={[
                ['Continut', shipment.content],
                ['Referinta client', shipment.clientReference ?? '-'],
                ['Ramburs', o.cod ? formatMoney(o.cod) : 'Nu'],
                ['Asigurare', o.insurance ? formatMoney(o.insurance) : 'Nu'],
                ['Deschidere la livrare', yesNo(o.openAtDelivery)],
                ['Livrare sambata', yesNo(o.saturdayDelivery)],
              ]}
            />
          </>
        )}
      </SectionCard>
      {/* After the parcels it is priced for, which a draft may still change. */}
      {shipment.chooseService && !editing && <ChooseService shipment={shipment} />}
      {!!shipment.returnAnswers?.length && (
        <SectionCard id="return-answers" title="Formular de retur">
          <Box component="ul" aria-label="Raspunsurile clientului" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
            {shipment.returnAnswers.map((a, i) => (
              <li key={i}>
                <Typography variant="body2" color="text.secondary">
                  {a.label}
                </Typography>
                <Typography sx={{ overflowWrap: 'anywhere' }}>{a.value}</Typography>
              </li>
            ))}
          </Box>
        </SectionCard>
      )}
      <SectionCard id="history" title="Istoric">
        <TrackingTimeline history={shipment.history} />
      </SectionCard>
      {tracking && (
        <TrackingDialog
          uniqueId={shipment.uniqueId}
          onClose={() => setTracking(false)}
          onLoaded={(fresh) => queryClient.setQueryData(shipmentKeys.detail(acting, shipment.uniqueId), { success: true as const, shipment: fresh })}
        />
      )}
    </Box>
  );
}

/** /profile/details/order/:uniqueId */
export default function ShipmentDetailsPage() {
  const { uniqueId = '' } = useParams();
  const shipment = useShipment(uniqueId);
  // Opened from a scrolled page (activated at the bottom of the new-shipment form, a row far down
  // the list): at the top, where the AWB and its buttons are. Back and forward keep the browser's own.
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [uniqueId, navigationType]);
  const data = shipment.data?.shipment;
  return (
    <>
      <Button component={RouterLink} to="/profile/orders" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        Comenzi
      </Button>
      <PageHeader title="Detalii comanda" subtitle={data ? `Comanda ${data.uniqueId} din ${formatDateTime(data.createdAt)}` : undefined} />
      {shipment.isPending ? (
        <LoadingState label="Comanda se incarca" />
      ) : shipment.isError ? (
        shipment.error instanceof ApiError && (shipment.error.status === 404 || shipment.error.status === 400) ? (
          <NotFound />
        ) : (
          <ErrorState onRetry={() => void shipment.refetch()} />
        )
      ) : data ? (
        <ShipmentView shipment={data} />
      ) : null}
    </>
  );
}
