import { messages, type TAwaitingFulfillmentOrder } from '@colete/contract';
import { Alert, Button } from '@mui/material';
import { apiErrorMessage } from '../../../lib/api-client';
import { formatMoneyBani } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { usePickCodPart } from '../api/store-activation';

const sa = messages.storeActivation;

/**
 * Issue 24 item 1: the order's cash on delivery is collected by one part only. The card says
 * whether it carries it, or which part ('Comanda #k', or the activated part's AWB) does, and offers
 * 'Incaseaza rambursul cu aceasta parte' while no part was activated with it.
 */
export function CodPartNotice({ clientId, orderId, fulfillmentOrder: fo, carrierIndex, onChanged }: { clientId: number; orderId: string; fulfillmentOrder: TAwaitingFulfillmentOrder; carrierIndex: number | null; onChanged: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const pick = usePickCodPart(clientId);
  const part = fo.codPart;
  if (!part) return null;
  const total = formatMoneyBani(part.totalBani);
  if (part.carries)
    return (
      <Alert severity="info" data-testid="cod-part">
        {sa.codCarries(total)}
      </Alert>
    );
  const where = part.carrierAwb ? sa.codWhereAwb(part.carrierAwb) : carrierIndex !== null ? `Comanda #${carrierIndex}` : sa.codWhereAwb('-');
  const doPick = () =>
    pick.mutate(
      { shopifyOrderId: orderId, shopifyFulfillmentOrderId: fo.fulfillmentOrderId },
      {
        onSuccess: (res) => {
          enqueueSnackbar(res.message, { variant: 'success' });
          onChanged();
        },
        onError: (err) => enqueueSnackbar(apiErrorMessage(err), { variant: 'error' }),
      },
    );
  return (
    <Alert
      severity="info"
      data-testid="cod-part"
      action={
        part.locked ? undefined : (
          <Button color="inherit" size="small" onClick={doPick} disabled={pick.isPending} sx={{ minHeight: 32 }}>
            {sa.codPick}
          </Button>
        )
      }
    >
      {sa.codElsewhere(total, where)}
    </Alert>
  );
}
