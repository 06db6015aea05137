import { REVERT_MIN_BANI, balanceAdminMessages as m } from '@colete/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatMoneyBani as formatBani } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { useActivatePayment, useRevertPayment } from '../api/admin-balance';
import { typedLeiBani } from './typed-lei';

/** The amount typed in lei ('12,5' or '12.50') as bani, or an error text. */
export function revertAmountError(text: string, maxBani: number): string | null {
  const bani = typedLeiBani(text);
  if (bani === null) return m.amountInvalid;
  if (bani < REVERT_MIN_BANI) return m.revertMin;
  if (bani > maxBani) return `${m.revertMax} ${formatBani(maxBani)}.`;
  return null;
}

/**
 * An admin's actions on one recorded payment (spec 002 sections 6-8): 'Activeaza' while it is
 * not active, after a confirmation saying what it does (spec 002 section 2.5; `what` names the
 * payment there: its invoice and reference); once active, 'Storneaza' opens a dialog asking the amount (at least 0,10 lei, at
 * most the payment). Results as the specification words them; onDone after a success.
 * `amountBani`: what may still be reverted (the list's leftBani: the payment less its earlier
 * reverts); the server checks the same limit under the payment's lock.
 */
export function PaymentActions({
  paymentId,
  amountBani,
  paymentBani = amountBani,
  what,
  active,
  onDone,
}: {
  paymentId: string;
  amountBani: number;
  /** The payment's whole amount, as the activation confirmation names it. */
  paymentBani?: number;
  what: string;
  active: boolean;
  onDone: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const activate = useActivatePayment();
  const revert = useRevertPayment();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const error = revertAmountError(amount, amountBani);
  const failed = () => enqueueSnackbar(m.paymentError, { variant: 'error', autoHideDuration: 5000 });

  const onActivate = () =>
    activate.mutate(
      { id: paymentId },
      {
        onSuccess: () => {
          enqueueSnackbar(m.paymentActivated, { variant: 'success', autoHideDuration: 5000 });
          onDone();
        },
        onError: failed,
        onSettled: () => setConfirming(false),
      },
    );

  const onRevert = () => {
    setTouched(true);
    if (error) return;
    revert.mutate(
      { id: paymentId, amount: typedLeiBani(amount)! / 100 },
      {
        onSuccess: () => {
          enqueueSnackbar(m.paymentReverted, { variant: 'success', autoHideDuration: 5000 });
          setOpen(false);
          onDone();
        },
        onError: failed,
      },
    );
  };

  const openDialog = () => {
    setAmount('');
    setTouched(false);
    setOpen(true);
  };

  return (
    <>
      <Stack direction="row" spacing={1}>
        {!active && (
          <Button size="small" variant="contained" onClick={() => setConfirming(true)} disabled={activate.isPending}>
            {m.activate}
          </Button>
        )}
        {active && (
          <Button size="small" variant="outlined" color="error" onClick={openDialog} disabled={amountBani < REVERT_MIN_BANI}>
            {m.revert}
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={m.confirmActivateTitle}
        confirmLabel={m.confirmActivateButton}
        pending={activate.isPending}
        onConfirm={onActivate}
        onClose={() => setConfirming(false)}
      >
        {m.confirmActivateText(formatBani(paymentBani), what)}
      </ConfirmDialog>
      <Dialog open={open} onClose={revert.isPending ? undefined : () => setOpen(false)} maxWidth="xs" fullWidth aria-labelledby={`revert-${paymentId}`}>
        <DialogTitle id={`revert-${paymentId}`}>{m.revertTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {m.revertText} {formatBani(amountBani)}.
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label={m.revertAmount}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && !!error}
            helperText={touched && error ? error : ' '}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setOpen(false)} disabled={revert.isPending}>
            {m.cancel}
          </Button>
          <Button variant="contained" color="error" onClick={onRevert} disabled={revert.isPending}>
            {m.confirm}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
