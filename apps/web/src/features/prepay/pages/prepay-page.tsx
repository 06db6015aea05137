import { PREPAY_PRESETS, TOP_UP_MAX_LEI, TOP_UP_MIN_LEI, ZTopUpRequest, messages } from '@colete/contract';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { apiErrorMessage } from '../../../lib/api-client';
import { useBalance, useTopUp } from '../api/prepay';

const ron = (value: string) => `${Number(value).toLocaleString('ro-RO', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} lei`;
const dateTime = (iso: string) => new Date(iso).toLocaleString('ro-RO', { timeZone: 'Europe/Bucharest', dateStyle: 'medium', timeStyle: 'short' });

export default function PrepayPage() {
  const balance = useBalance();
  const topUp = useTopUp();
  const { enqueueSnackbar } = useSnackbar();
  const [amount, setAmount] = useState<string>(String(PREPAY_PRESETS[1]));
  const [error, setError] = useState<string | undefined>();

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
    topUp.mutate(parsed.data, {
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
                {ron(balance.data.balance)}
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
                  label={`${p} lei`}
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
              helperText={error ?? `Intre ${TOP_UP_MIN_LEI} si ${TOP_UP_MAX_LEI.toLocaleString('ro-RO')} lei`}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <Alert severity="info" sx={{ mt: 2 }}>
              Plata se face pe pagina procesatorului de plati. In acest mediu ruleaza simulatorul de plati: folositi cardurile de test afisate acolo.
            </Alert>
            <Button variant="contained" size="large" startIcon={<CreditCardIcon />} sx={{ mt: 2 }} onClick={pay} disabled={topUp.isPending}>
              {topUp.isPending ? 'Se deschide plata...' : 'Plateste cu cardul'}
            </Button>
          </CardContent>
        </Card>
      </Box>
      <Typography variant="h2" sx={{ mt: 4, mb: 1 }}>
        Ultimele miscari
      </Typography>
      {movements.length === 0 ? (
        <Typography color="text.secondary">Nu exista miscari in cont.</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Ultimele miscari">
            <TableHead>
              <TableRow>
                <TableCell>Data</TableCell>
                <TableCell>Descriere</TableCell>
                <TableCell align="right">Suma</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {movements.map((m) => (
                <TableRow key={m.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(m.createdAt)}</TableCell>
                  <TableCell>{m.description}</TableCell>
                  <TableCell align="right" sx={{ color: m.amount.startsWith('-') ? 'error.main' : 'success.main', fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {m.amount.startsWith('-') ? '' : '+'}
                    {ron(m.amount)}
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
