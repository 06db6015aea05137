import { INVOICES_MESSAGES as T, INVOICES_PAGE_SIZE } from '@colete/contract';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { Box, MenuItem, TextField } from '@mui/material';
import { DateField } from '../../../components/date-field/date-field';
import { ListStates, fieldErrorOf } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { Paginator } from '../../../components/paginator';
import { bucharestDay } from '../../../lib/format';
import { tableParam, useClampPage, useTableQuery, type TableParam } from '../../../lib/use-table-query';
import { useBillingList } from '../api/get-billing-list';
import { useInvoices } from '../api/get-invoices';
import { BillingTabs } from '../components/billing-tabs';
import { InvoicesTable } from '../components/invoices-table';

/** The same day one month earlier (the last day of a shorter month): the list's default start (spec 002 section 9). */
function monthBefore(day: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 2, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** ?entity=: a billing entry's id, or undefined for all. */
const entityParam: TableParam<number | undefined> = {
  read: (raw) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined),
  write: (id) => (id ? String(id) : null),
};

const INVOICES_TABLE = { from: tableParam.day(), to: tableParam.day(), entity: entityParam, page: tableParam.page() };

/** /profile/invoices: the client's invoices and credit notes, newest first, by period and billing entry. */
export default function InvoicesPage() {
  const { values, update } = useTableQuery(INVOICES_TABLE);
  const to = values.to || bucharestDay();
  const from = values.from || monthBefore(to);
  const entities = useBillingList();
  const list = useInvoices({ from, to, billingEntityId: values.entity, page: values.page });
  const rangeError = fieldErrorOf(list.error, 'from');
  const rows = list.data?.list ?? [];
  const count = list.data?.count ?? 0;
  useClampPage({ isPlaceholderData: list.isPlaceholderData, rows: rows.length, count }, values.page, INVOICES_PAGE_SIZE, update);

  return (
    <>
      <PageHeader title={T.title} subtitle="Facturile si facturile storno ale contului, cele mai noi primele." />
      <BillingTabs />
      <Box
        role="search"
        aria-label="Filtre facturi"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: '160px 160px 320px' }, mb: 2, maxWidth: 1100 }}
      >
        <DateField label={T.from} value={from} onChange={(day) => update({ from: day })} max={to} error={!!rangeError} helperText={rangeError} />
        <DateField label={T.to} value={to} onChange={(day) => update({ to: day })} min={from} />
        <TextField
          select
          label={T.entity}
          value={values.entity ?? ''}
          onChange={(e) => update({ entity: e.target.value ? Number(e.target.value) : undefined })}
          sx={{ gridColumn: { xs: 'span 2', md: 'auto' } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{T.allEntities}</MenuItem>
          {(entities.data?.list ?? []).map((e) => (
            <MenuItem key={e.fiscalSubaccountNumber} value={e.fiscalSubaccountNumber}>
              {e.entityData.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <ListStates
        query={list}
        loadingLabel="Se incarca facturile..."
        errorMessage={T.loadError}
        rangeField="from"
        maxWidth={1100}
        empty={{ when: rows.length === 0, icon: <ReceiptLongOutlinedIcon aria-hidden />, text: T.empty }}
      >
        <InvoicesTable rows={rows} />
        <Paginator page={values.page} pageSize={INVOICES_PAGE_SIZE} count={count} onChange={(page) => update({ page })} />
      </ListStates>
    </>
  );
}
