import { balanceAdminMessages as m, formatBaniInput, type TPayableInvoice } from '@colete/contract';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { DateField } from '../../../components/date-field/date-field';
import { LoadingState } from '../../../components/loading-state';
import { ApiError, aboutClient, apiErrorMessage } from '../../../lib/api-client';
import { bucharestDay, formatDate, formatMoneyBani } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { useRecordPayment } from '../api/admin-balance';
import { usePayableInvoices } from '../api/admin-lists';
import { typedLeiBani } from './typed-lei';

type Form = { invoiceId: string; amount: string; paidOn: string; reference: string };
type Errors = Partial<Record<keyof Form, string>>;

/** The form's own checks, worded as the server words them (it checks the same again). */
export function recordPaymentErrors(f: Form, today: string): Errors {
  const errors: Errors = {};
  if (!f.invoiceId) errors.invoiceId = m.invoiceRequired;
  if ((typedLeiBani(f.amount) ?? 0) <= 0) errors.amount = m.amountInvalid;
  if (!f.reference.trim()) errors.reference = m.referenceRequired;
  else if (f.reference.trim().length > 100) errors.reference = m.referenceTooLong;
  if (f.paidOn > today) errors.paidOn = m.paidOnFuture;
  return errors;
}

const invoiceLabel = (i: TPayableInvoice) => `${i.fullNumber} din ${formatDate(i.issuedAt)} (${m.recordInvoiceLeft} ${formatMoneyBani(i.leftBani)})`;

/**
 * 'Inregistreaza plata': a bank transfer of a postpaid client recorded against one of its invoices
 * left to pay (not in the specification, decisions.md). It is recorded inactive; the admin activates
 * it in the list once seen in the bank statement. The same reference twice for an invoice is refused.
 */
export function RecordPayment({ clientId, onDone }: { clientId: number; onDone: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState(false);
  const payable = usePayableInvoices(clientId, open);
  const record = useRecordPayment();
  const today = bucharestDay();
  const [form, setForm] = useState<Form>({ invoiceId: '', amount: '', paidOn: today, reference: '' });
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const errors = recordPaymentErrors(form, today);
  const shown = (k: keyof Form) => (touched ? errors[k] : undefined);
  const invoices = payable.data?.list ?? [];

  const set = (patch: Partial<Form>) => {
    setServerError(null);
    setForm((f) => ({ ...f, ...patch }));
  };
  const chooseInvoice = (id: string) => {
    const invoice = invoices.find((i) => String(i.id) === id);
    set({ invoiceId: id, amount: invoice ? formatBaniInput(invoice.leftBani) : '' });
  };
  const openDialog = () => {
    setForm({ invoiceId: '', amount: '', paidOn: today, reference: '' });
    setTouched(false);
    setServerError(null);
    setOpen(true);
  };
  const submit = () => {
    setTouched(true);
    if (Object.keys(errors).length > 0) return;
    record.mutate(
      { ...aboutClient(clientId), invoiceId: Number(form.invoiceId), amount: typedLeiBani(form.amount)! / 100, reference: form.reference.trim(), paidOn: form.paidOn },
      {
        onSuccess: (r) => {
          enqueueSnackbar(r.message, { variant: 'success', autoHideDuration: 5000 });
          setOpen(false);
          onDone();
        },
        // A refusal the form could not know (the same transfer recorded already) stays in the dialog.
        onError: (e) => (e instanceof ApiError && e.status < 500 ? setServerError(e.message) : enqueueSnackbar(apiErrorMessage(e), { variant: 'error', autoHideDuration: 5000 })),
      },
    );
  };

  return (
    <>
      <Button variant="outlined" onClick={openDialog}>
        {m.record}
      </Button>
      <Dialog open={open} onClose={record.isPending ? undefined : () => setOpen(false)} maxWidth="sm" fullWidth aria-labelledby="record-payment-title">
        <DialogTitle id="record-payment-title">{m.recordTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{m.recordText}</DialogContentText>
          {payable.isPending ? (
            <LoadingState label={m.paymentsLoading} />
          ) : payable.isError ? (
            <Alert severity="error">{m.payableLoadError}</Alert>
          ) : invoices.length === 0 ? (
            <Alert severity="info">{m.noPayableInvoices}</Alert>
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }} component="form" noValidate onSubmit={(e) => (e.preventDefault(), submit())}>
              <TextField select label={m.recordInvoice} value={form.invoiceId} onChange={(e) => chooseInvoice(e.target.value)} error={!!shown('invoiceId')} helperText={shown('invoiceId') ?? ' '} required>
                {invoices.map((i) => (
                  <MenuItem key={i.id} value={String(i.id)}>
                    {invoiceLabel(i)}
                  </MenuItem>
                ))}
              </TextField>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label={m.recordAmount}
                  value={form.amount}
                  onChange={(e) => set({ amount: e.target.value })}
                  error={!!shown('amount')}
                  helperText={shown('amount') ?? ' '}
                  required
                  sx={{ flex: 1 }}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                />
                <DateField label={m.recordPaidOn} value={form.paidOn} onChange={(day) => set({ paidOn: day })} max={today} error={!!shown('paidOn')} helperText={shown('paidOn') ?? ' '} sx={{ flex: 1 }} required />
              </Stack>
              <TextField
                label={m.recordReference}
                value={form.reference}
                onChange={(e) => set({ reference: e.target.value })}
                error={!!shown('reference')}
                helperText={shown('reference') ?? ' '}
                required
                slotProps={{ htmlInput: { maxLength: 120 } }}
              />
              {serverError && <Alert severity="error">{serverError}</Alert>}
            </Stack>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setOpen(false)} disabled={record.isPending}>
            {m.cancel}
          </Button>
          <Button variant="contained" onClick={submit} disabled={record.isPending || invoices.length === 0}>
            {m.confirm}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
