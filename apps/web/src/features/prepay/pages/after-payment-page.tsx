import { messages } from '@colete/contract';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { usePayment } from '../api/get-payment';
import { formatMoney } from '../../../lib/format';


/** Where the card processor sends the browser back: the payment's result and the new balance. */
export default function AfterPaymentPage() {
  const { identifier = '' } = useParams();
  const result = usePayment(identifier);

  return (
    <>
      <PageHeader title="Rezultatul platii" />
      <Card sx={{ maxWidth: 560 }}>
        <CardContent sx={{ p: 3 }}>
          {result.isPending ? (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
              <CircularProgress size={28} aria-hidden />
              <Typography>{messages.prepay.paymentPending}</Typography>
            </Stack>
          ) : result.isError ? (
            <ErrorState message={messages.prepay.paymentNotFound} />
          ) : (
            <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
              {result.data.payment.status === 'pending' ? (
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
                  <CircularProgress size={28} aria-hidden />
                  <Typography>{messages.prepay.paymentPending}</Typography>
                </Stack>
              ) : result.data.payment.status === 'succeeded' ? (
                <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                  <CheckCircleOutlineIcon color="success" sx={{ fontSize: 48 }} aria-hidden />
                  <Box>
                    <Typography variant="h2">{messages.prepay.paymentSucceeded}</Typography>
                    <Typography>
                      Ati reincarcat {formatMoney(result.data.payment.amount)} cu cardul {result.data.payment.cardBrand} **** {result.data.payment.lastDigits}.
                    </Typography>
                  </Box>
                </Box>
              ) : (
                <Box role="alert" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                  <ErrorOutlineIcon color="error" sx={{ fontSize: 48 }} aria-hidden />
                  <Box>
                    <Typography variant="h2">{messages.prepay.paymentDeclined}</Typography>
                    <Typography color="text.secondary">{result.data.payment.failureReason}</Typography>
                  </Box>
                </Box>
              )}
              <Typography>
                Sold disponibil: <strong>{formatMoney(result.data.balance)}</strong>
              </Typography>
              <Button component={RouterLink} to="/profile/prepay" variant={result.data.payment.status === 'declined' ? 'contained' : 'outlined'}>
                {result.data.payment.status === 'declined' ? 'Incercati din nou' : 'Inapoi la contul preplatit'}
              </Button>
            </Stack>
          )}
        </CardContent>
      </Card>
    </>
  );
}
