import { balanceMessages as T } from '@colete/contract';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { Paginator } from '../../../components/paginator';
import { useSnackbar } from '../../../lib/snackbar';
import { BALANCE_VIEW_LIMIT, exportStatement, useInvoiceBalance } from '../api/balance-views';
import { BalanceTabs } from '../components/balance-tabs';
import { PeriodFields, usePeriod } from '../components/balance-period';
import { StatementTable } from '../components/statement-table';
import { SummaryLines } from '../components/summary-lines';
import { EmptyRows, ViewStates } from '../components/view-states';

/** /profile/balance/invoices: invoices and payments of a period, the company select when an older company exists, 'Export situatie'. */
export default function BalanceInvoicesPage({ isAdmin }: { isAdmin: boolean }) {
  const { fromDate, toDate, page, update } = usePeriod();
  const [params, setParams] = useSearchParams();
  const company = /^\d{2,10}$/.test(params.get('company') ?? '') ? params.get('company')! : undefined;
  const query = useInvoiceBalance({ fromDate, toDate, page, company });
  const { enqueueSnackbar } = useSnackbar();
  const [exporting, setExporting] = useState(false);
  const data = query.data;

  const onExport = async () => {
    setExporting(true);
    try {
      await exportStatement({ fromDate, toDate, company });
    } catch {
      enqueueSnackbar(T.exportError, { variant: 'error', autoHideDuration: 5_000 });
    } finally {
      setExporting(false);
    }
  };
  const setCompany = (id: string) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (id) out.set('company', id);
        else out.delete('company');
        out.delete('page');
        return out;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title={T.tabs.invoices}
        subtitle={T.subtitles.invoices}
        actions={
          <Button variant="contained" startIcon={<FileDownloadOutlinedIcon />} onClick={() => void onExport()} disabled={exporting || !data}>
            {T.exportButton}
          </Button>
        }
      />
      <BalanceTabs />
      <Box role="search" aria-label={T.period} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: '170px 170px 300px' }, mb: 2 }}>
        <PeriodFields fromDate={fromDate} toDate={toDate} onChange={update} />
        {data?.checkOld && data.companies.length > 0 && (
          <TextField
            select
            label={T.company}
            value={company ?? ''}
            onChange={(e) => setCompany(e.target.value)}
            sx={{ gridColumn: { xs: 'span 2', md: 'auto' } }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{T.allCompanies}</MenuItem>
            {data.companies.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      <ViewStates query={query}>
        {data && (
          <>
            <StatementTable rows={data.transactions} amounts={data.amounts} admin={isAdmin} onChanged={() => void query.refetch()} />
            {data.count === 0 && <EmptyRows />}
            <Paginator page={page} pageSize={BALANCE_VIEW_LIMIT} count={data.count} onChange={(p) => update({ page: p })} />
            <SummaryLines
              label={T.leftToPay}
              lines={[{ label: T.leftToPay, bani: data.amounts.previousDifference + data.amounts.totalDifference, strong: true, testId: 'left-to-pay' }]}
            />
          </>
        )}
      </ViewStates>
    </>
  );
}
