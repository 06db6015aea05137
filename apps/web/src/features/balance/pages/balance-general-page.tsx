import { balanceMessages as T } from '@colete/contract';
import { Typography } from '@mui/material';
import { PageHeader } from '../../../components/page-header';
import { useBalanceGeneral } from '../api/balance-views';
import { BalanceTabs } from '../components/balance-tabs';
import { SummaryLines } from '../components/summary-lines';
import { ViewStates } from '../components/view-states';

/** /profile/balance/general: the whole history's summary rows (spec 002 section 2.4). */
export default function BalanceGeneralPage() {
  const query = useBalanceGeneral();
  const data = query.data;
  return (
    <>
      <PageHeader title={T.tabs.general} subtitle={T.subtitles.general} />
      <BalanceTabs />
      <ViewStates query={query}>
        {data && (
          <>
            <Typography variant="body2" color="text.secondary">
              {T.paymentType[data.userPaymentType]}
            </Typography>
            <Typography variant="h2" sx={{ fontSize: '1.1rem', mt: 2 }}>
              {T.tabs.available}
            </Typography>
            <SummaryLines
              label={T.tabs.available}
              lines={[
                { label: T.amounts.totalPrepaid, bani: data.amounts.totalPrepaid },
                { label: T.amounts.totalTransactions, bani: -data.amounts.totalTransactions },
                { label: T.amounts.totalReturnedTransactions, bani: data.amounts.totalReturnedTransactions },
                { label: T.amounts.totalOther, bani: data.amounts.totalOther },
                { label: T.amounts.totalBonus, bani: data.amounts.totalBonus },
                { label: T.amounts.totalLeft, bani: data.amounts.totalLeft, strong: true, testId: 'general-left' },
                { label: T.amounts.totalServicesNotInvoiced, bani: data.amounts.totalServicesNotInvoiced },
                { label: T.amounts.totalNotInvoiced, bani: data.amounts.totalNotInvoiced },
              ]}
            />
            <Typography variant="h2" sx={{ fontSize: '1.1rem', mt: 3 }}>
              {T.tabs.invoices}
            </Typography>
            <SummaryLines
              label={T.tabs.invoices}
              lines={[
                { label: T.amounts.invoices, bani: data.invoices.totalInvoices, testId: 'general-invoices' },
                { label: T.amounts.payments, bani: data.invoices.totalPayments, testId: 'general-payments' },
                { label: T.amounts.prePay, bani: data.invoices.totalPrePay },
                { label: T.amounts.difference, bani: data.invoices.totalDifference, strong: true, testId: 'general-difference' },
              ]}
            />
          </>
        )}
      </ViewStates>
    </>
  );
}
