import {
  REPAYMENTS_DEFAULT_PAGE_SIZE,
  REPAYMENTS_FETCH_DEBOUNCE_MS,
  REPAYMENTS_LIST_MESSAGES as T,
  REPAYMENTS_PAGE_SIZES,
  REPAYMENTS_SEARCH_DEBOUNCE_MS,
  REPAYMENT_FILTERS,
  REPAYMENT_FILTER_FLAGS,
  type RepaymentFilter,
  type TRepaymentFilters,
} from '@colete/contract';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, Card, CardContent, InputAdornment, MenuItem, TextField, Typography } from '@mui/material';
import { useMemo } from 'react';
import { DateField } from '../../../components/date-field/date-field';
import { ListStates, fieldErrorOf } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { bucharestDay, formatDate } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { tableParam, useClampPage, useTableQuery, type TableParam } from '../../../lib/use-table-query';
import { useBankAccounts, useRepaymentsList } from '../api/repayments-api';
import { CompanySelector } from '../components/company-selector';
import { ExportBlock } from '../components/export-block';
import { PageSizePaginator } from '../components/page-size-paginator';
import { PayNowButton } from '../components/pay-now-button';
import { PaymentsInfo } from '../components/payments-info';
import { FilterButtons, SummaryCards } from '../components/repayment-totals';
import { RepaymentsTable } from '../components/repayments-table';
import { RepaymentsTabs } from '../components/repayments-tabs';

/** The first day of the previous month (spec 002 section 9: the default start). */
function previousMonthStart(day: string) {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
}

const idParam: TableParam<number | undefined> = {
  read: (raw) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined),
  write: (id) => (id ? String(id) : null),
};
const limitParam: TableParam<number> = {
  read: (raw) => ((REPAYMENTS_PAGE_SIZES as readonly number[]).includes(Number(raw)) ? Number(raw) : REPAYMENTS_DEFAULT_PAGE_SIZE),
  write: (n) => (n === REPAYMENTS_DEFAULT_PAGE_SIZE ? null : String(n)),
};

const LIST_TABLE = {
  from: tableParam.day(),
  to: tableParam.day(),
  q: tableParam.text(),
  account: tableParam.text(40),
  filter: tableParam.oneOf(REPAYMENT_FILTERS),
  sheet: idParam,
  company: idParam,
  page: tableParam.page(),
  limit: limitParam,
};

/** /profile/repayments/list: the client's repayments (spec 002 section 2.3 "Repayments list"). */
/** `isAdmin`: the session's (the router knows it). */
export default function RepaymentsListPage({ isAdmin = false }: { isAdmin?: boolean }) {
  const { values, update, input, setInput } = useTableQuery(LIST_TABLE, { debounceMs: REPAYMENTS_SEARCH_DEBOUNCE_MS });
  const to = values.to || bucharestDay();
  const from = values.from || previousMonthStart(to);
  const filter: RepaymentFilter = values.filter ?? 'all';
  const accounts = useBankAccounts();

  const filters: TRepaymentFilters = useMemo(
    () => ({
      ...(values.sheet ? { sheetId: values.sheet } : { fromDate: from, toDate: to }),
      searchString: values.q || undefined,
      account: values.account || undefined,
      [REPAYMENT_FILTER_FLAGS[filter]]: true,
      selectedCompany: values.company,
    }),
    [values.sheet, from, to, values.q, values.account, filter, values.company],
  );
  // Spec 002 section 5: the fetch waits 300 ms after the last change.
  const body = useDebouncedValue(useMemo(() => ({ ...filters, page: values.page, limit: values.limit }), [filters, values.page, values.limit]), REPAYMENTS_FETCH_DEBOUNCE_MS);
  const list = useRepaymentsList(body);
  const rangeError = fieldErrorOf(list.error, 'fromDate');
  const rows = list.data?.list ?? [];
  const count = list.data?.count ?? 0;
  useClampPage({ isPlaceholderData: list.isPlaceholderData, rows: rows.length, count }, values.page, values.limit, update);
  const sheet = list.data?.sheet;

  const paginator = (label: string) => (
    <PageSizePaginator label={label} page={values.page} limit={values.limit} count={count} onPage={(page) => update({ page })} onLimit={(limit) => update({ limit })} />
  );

  return (
    <>
      <PageHeader title={T.title} subtitle="Sumele incasate la livrare (ramburs) si drumul lor pana in contul dumneavoastra." actions={isAdmin ? <PayNowButton /> : undefined} />
      <RepaymentsTabs />
      <Box role="search" aria-label="Filtre rambursuri" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: '160px 160px 1fr 1fr' }, mb: 2 }}>
        <DateField label={T.fromDate} value={from} onChange={(day) => update({ from: day, sheet: undefined })} max={to} error={!!rangeError} helperText={rangeError} disabled={!!values.sheet} />
        <DateField label={T.toDate} value={to} onChange={(day) => update({ to: day, sheet: undefined })} min={from} disabled={!!values.sheet} />
        <TextField
          label={T.search}
          placeholder={T.searchPlaceholder}
          value={input.q}
          onChange={(e) => setInput('q', e.target.value)}
          sx={{ gridColumn: { xs: 'span 2', md: 'auto' } }}
          slotProps={{ htmlInput: { type: 'search' }, input: { startAdornment: <InputAdornment position="start"><SearchIcon aria-hidden /></InputAdornment> } }}
        />
        {isAdmin ? (
          <TextField label={T.adminAccount} value={input.account} onChange={(e) => setInput('account', e.target.value)} sx={{ gridColumn: { xs: 'span 2', md: 'auto' } }} />
        ) : (
          <TextField
            select
            label={T.account}
            value={values.account}
            onChange={(e) => update({ account: e.target.value })}
            sx={{ gridColumn: { xs: 'span 2', md: 'auto' } }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{T.allAccounts}</MenuItem>
            {(accounts.data?.list ?? []).map((a) => (
              <MenuItem key={a.bankAccount} value={a.bankAccount}>
                {a.bankAccount} {a.bankAccountOwner ? `(${a.bankAccountOwner})` : ''}
              </MenuItem>
            ))}
          </TextField>
        )}
        {isAdmin && (
          <Box sx={{ gridColumn: { xs: 'span 2', md: 'span 2' } }}>
            <CompanySelector value={values.company} onChange={(company) => update({ company })} />
          </Box>
        )}
      </Box>
      {sheet && (
        <Card variant="outlined" sx={{ mb: 2, borderColor: 'primary.main' }} data-testid="sheet-filter">
          <CardContent sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, '&:last-child': { pb: 2 } }}>
            <Typography sx={{ flex: 1, minWidth: 220, overflowWrap: 'anywhere' }}>
              {T.sheetCard} {formatDate(sheet.sheetDate)} · {sheet.bankAccount} · {sheet.bankAccountOwner}
            </Typography>
            <Button variant="outlined" onClick={() => update({ sheet: undefined })}>
              {T.clearSheet}
            </Button>
          </CardContent>
        </Card>
      )}
      <FilterButtons active={filter} totals={list.data?.totals} onChange={(f) => update({ filter: f === 'all' ? undefined : f })} />
      <SummaryCards totals={list.data?.totals} onShow={(f) => update({ filter: f === 'all' ? undefined : f })} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 2 }}>
        <PaymentsInfo data={list.data} />
        <ExportBlock body={filters} />
      </Box>
      <ListStates
        query={list}
        loadingLabel="Se incarca rambursurile..."
        errorMessage={T.loadError}
        rangeField="fromDate"
        empty={{ when: rows.length === 0, icon: <PaymentsOutlinedIcon aria-hidden />, text: T.empty }}
      >
        {paginator('Paginare sus')}
        <RepaymentsTable rows={rows} />
        {paginator('Paginare jos')}
      </ListStates>
    </>
  );
}
