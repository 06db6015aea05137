import { balanceMessages as T, type TBalanceAmounts } from '@colete/contract';
import { Box, Typography } from '@mui/material';
import { PageHeader } from '../../../components/page-header';
import { Paginator } from '../../../components/paginator';
import { useSelectedClient } from '../../../lib/selected-client';
import { BALANCE_VIEW_LIMIT, useBalanceView } from '../api/balance-views';
import { AdminInvoiceButtons } from './admin-invoice-buttons';
import { BalanceTabs } from './balance-tabs';
import { PeriodFields, usePeriod } from './balance-period';
import { LedgerTable } from './ledger-table';
import { SummaryLines, type SummaryLine } from './summary-lines';
import { EmptyRows, ViewStates } from './view-states';

/** The footer of the available balance: each kind's sum in the period and the balance at its end. */
const availableLines = (a: TBalanceAmounts): SummaryLine[] => [
  { label: T.amounts.totalPrepaid, bani: a.totalPrepaid, testId: 'total-prepaid' },
  { label: T.amounts.totalTransactions, bani: -a.totalTransactions, testId: 'total-transactions' },
  { label: T.amounts.totalReturnedTransactions, bani: a.totalReturnedTransactions, testId: 'total-returned' },
  { label: T.amounts.totalOther, bani: a.totalOther, testId: 'total-other' },
  { label: T.amounts.totalBonus, bani: a.totalBonus, testId: 'total-bonus' },
  { label: T.amounts.totalLeft, bani: a.totalLeft, strong: true, testId: 'total-left' },
  { label: T.amounts.totalServicesNotInvoiced, bani: a.totalServicesNotInvoiced },
  { label: T.amounts.totalNotInvoiced, bani: a.totalNotInvoiced },
];

const bonusLines = (a: TBalanceAmounts): SummaryLine[] => [
  { label: T.amounts.totalBonus, bani: a.totalBonus, testId: 'total-bonus' },
  { label: T.previousBonus, bani: a.previousBonus },
  { label: T.bonusToDate, bani: a.previousBonus + a.totalBonus, strong: true, testId: 'bonus-to-date' },
];

/** /profile/balance/available and /bonus: the period's movements with the previous line and the footer totals; the admin's invoice buttons. */
export function LedgerView({ view, isAdmin }: { view: 'available' | 'bonus'; isAdmin: boolean }) {
  const { fromDate, toDate, page, update } = usePeriod();
  const query = useBalanceView(view, { fromDate, toDate, page });
  const { client } = useSelectedClient();
  const data = query.data;
  const title = T.tabs[view];
  const previous = view === 'bonus' ? { label: T.previousBonus, bani: data?.amounts.previousBonus ?? 0 } : { label: T.previousBalance, bani: data?.amounts.previousLeft ?? 0 };

  return (
    <>
      <PageHeader title={title} subtitle={T.subtitles[view]} actions={isAdmin && client ? <AdminInvoiceButtons clientId={client.id} onDone={() => void query.refetch()} /> : undefined} />
      <BalanceTabs />
      <Box role="search" aria-label={T.period} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: '170px 170px' }, mb: 2 }}>
        <PeriodFields fromDate={fromDate} toDate={toDate} onChange={update} />
      </Box>
      <ViewStates query={query}>
        {data && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {T.paymentType[data.userPaymentType]}
            </Typography>
            <LedgerTable rows={data.transactions} previous={previous} label={title} />
            {data.count === 0 && <EmptyRows />}
            <Paginator page={page} pageSize={BALANCE_VIEW_LIMIT} count={data.count} onChange={(p) => update({ page: p })} />
            <SummaryLines label={T.totalLine} lines={view === 'bonus' ? bonusLines(data.amounts) : availableLines(data.amounts)} />
          </>
        )}
      </ViewStates>
    </>
  );
}
