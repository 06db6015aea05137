import { balanceAdminMessages as m } from '@colete/contract';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { aboutClient, apiErrorMessage } from '../../../lib/api-client';
import { useSelectedClient } from '../../../lib/selected-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useTriggerInvoice, useTriggerPrepayInvoice } from '../api/admin-balance';

/**
 * The admin's buttons of the balance pages (spec 002 section 2.4): invoice now everything not
 * yet invoiced for the client, or the advance invoice of its top-ups not invoiced yet. Each asks
 * first (spec 002 section 2.5, 'confirm balance action'): a numbered invoice cannot be taken back.
 * The result shows as a snackbar (5 s); onDone runs after a success.
 */
export function AdminInvoiceButtons({ clientId, onDone }: { clientId: number; onDone: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const invoice = useTriggerInvoice();
  const advance = useTriggerPrepayInvoice();
  const { client } = useSelectedClient();
  const who = client?.id === clientId ? `${client.name} (${client.email})` : `#${clientId}`;
  const [asking, setAsking] = useState<'invoice' | 'advance' | null>(null);
  const busy = invoice.isPending || advance.isPending;
  const run = (mutation: typeof invoice) =>
    mutation.mutate(
      aboutClient(clientId),
      {
        onSuccess: (r) => {
          enqueueSnackbar(`${r.message} ${r.invoice.fullNumber}`, { variant: 'success', autoHideDuration: 5000 });
          onDone();
        },
        onError: (e) => enqueueSnackbar(apiErrorMessage(e), { variant: 'error', autoHideDuration: 5000 }),
        onSettled: () => setAsking(null),
      },
    );

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <Button variant="contained" onClick={() => setAsking('invoice')} disabled={busy}>
        {m.triggerInvoice}
      </Button>
      <Button variant="outlined" onClick={() => setAsking('advance')} disabled={busy}>
        {m.triggerPrepayInvoice}
      </Button>
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'advance' ? m.confirmPrepayInvoiceTitle : m.confirmInvoiceTitle}
        confirmLabel={asking === 'advance' ? m.confirmPrepayInvoiceButton : m.confirmInvoiceButton}
        pending={busy}
        onConfirm={() => run(asking === 'advance' ? advance : invoice)}
        onClose={() => setAsking(null)}
      >
        {asking === 'advance' ? m.confirmPrepayInvoiceText(who) : m.confirmInvoiceText(who)}
      </ConfirmDialog>
    </Stack>
  );
}
