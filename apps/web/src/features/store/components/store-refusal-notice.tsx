import { STORE_REFUSAL_MESSAGES, type TStoreRefusal } from '@colete/contract';
import { Alert, Box, Button } from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { apiErrorMessage } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useRefusalAction } from '../api/store-activation';

const m = STORE_REFUSAL_MESSAGES;

/**
 * Issue 24: the shop refused the part's fulfillment for good after its AWB was made. The card says
 * why and offers the two ways out: cancel the AWB (asked first: the money returns to the balance)
 * or retry once the hold is released in Shopify. The server does each once; a second click is 409.
 */
export function StoreRefusalNotice({ clientId, orderId, refusal, onChanged }: { clientId: number; orderId: string; refusal: TStoreRefusal; onChanged: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const action = useRefusalAction(clientId);
  const [confirming, setConfirming] = useState(false);
  const run = (kind: 'cancel-awb' | 'retry') =>
    action.mutate(
      { action: kind, body: { shopifyOrderId: orderId, shopifyFulfillmentOrderId: refusal.fulfillmentOrderId } },
      {
        onSuccess: (res) => enqueueSnackbar(res.message, { variant: res.refusal ? 'warning' : 'success' }),
        onError: (err) => enqueueSnackbar(apiErrorMessage(err), { variant: 'error' }),
        onSettled: () => {
          setConfirming(false);
          onChanged();
        },
      },
    );
  return (
    <Alert severity="error" data-testid="store-refusal">
      <Box>{refusal.text}</Box>
      <Box sx={{ mt: 0.5 }}>{m.choices}</Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Button variant="outlined" color="inherit" size="small" disabled={action.isPending} onClick={() => run('retry')} sx={{ minHeight: 32 }}>
          {m.retry}
        </Button>
        <Button variant="outlined" color="error" size="small" disabled={action.isPending} onClick={() => setConfirming(true)} sx={{ minHeight: 32 }}>
          {m.cancelAwb}
        </Button>
      </Box>
      <ConfirmDialog open={confirming} title={m.cancelAwb} confirmLabel={m.cancelAwb} destructive pending={action.isPending} onConfirm={() => run('cancel-awb')} onClose={() => setConfirming(false)}>
        {m.cancelConfirm}
      </ConfirmDialog>
    </Alert>
  );
}
