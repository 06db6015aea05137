import { REPAYMENTS_LIST_MESSAGES as T, type TRepaymentListResponse } from '@colete/contract';
import { Box, Card, CardContent, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatMoneyBani } from '../../../lib/format';

/** The next payment (from the repayment settings) and the last one, with the link to the settings. */
export function PaymentsInfo({ data }: { data: Pick<TRepaymentListResponse, 'nextPayment' | 'lastPayment'> | undefined }) {
  const next = data?.nextPayment;
  const last = data?.lastPayment;
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Box>
          <Typography variant="body2" color="text.secondary">
            {T.nextPayment}
          </Typography>
          <Typography sx={{ fontWeight: 600 }} data-testid="next-payment">
            {next?.date.nextPayDate ? formatDate(next.date.nextPayDate) : '-'}
            {next && (next.amount.minAmount !== null ? ` (${T.nextPaymentMin} ${formatMoneyBani(next.amount.minAmount)})` : ` (${T.nextPaymentNoMin})`)}
          </Typography>
          {!!next?.date.waitPending && (
            <Typography variant="body2" color="text.secondary">
              {T.nextPaymentDelay}
            </Typography>
          )}
        </Box>
        <Box>
          <Typography variant="body2" color="text.secondary">
            {T.lastPayment}
          </Typography>
          <Typography sx={{ fontWeight: 600 }} data-testid="last-payment">
            {last?.date ? `${formatDate(last.date)} · ${formatMoneyBani(last.amount)}` : T.noPayment}
          </Typography>
        </Box>
        <Link component={RouterLink} to="/profile/settings/repayment">
          {T.settingsLink}
        </Link>
      </CardContent>
    </Card>
  );
}
