import { PREPAY_PRESETS, TOP_UP_MAX_LEI, TOP_UP_MIN_LEI, ZTopUpRequest, messages } from '@colete/contract';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { Alert, Box, Button, Card, CardContent, Checkbox, Chip, FormControlLabel, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography, type Theme } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { apiErrorMessage } from '../../../lib/api-client';
import { useInvoiceHref } from '../../../lib/invoice-href';
import { parseAmounts, SubscriptionAmounts, type AmountsDraft } from '../components/subscription-amounts';
import { useBalance } from '../api/get-balance';
import { useSubscriptions } from '../api/get-subscriptions';
import { useReEnableSubscription } from '../api/re-enable-subscription';
import { useTopUp } from '../api/top-up';
import { SubscriptionAmountsDialog } from '../components/subscription-amounts-dialog';
import type { TSubscription } from '@colete/contract';
import { formatDateTime, formatMoney } from '../../../lib/format';

/**
 * At phone width each movement is a stacked row, date and amount on top, then the description
 * and the invoice: nothing hides behind a horizontal scroll (issue 16 item 16).
 */
const stackedOnPhone = (t: Theme) => ({
  [t.breakpoints.down('sm')]: {
    '& thead': { display: 'none' },
    '& table, & tbody': { display: 'block' },
    '& tr': {
      display: 'grid',
      gridTemplateColumns: '1fr auto',
      gridTemplateAreas: '"date amount" "desc desc" "invoice invoice"',
      columnGap: 2,
      rowGap: 0.5,
      py: 1.25,
      borderBottom: 1,
      borderColor: 'divider',
    },
    '& td': { border: 0, p: 0 },
    '& td:nth-of-type(1)': { gridArea: 'date', color: 'text.secondary' },
    '& td:nth-of-type(2)': { gridArea: 'desc' },
    '& td:nth-of-type(3)': { gridArea: 'amount' },
    '& td:nth-of-type(4)': { gridArea: 'invoice' },
  },
});

export default function PrepayPage() {
  const balance = useBalance();
  const topUp = useTopUp();
  const { enqueueSnackbar } = useSnackbar();
  const [amount, setAmount] = useState<string>(String(PREPAY_PRESETS[1]));
  const [error, setError] = useState<string | undefined>();
  const [auto, setAuto] = useState(false);
  const [draft, setDraft] = useState<AmountsDraft>({ refill: '200', trigger: '100', custom: false });
  const [amountErrors, setAmountErrors] = useState<Record<string, string>>({});
  const subscriptions = useSubscriptions();
  const reEnable = useReEnableSubscription();
  const [reEnabling, setReEnabling] = useState<TSubscription | null>(null);
  const invoiceHref = useInvoiceHref();

  if (balance.isPending) return <LoadingState />;
  if (balance.isError) return <ErrorState onRetry={() => void balance.refetch()} />;
  // The route is there only where card payments are (spec 002 section 2.6): otherwise, to the root.
  if (!balance.data.cardPayments) return <Navigate to="/" replace />;

  const pay = () => {
    const parsed = ZTopUpRequest.safeParse({ amount: amount.trim() === '' ? Number.NaN : Number(amount.replace(',', '.')) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.prepay.amountInvalid);
      return;
    }
    setError(undefined);
    const subscription = auto ? parseAmounts(draft) : null;
    if (subscription && !subscription.ok) {
      setAmountErrors(subscription.errors);
      return;
    }
    setAmountErrors({});
    topUp.mutate({ ...parsed.data, ...(subscription?.ok ? { subscription: subscription.value } : {}) }, {
      // The processor's hosted page takes over; it sends the browser back to after-payment.
      onSuccess: (data) => window.location.assign(data.url),
      onError: (e) => enqueueSnackbar(apiErrorMessage(e), { variant: 'error' }),
    });
  };

  const movements = balance.data.movements;
  return (
    <>
      <PageHeader title="Cont preplatit" subtitle="Reincarcati contul cu cardul; expeditiile se platesc din sold." />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1.4fr' }, alignItems: 'start' }}>
        <Card>
          <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <AccountBalanceWalletOutlinedIcon color="primary" sx={{ fontSize: 44 }} aria-hidden />
            <Box>
              <Typography color="text.secondary">Sold disponibil</Typography>
              <Typography component="p" sx={{ fontSize: '2rem', fontWeight: 700 }} data-testid="balance">
                {formatMoney(balance.data.balance)}
              </Typography>
            </Box>
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography variant="h2" sx={{ mb: 2 }}>
              Reincarcare cu cardul
            </Typography>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }} role="group" aria-label="Sume propuse">
              {PREPAY_PRESETS.map((p) => (
                <Chip
                  key={p}
                  label={formatMoney(p)}
                  color={amount === String(p) ? 'primary' : 'default'}
                  variant={amount === String(p) ? 'filled' : 'outlined'}
                  onClick={() => setAmount(String(p))}
                  aria-pressed={amount === String(p)}
                />
              ))}
            </Stack>
            <TextField
              label="Suma (lei)"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={!!error}
              helperText={error ?? `Intre ${formatMoney(TOP_UP_MIN_LEI)} si ${formatMoney(TOP_UP_MAX_LEI)}`}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <FormControlLabel
              sx={{ mt: 1 }}
              control={<Checkbox checked={auto} onChange={(e) => setAuto(e.target.checked)} />}
              label="Reincarca automat contul cu acest card"
            />
            {auto && (
              <Box sx={{ mt: 1, p: 2, bgcolor: 'action.hover', borderRadius: 2 }}>
                <SubscriptionAmounts
                  value={draft}
                  onChange={(next) => {
                    setDraft(next);
                    // Messages already shown follow the values as they change.
                    if (Object.keys(amountErrors).length) {
                      const checked = parseAmounts(next);
                      setAmountErrors(checked.ok ? {} : checked.errors);
                    }
                  }}
                  errors={amountErrors}
                />
              </Box>
            )}
            <Alert severity="info" sx={{ mt: 2 }}>
              Plata se face pe pagina procesatorului de plati. In acest mediu ruleaza simulatorul de plati: folositi cardurile de test afisate acolo.
            </Alert>
            <Button variant="contained" size="large" startIcon={<CreditCardIcon />} sx={{ mt: 2 }} onClick={pay} disabled={topUp.isPending}>
              {topUp.isPending ? 'Se deschide plata...' : 'Plateste cu cardul'}
            </Button>
          </CardContent>
        </Card>
      </Box>
      {(subscriptions.data ?? []).some((x) => x.status === 0 && x.cardData) && (
        <>
          <Typography variant="h2" sx={{ mt: 4, mb: 1 }}>
            Abonamente dezactivate
          </Typography>
          <Stack spacing={1}>
            {(subscriptions.data ?? [])
              .filter((x) => x.status === 0 && x.cardData)
              .map((x) => (
                <Card key={x.identifier} component="article" aria-label={`Abonament ${x.cardData!.cardBrand} **** ${x.cardData!.lastDigits}`}>
                  <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                    <Typography sx={{ flex: 1 }}>
                      {x.cardData!.cardBrand} **** {x.cardData!.lastDigits}: reincarca {formatMoney(x.paymentAmount)} sub {formatMoney(x.triggerAmount)}
                    </Typography>
                    <Button variant="outlined" onClick={() => setReEnabling(x)}>
                      Reactiveaza
                    </Button>
                  </CardContent>
                </Card>
              ))}
          </Stack>
        </>
      )}
      {reEnabling && (
        <SubscriptionAmountsDialog
          subscription={reEnabling}
          title="Reactivare abonament"
          confirmLabel="Reactiveaza"
          pending={reEnable.isPending}
          onClose={() => setReEnabling(null)}
          onSave={(amounts) =>
            reEnable.mutate(
              { identifier: reEnabling.identifier, amounts },
              {
                onSuccess: (d) => {
                  enqueueSnackbar(d.message, { variant: 'success' });
                  setReEnabling(null);
                },
                onError: (e) => enqueueSnackbar(apiErrorMessage(e), { variant: 'error' }),
              },
            )
          }
        />
      )}
      <Typography variant="h2" sx={{ mt: 4, mb: 1 }}>
        Ultimele miscari
      </Typography>
      {movements.length === 0 ? (
        <Typography color="text.secondary">Nu exista miscari in cont.</Typography>
      ) : (
        <Box sx={[{ overflowX: 'auto' }, stackedOnPhone]}>
          <Table size="small" aria-label="Ultimele miscari">
            <TableHead>
              <TableRow>
                <TableCell>Data</TableCell>
                <TableCell>Descriere</TableCell>
                <TableCell align="right">Suma</TableCell>
                <TableCell>Factura</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {movements.map((m) => (
                <TableRow key={m.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.createdAt)}</TableCell>
                  <TableCell>{m.description}</TableCell>
                  <TableCell align="right" sx={{ color: m.amount.startsWith('-') ? 'error.main' : 'success.main', fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {m.amount.startsWith('-') ? '' : '+'}
                    {formatMoney(m.amount)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {m.invoice ? (
                      <Link href={invoiceHref(m.invoice.pdfUrl)} download>
                        {m.invoice.fullNumber}
                      </Link>
                    ) : (
                      '-'
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </>
  );
}
