import { EINVOICE_RETURN_PARAM, FISCAL_ID_TYPE, messages, type TBillingData } from '@colete/contract';
import CloudSyncOutlinedIcon from '@mui/icons-material/CloudSyncOutlined';
import { Button, Chip, Tooltip } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { apiErrorMessage } from '../../../lib/api-client';
import { usePrepareEInvoiceConnection } from '../api/prepare-einvoice-connection';
import { formatDate } from '../../../lib/format';

const m = messages.einvoice;
const date = (iso: string | null) => (iso ? formatDate(iso) : '');

/** A verified Romanian company (spec 000 section 4); connected already only if its connection lapsed. */
export const canConnect = (entry: TBillingData) =>
  entry.entityData.isCompany &&
  entry.entityData.fiscalIdentificationType === FISCAL_ID_TYPE.cif &&
  entry.verifyStatus === 'verified' &&
  entry.address.countryCode === 'RO' &&
  entry.eInvoice?.state !== 'ACTIVE';

/** 'Conectat' for a connected entry; a lapsed connection says it must be renewed. */
export function EInvoiceChip({ entry }: { entry: TBillingData }) {
  const e = entry.eInvoice;
  if (!e) return null;
  if (e.state === 'ACTIVE') {
    return (
      <Tooltip title={`Conectat la e-Factura. Autorizarea este valabila pana la ${date(e.refreshExpiresAt)}.`}>
        <Chip size="small" color="success" label="Conectat" />
      </Tooltip>
    );
  }
  return <Chip size="small" color="warning" variant="outlined" label="e-Factura expirat" />;
}

/** The button and the connect-to-e-invoicing confirmation: on confirm the browser goes to the consent page. */
export function EInvoiceConnectButton({ entry }: { entry: TBillingData }) {
  const prepare = usePrepareEInvoiceConnection();
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  if (!canConnect(entry)) return null;
  const reconnect = entry.eInvoice?.state === 'EXPIRED';
  const confirm = () =>
    prepare.mutate(
      { fiscalSubaccountNumber: entry.fiscalSubaccountNumber, identificationCode: entry.entityData.identificationCode },
      {
        onSuccess: (data) => {
          // The consent page takes over; it sends the browser back to this list.
          setLeaving(true);
          window.location.assign(data.url);
        },
        onError: (e) => {
          enqueueSnackbar(apiErrorMessage(e), { variant: 'error' });
          setOpen(false);
        },
      },
    );
  return (
    <>
      <Button startIcon={<CloudSyncOutlinedIcon />} onClick={() => setOpen(true)}>
        {reconnect ? m.reconnectLabel : m.connectLabel}
      </Button>
      <ConfirmDialog
        open={open}
        title="Conectare la e-Factura"
        confirmLabel="Continua catre ANAF"
        pending={prepare.isPending || leaving}
        onClose={() => setOpen(false)}
        onConfirm={confirm}
      >
        {reconnect ? 'Autorizarea pentru ' : 'Conectati '}„{entry.entityData.name}” (CUI {entry.entityData.identificationCode})
        {reconnect ? ' a expirat si trebuie reinnoita. ' : ' la sistemul national de facturare electronica e-Factura. '}
        Veti fi redirectionat catre pagina ANAF, unde va autentificati cu certificatul digital al firmei si autorizati accesul
        Colete Online. Dupa autorizare reveniti automat in aceasta pagina.
      </ConfirmDialog>
    </>
  );
}

/**
 * Back from the consent page: ?einvoice=connected, or ?einvoice=error&reason=refused|failed. The
 * outcome is shown once, then the query is cleared so a reload does not repeat it.
 */
export function useEInvoiceReturn() {
  const [params, setParams] = useSearchParams();
  const { enqueueSnackbar } = useSnackbar();
  const shown = useRef(false);
  const outcome = params.get(EINVOICE_RETURN_PARAM);
  const reason = params.get('reason');
  useEffect(() => {
    if (!outcome || shown.current) return;
    shown.current = true;
    if (outcome === 'connected') enqueueSnackbar(m.connected, { variant: 'success' });
    else enqueueSnackbar(reason === 'refused' ? m.connectRefused : m.connectFailed, { variant: 'error' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(EINVOICE_RETURN_PARAM);
        next.delete('reason');
        return next;
      },
      { replace: true },
    );
  }, [outcome, reason, enqueueSnackbar, setParams]);
}

/** The return from the consent page, for a page that shows the connect button (renders nothing). */
export function EInvoiceReturnNotice() {
  useEInvoiceReturn();
  return null;
}
