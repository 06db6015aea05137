import { SHIPMENTS_PAGE_SIZE, SHIPMENT_STATUSES, shipmentsListMessages, type ShipmentStatus } from '@colete/contract';
import AddIcon from '@mui/icons-material/Add';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, InputAdornment } from '@mui/material';
import { Suspense, useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { DateField } from '../../../components/date-field/date-field';
import { SelectField } from '../../../components/select-field/select-field';
import { TextInput } from '../../../components/text-input';
import { ListStates, fieldErrorOf } from '../../../components/list-states';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';
import { tableParam, useClampPage, useTableQuery } from '../../../lib/use-table-query';
import { useShipments } from '../api/get-shipments';
import { bucharestDay } from '../../../lib/format';
import { monthBefore, STATUS_FILTER_LABELS } from '../components/shipment-format';

const LOAD_ERROR = shipmentsListMessages.listError;
const LOADING = 'Se incarca comenzile...';
/** The rows and page links: their chunk downloads beside the list's data (from the first drawing), not before the page draws. */
const ShipmentsResults = lazyWithPreload(() => import('../components/shipments-results'));
const STATUS_OPTIONS = [{ value: '', label: 'Toate' }, ...SHIPMENT_STATUSES.map((s) => ({ value: s, label: STATUS_FILTER_LABELS[s] }))];

/** Without dates the list covers one month back to today (Bucharest), as the spec's lists do. */
const SHIPMENTS_TABLE = {
  from: tableParam.day(),
  to: tableParam.day(),
  status: tableParam.oneOf(SHIPMENT_STATUSES),
  q: tableParam.text(),
  page: tableParam.page(),
};

/** /profile/orders: the client's shipments, filtered and paged on the server. */
export default function ShipmentsListPage() {
  const { values, update, input, setInput } = useTableQuery(SHIPMENTS_TABLE);
  useEffect(() => {
    ShipmentsResults.preload();
  }, []);
  const to = values.to || bucharestDay();
  const filters = { ...values, to, from: values.from || monthBefore(to) };

  const list = useShipments({ from: filters.from, to: filters.to, status: filters.status, q: filters.q || undefined, page: filters.page });
  // A start after the end: the server's field error, shown on the start date and instead of the list.
  const rangeError = fieldErrorOf(list.error, 'from');
  const rows = list.data?.list ?? [];
  const count = list.data?.count ?? 0;
  useClampPage({ isPlaceholderData: list.isPlaceholderData, rows: rows.length, count }, filters.page, SHIPMENTS_PAGE_SIZE, update);

  return (
    <>
      <PageHeader
        title="Comenzi"
        subtitle="Expedierile contului, cele mai noi primele."
        actions={
          <Button component={RouterLink} to="/profile/orders/new" variant="contained" startIcon={<AddIcon />}>
            Comanda noua
          </Button>
        }
      />
      <Box
        role="search"
        aria-label="Filtre comenzi"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: '160px 160px 240px 1fr' }, mb: 2, maxWidth: 1100 }}
      >
        <DateField label="De la" value={filters.from} onChange={(from) => update({ from })} max={filters.to} error={!!rangeError} helperText={rangeError} />
        <DateField label="Pana la" value={filters.to} onChange={(to) => update({ to })} min={filters.from} />
        <SelectField
          label="Status"
          value={filters.status ?? ''}
          options={STATUS_OPTIONS}
          onChange={(status) => update({ status: (status || undefined) as ShipmentStatus | undefined })}
          sx={{ gridColumn: { xs: 'span 2', md: 'auto' } }}
        />
        <TextInput
          label="Cauta"
          placeholder="AWB, destinatar sau referinta"
          value={input.q}
          onChange={(e) => setInput('q', e.target.value)}
          sx={{ gridColumn: { xs: 'span 2', md: 'auto' } }}
          slotProps={{
            htmlInput: { type: 'search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <ListStates
        query={list}
        loadingLabel={LOADING}
        errorMessage={LOAD_ERROR}
        rangeField="from"
        maxWidth={1100}
        empty={{ when: rows.length === 0, icon: <Inventory2OutlinedIcon aria-hidden />, text: shipmentsListMessages.listEmpty }}
      >
        <Suspense fallback={<LoadingState label={LOADING} />}>
          <ShipmentsResults rows={rows} page={filters.page} pageSize={SHIPMENTS_PAGE_SIZE} count={count} onPageChange={(page) => update({ page })} />
        </Suspense>
      </ListStates>
    </>
  );
}
