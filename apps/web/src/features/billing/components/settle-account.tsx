import { messages, type TSettleResponse } from '@colete/contract';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import { Alert, AlertTitle, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useSnackbar } from '../../../lib/snackbar';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { useProfile } from '../../../lib/profile-query';
import { useInvoiceHref } from '../../../lib/invoice-href';
import { formatMoney } from '../../../lib/format';
import { useSettleAccount } from '../api/settle-account';

/** A refusal keeps the server's reason; anything else asks to retry or contact support (spec 000 section 8). */
const settleErrorText = (e: unknown) => (e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : messages.invoicing.settleError);

/** Where a refusal is fixed: the repayment settings hold the bank account the balance goes back to. */
const FIX_AT: Record<string, { label: string; to: string }> = {
  needsBankAccount: { label: 'Setari > Rambursuri', to: '/profile/settings/repayment' },
};

/** Why settling was refused, kept in the banner (a snackbar goes away); where it names a settings page, that part links there. */
function SettleRefusal({ error }: { error: unknown }) {
  const text = settleErrorText(error);
  const fix = error instanceof ApiError && error.code ? FIX_AT[error.code] : undefined;
  const at = fix ? text.indexOf(fix.label) : -1;
  return (
    <Alert severity="error" sx={{ mt: 1.5 }}>
      {fix && at >= 0 ? (
        <>
          {text.slice(0, at)}
          <Link component={RouterLink} to={fix.to} color="inherit" sx={{ fontWeight: 600 }}>
            {fix.label}
          </Link>
          {text.slice(at + fix.label.length)}
        </>
      ) : (
        text
      )}
    </Alert>
  );
}

function SettledDialog({ result, onClose }: { result: TSettleResponse | null; onClose: () => void }) {
  const href = useInvoiceHref();
  return (
    <Dialog open={!!result} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="settled-title">
      <DialogTitle id="settled-title">Cont decontat</DialogTitle>
      <DialogContent>
        {result?.invoice && (
          <DialogContentText sx={{ mb: 2 }}>
            Am emis factura <strong>{result.invoice.fullNumber}</strong> in valoare de <strong>{formatMoney(result.invoice.total)}</strong> pe numele{' '}
            {result.invoice.buyerName}.
          </DialogContentText>
        )}
        {result && Number(result.returnedAmount) > 0 && (
          <DialogContentText>
            Soldul preplatit de <strong>{formatMoney(result.returnedAmount)}</strong> va fi virat in contul {result.bankAccount}.
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {result?.invoice && (
          <Button component="a" href={href(result.invoice.pdfUrl)} download startIcon={<DownloadOutlinedIcon />}>
            Descarca factura
          </Button>
        )}
        <Button variant="contained" onClick={onClose}>
          Inchide
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Settling the account (spec 000 section 4): while there are unbilled orders or a prepaid balance,
 * the sums and the irreversible, confirmed settle action.
 */
export function SettleAccount({ settled, locked }: { settled: boolean; locked: boolean }) {
  const profile = useProfile();
  const settle = useSettleAccount();
  const { enqueueSnackbar } = useSnackbar();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<TSettleResponse | null>(null);
  const [refusal, setRefusal] = useState<unknown>(null);

  const p = profile.data;
  const onConfirm = () =>
    settle.mutate(undefined, {
      onSuccess: (data) => {
        setConfirming(false);
        setRefusal(null);
        setResult(data);
        enqueueSnackbar(data.message, { variant: 'success' });
      },
      onError: (e) => {
        setConfirming(false);
        // Shown in the banner, where it stays until the next try (with the link to where it is fixed).
        setRefusal(e);
      },
    });

  return (
    <>
      {!settled && (
        // The button goes under the text on a phone: beside it, it would squeeze the text to a word a line.
        <Alert severity="info" sx={{ mb: 2, '& .MuiAlert-message': { flex: 1, minWidth: 0 } }}>
          <AlertTitle>Cont nedecontat</AlertTitle>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 1.5, md: 3 }} sx={{ alignItems: { md: 'flex-start' } }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              {locked && <Typography variant="body2" sx={{ mb: 1 }}>{messages.billing.notSettled}</Typography>}
              {p && (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 3 }}>
                  <Typography variant="body2">
                    Sume nefacturate: <strong>{formatMoney(p.amountNotInvoicedSum)}</strong>
                  </Typography>
                  <Typography variant="body2">
                    Sold preplatit: <strong>{formatMoney(p.amountPrepaidSum)}</strong>
                  </Typography>
                </Stack>
              )}
            </Box>
            <Button color="inherit" variant="outlined" size="small" onClick={() => setConfirming(true)} disabled={!p} sx={{ alignSelf: 'flex-start', flexShrink: 0 }}>
              Deconteaza contul
            </Button>
          </Stack>
          {refusal !== null && <SettleRefusal error={refusal} />}
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        title="Decontare cont"
        confirmLabel="Deconteaza"
        destructive
        pending={settle.isPending}
        onConfirm={onConfirm}
        onClose={() => setConfirming(false)}
      >
        <Typography sx={{ mb: 1 }}>
          Emitem factura fiscala pentru comenzile nefacturate ({formatMoney(p?.amountNotInvoicedSum ?? 0)}) si va returnam soldul preplatit (
          {formatMoney(p?.amountPrepaidSum ?? 0)}){p?.bankAccount ? ` in contul ${p.bankAccount}` : ''}.
        </Typography>
        <Typography sx={{ mb: 1 }}>Abonamentele active de reincarcare automata vor fi dezactivate.</Typography>
        <Typography sx={{ fontWeight: 600 }}>Operatiunea este ireversibila.</Typography>
      </ConfirmDialog>
      <SettledDialog result={result} onClose={() => setResult(null)} />
    </>
  );
}
