import { SHIPMENT_STATUSES, SHIPMENTS_PAGE_SIZE, messages, type ShipmentStatus } from '@colete/contract';
import AddIcon from '@mui/icons-material/Add';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, Card, CardContent, InputAdornment, MenuItem, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { Paginator } from '../../../components/paginator';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSearchParamsHere } from '../../../lib/use-search-params-here';
import { useShipments } from '../api/get-shipments';
import { ShipmentsTable } from '../components/shipments-table';
import { bucharestToday, monthBefore, STATUS_FILTER_LABELS } from '../components/shipment-format';

/** The search box asks the server this long after the last key (issue 5). */
const SEARCH_DEBOUNCE_MS = 300;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const LOAD_ERROR = messages.shipments.listError;

type Filters = { from: string; to: string; status?: ShipmentStatus; q: string; page: number };

/**
 * Filters and page live in the URL, so a reload or a shared link shows the same list. Without
 * dates the list covers one month back to today (Bucharest), as the spec's lists do.
 */
function useShipmentsTableQuery() {
  const [params, setParams] = useSearchParamsHere();
  const today = bucharestToday();
  const fromParam = params.get('from') ?? '';
  const toParam = params.get('to') ?? '';
  const statusParam = params.get('status') ?? '';
  const filters: Filters = {
    to: DAY.test(toParam) ? toParam : today,
    from: DAY.test(fromParam) ? fromParam : monthBefore(DAY.test(toParam) ? toParam : today),
    status: (SHIPMENT_STATUSES as readonly string[]).includes(statusParam) ? (statusParam as ShipmentStatus) : undefined,
    q: params.get('q') ?? '',
    page: Math.max(1, Math.min(100_000, Math.floor(Number(params.get('page'))) || 1)),
  };
  const update = (next: Partial<Filters>) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        for (const [key, value] of Object.entries(next)) {
          if (value === undefined || value === '' || (key === 'page' && value === 1)) out.delete(key);
          else out.set(key, String(value));
        }
        // Any filter change starts again from the first page.
        if (next.page === undefined) out.delete('page');
        return out;
      },
      { replace: true },
    );
  return { filters, update };
}

/** /profile/orders: the client's shipments, filtered and paged on the server. */
export default function ShipmentsListPage() {
  const { filters, update } = useShipmentsTableQuery();
  const [searchInput, setSearchInput] = useState(filters.q);
  const debounced = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced !== filters.q) update({ q: debounced });
    // Only the debounced text drives the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const list = useShipments({ from: filters.from, to: filters.to, status: filters.status, q: filters.q || undefined, page: filters.page });
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  // A page past the end (an old link): go to the last page.
  useEffect(() => {
    if (!list.isPlaceholderData && rows.length === 0 && total > 0 && filters.page > 1) update({ page: Math.ceil(total / SHIPMENTS_PAGE_SIZE) });
    // update is recreated each render; the page and the answer decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows.length, total, filters.page, list.isPlaceholderData]);

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
        <TextField
          type="date"
          label="De la"
          value={filters.from}
          onChange={(e) => DAY.test(e.target.value) && update({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filters.to } }}
        />
        <TextField
          type="date"
          label="Pana la"
          value={filters.to}
          onChange={(e) => DAY.test(e.target.value) && update({ to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.from } }}
        />
        <TextField
          select
          label="Status"
          value={filters.status ?? ''}
          onChange={(e) => update({ status: (e.target.value || undefined) as ShipmentStatus | undefined })}
          sx={{ gridColumn: { xs: 'span 2', md: 'auto' } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Toate</MenuItem>
          {SHIPMENT_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {STATUS_FILTER_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Cauta"
          placeholder="AWB, destinatar sau referinta"
          value={searchInput}
          onChange={(e) => setSearchInput(e.target.value)}
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
      <Card sx={{ maxWidth: 1100 }}>
        <CardContent sx={{ p: { xs: 1, sm: 2 } }}>
          {list.isPending ? (
            <LoadingState label="Se incarca comenzile..." />
          ) : list.isError ? (
            <ErrorState message={LOAD_ERROR} onRetry={() => void list.refetch()} />
          ) : rows.length === 0 ? (
            <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>
              <Inventory2OutlinedIcon sx={{ fontSize: 56, mb: 1 }} aria-hidden />
              <Typography>{messages.shipments.listEmpty}</Typography>
            </Box>
          ) : (
            <Box sx={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} aria-busy={list.isPlaceholderData}>
              <ShipmentsTable rows={rows} />
              <Paginator page={filters.page} pageSize={SHIPMENTS_PAGE_SIZE} count={total} onChange={(page) => update({ page })} />
            </Box>
          )}
        </CardContent>
      </Card>
    </>
  );
}
