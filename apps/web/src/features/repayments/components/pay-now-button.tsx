import { REPAYMENTS_LIST_MESSAGES as T } from '@colete/contract';
import { Button } from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { apiErrorMessage } from '../../../lib/api-client';
import { useSelectedClient } from '../../../lib/selected-client';
import { useSnackbar } from '../../../lib/snackbar';
import { usePayNow } from '../api/repayments-api';

/** Admin: 'Plateste rambursurile clientului acum' (PUT admin/repayment/process-user-payment/{clientId}), after a confirmation. */
export function PayNowButton() {
  const { client } = useSelectedClient();
  const { enqueueSnackbar } = useSnackbar();
  const pay = usePayNow();
  const [open, setOpen] = useState(false);
  if (!client) return null;
  const confirm = () =>
    pay.mutate(client.id, {
      onSuccess: (res) => enqueueSnackbar(res.message ?? T.payNowDone, { variant: 'success', autoHideDuration: 5_000 }),
      onError: (err) => enqueueSnackbar(apiErrorMessage(err), { variant: 'error', autoHideDuration: 5_000 }),
      onSettled: () => setOpen(false),
    });
  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)}>
        {T.payNow}
      </Button>
      <ConfirmDialog open={open} title={T.payNow} confirmLabel={T.payNow} pending={pay.isPending} onConfirm={confirm} onClose={() => setOpen(false)}>
        Rambursurile primite ale clientului {client.name} se platesc acum, intr-un borderou nou.
      </ConfirmDialog>
    </>
  );
}
