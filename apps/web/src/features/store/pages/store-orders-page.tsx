import { STORE_BULK_MESSAGES, STORE_LIST_AUTO_FETCHES, STORE_LIST_MESSAGES, STORE_LIST_PAGE_SIZE, STORE_LIST_TYPES, type StoreListType, type TStoreListOrder, type TStoreOrdersListResponse } from '@colete/contract';
import { Alert, Box, Button, CircularProgress, MenuItem, Paper, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { DateField } from '../../../components/date-field/date-field';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { Paginator } from '../../../components/paginator';
import { bucharestDay } from '../../../lib/format';
import { useActingClientId } from '../../../lib/selected-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useStartBulk } from '../api/store-bulk';
import { ApiError } from '../../../lib/api-client';
import { storeKeys } from '../api/store-keys';
import { awaitingKey, getOneAwaitingOrder, useAwaitingOrders, useMatchingCount, usePlatformOrders } from '../api/store-orders-list';
import { BulkMatchingDialog } from '../components/bulk-matching-dialog';
import { SelectionBar } from '../components/selection-bar';
import { StoreOrdersFilters } from '../components/store-orders-filters';
import { useStoreOrdersTableQuery } from '../components/store-orders-table-query';
import { BulkPreviewDialog } from '../components/bulk-preview-dialog';
import { BulkRunDialog } from '../components/bulk-run-dialog';
import { OrderDialog } from '../components/order-dialog';
import { StoreOrdersTable } from '../components/store-orders-table';
import { StoreCopyProgress } from '../components/store-copy-progress';

const m = STORE_LIST_MESSAGES;

/** The first load's interval: one month back to today (spec 002 section 9). */
function monthBack() {
  const d = new Date();
  d.setMonth(d.getMonth() - 1);
  return bucharestDay(d);
}
/** A day's start and end in the browser's time, as the API's ISO instants. */
const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : null);
const dayEnd = (day: string) => (day ? new Date(`${day}T23:59:59.999`).toISOString() : null);

/** Whether the element (set through the returned callback ref) is in view, or within 200 px of it. */
function useInView() {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!element) return;
    const observer = new IntersectionObserver((entries) => setVisible(entries.some((e) => e.isIntersecting)), { rootMargin: '200px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, visible && !!element] as const;
}

/**
 * /profile/shopify/orders/:clientId (spec 002 section 2.2): the store's orders in three tabs. The
 * awaiting tab reads the shop 10 at a time and fetches up to 4 more pages by itself while the end of
 * the list is in view (a page that does not fill the screen, or scrolling down), then offers 'Incarca
 * mai multe comenzi'; the other tabs are numbered
 * pages of 25 over a date range. A row opens the order dialog; that row is read again when it closes.
 */
export default function StoreOrdersPage() {
  const clientId = Number(useParams().clientId);
  const acting = useActingClientId();
  const queryClient = useQueryClient();
  // Tab, sort, dates, page and filters live in the URL (issue 24).
  const query = useStoreOrdersTableQuery();
  const { type, reversed, fields, update } = query;
  const from = query.values.from || monthBack();
  const to = query.values.to || bucharestDay();
  const page = query.values.page;
  const setPage = (next: number) => update({ page: next });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // 'Select all N matching': the selection is the filters themselves, not the ids shown.
  const [allMatching, setAllMatching] = useState(false);
  const [open, setOpen] = useState<TStoreListOrder | null>(null);
  // Bulk activation: the preview, then the run (its id in the address, so a reload finds it again).
  const [previewing, setPreviewing] = useState(false);
  const [params, setParams] = useSearchParams();
  const runId = Number(params.get('bulk')) || null;
  const startBulk = useStartBulk(clientId);
  const { enqueueSnackbar } = useSnackbar();
  /** A run started: its dialog opens (its id in the address); a refused start says so. */
  const started = {
    onSuccess: (id: number) => {
      setPreviewing(false);
      setParams((p) => (p.set('bulk', String(id)), p));
    },
    onError: (err: Error) => {
      setPreviewing(false);
      enqueueSnackbar(err instanceof ApiError && err.status === 400 ? err.message : STORE_BULK_MESSAGES.failed, { variant: 'error' });
    },
  };

  const awaitingTab = type === 'AWAITING_ACTIVATION';
  const filter = { type, reversed, start: dayStart(from), end: dayEnd(to), fields };
  const awaiting = useAwaitingOrders(clientId, filter, awaitingTab);
  const platform = usePlatformOrders(clientId, filter, page, !awaitingTab);
  const listKey = awaitingKey(acting, clientId, filter);
  // A new tab, sort or filter is a new list: the selection starts again.
  const listIdentity = JSON.stringify([type, reversed, fields]);
  const [selectionOf, setSelectionOf] = useState(listIdentity);
  if (selectionOf !== listIdentity) {
    setSelectionOf(listIdentity);
    setSelected(new Set());
    setAllMatching(false);
  }

  const rows = useMemo(() => (awaitingTab ? (awaiting.data?.pages.flatMap((p) => p.list) ?? []) : (platform.data?.list ?? [])), [awaitingTab, awaiting.data, platform.data]);
  const loading = awaitingTab ? awaiting.isPending : platform.isPending;
  const failed = awaitingTab ? awaiting.isError : platform.isError;
  const canLoadMore = awaitingTab && awaiting.hasNextPage && !awaiting.isFetching;

  /** A new list: the data, the selection and the paging start again. */
  const restart = () => {
    queryClient.removeQueries({ queryKey: [...storeKeys.all(acting), 'orders-list', clientId] });
    setSelected(new Set());
    setAllMatching(false);
  };
  // The first copy of the shop is whole: the awaiting list is read again, from it.
  const copyReady = useCallback(() => void queryClient.invalidateQueries({ queryKey: listKey }), [queryClient, listKey]);
  const allShown = awaitingTab && rows.length > 0 && rows.every((r) => selected.has(r.shopifyGraphQLId));
  const matching = useMatchingCount(clientId, fields, allShown);

  // The first page and up to 4 more fetched by themselves while the list's end is in view; then the button.
  const [sentinel, endInView] = useInView();
  const autoLeft = (awaiting.data?.pages.length ?? 0) < 1 + STORE_LIST_AUTO_FETCHES;
  const fetchNext = awaiting.fetchNextPage;
  const autoFetch = awaitingTab && endInView && autoLeft && canLoadMore && !awaiting.isFetchNextPageError;
  useEffect(() => {
    if (autoFetch) void fetchNext();
  }, [autoFetch, fetchNext]);

  const toggle = (id: string) => {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  /** After the dialog: the awaiting row is read again (gone when nothing is left to fulfil); a platform page is fetched again. */
  async function refreshRow(row: TStoreListOrder) {
    if (!awaitingTab) return void platform.refetch();
    try {
      const answer = await getOneAwaitingOrder(clientId, row.shopifyGraphQLId);
      const fresh = answer.list[0];
      queryClient.setQueryData<InfiniteData<TStoreOrdersListResponse>>(listKey, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({
                ...p,
                list: fresh ? p.list.map((r) => (r.shopifyGraphQLId === row.shopifyGraphQLId ? { ...fresh, position: r.position } : r)) : p.list.filter((r) => r.shopifyGraphQLId !== row.shopifyGraphQLId),
              })),
            }
          : data,
      );
      if (!fresh) setSelected((s) => new Set([...s].filter((id) => id !== row.shopifyGraphQLId)));
    } catch {
      // The row stays as it was; the list shows its own error only for list reads.
    }
  }

  return (
    <Box>
      <PageHeader title={m.title} />
      <Tabs
        value={type}
        onChange={(_, next: StoreListType) => {
          restart();
          update({ tab: next === 'AWAITING_ACTIVATION' ? undefined : next });
        }}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {STORE_LIST_TYPES.map((t) => (
          <Tab key={t} value={t} label={m.tabs[t]} />
        ))}
      </Tabs>

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        {!awaitingTab && (
          <>
            <DateField label={m.from} value={from} max={to} sx={{ width: { xs: '100%', md: 200 } }} onChange={(d) => update({ from: d })} />
            <DateField label={m.to} value={to} min={from} sx={{ width: { xs: '100%', md: 200 } }} onChange={(d) => update({ to: d })} />
          </>
        )}
        <TextField
          select
          label={m.sortLabel}
          value={reversed ? 'asc' : 'desc'}
          onChange={(e) => {
            restart();
            update({ sort: e.target.value === 'asc' ? 'asc' : undefined });
          }}
          sx={{ width: { xs: '100%', md: 360 }, flexShrink: 0 }}
        >
          <MenuItem value="desc">{m.sortDesc}</MenuItem>
          <MenuItem value="asc">{m.sortAsc}</MenuItem>
        </TextField>
      </Stack>

      <StoreOrdersFilters clientId={clientId} query={query} awaitingTab={awaitingTab} />

      {awaitingTab && <StoreCopyProgress clientId={clientId} onReady={copyReady} />}

      {selected.size > 0 && (
        <SelectionBar
          selectedCount={selected.size}
          allShown={allShown}
          matching={matching.data}
          allMatching={allMatching}
          onSelectMatching={() => setAllMatching(true)}
          onClear={() => (setAllMatching(false), setSelected(new Set()))}
          onActivate={() => setPreviewing(true)}
        />
      )}

      {loading ? (
        <LoadingState label={m.loading} />
      ) : failed && rows.length === 0 ? (
        <ErrorState message={m.fetchFailed} onRetry={() => void (awaitingTab ? awaiting.refetch() : platform.refetch())} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {m.empty}
        </Typography>
      ) : (
        <Paper variant="outlined">
          <StoreOrdersTable
            rows={rows}
            selectable={awaitingTab}
            selected={selected}
            onToggle={toggle}
            onToggleAll={(all) => (setAllMatching(false), setSelected(all ? new Set(rows.map((r) => r.shopifyGraphQLId)) : new Set()))}
            onOpen={setOpen}
          />
        </Paper>
      )}

      {awaitingTab && rows.length > 0 && (
        <Box ref={sentinel} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 2 }}>
          {awaiting.isFetchNextPageError && <Alert severity="error">{m.fetchFailed}</Alert>}
          {awaiting.isFetchingNextPage && <CircularProgress size={24} aria-label={m.loading} />}
          {canLoadMore && (!autoLeft || awaiting.isFetchNextPageError) && (
            <Button variant="outlined" onClick={() => void awaiting.fetchNextPage()}>
              {m.loadMore}
            </Button>
          )}
        </Box>
      )}
      {!awaitingTab && platform.data && <Paginator page={page} pageSize={STORE_LIST_PAGE_SIZE[type]} count={platform.data.pageInfo.count} onChange={setPage} />}

      {previewing && allMatching && matching.data && (
        <BulkMatchingDialog
          clientId={clientId}
          count={matching.data.count}
          matching={fields}
          pending={startBulk.isPending}
          onClose={() => setPreviewing(false)}
          onActivate={(serviceId) => startBulk.mutate({ matching: fields, serviceId }, started)}
        />
      )}
      {previewing && !allMatching && (
        <BulkPreviewDialog
          clientId={clientId}
          rows={rows.filter((r) => selected.has(r.shopifyGraphQLId))}
          pending={startBulk.isPending}
          onClose={() => setPreviewing(false)}
          onActivate={(chosen, serviceId) =>
            startBulk.mutate(
              { orders: chosen.map((r) => ({ shopifyGraphQLId: r.shopifyGraphQLId, orderDisplayName: r.orderDisplayName })), serviceId },
              started,
            )
          }
        />
      )}
      {runId !== null && (
        <BulkRunDialog
          clientId={clientId}
          runId={runId}
          onClose={() => {
            setParams((p) => (p.delete('bulk'), p));
            // The activated orders leave the awaiting tab: the list starts again.
            restart();
          }}
        />
      )}

      {open && (
        <OrderDialog
          clientId={clientId}
          orderId={open.shopifyGraphQLId}
          orderName={open.orderDisplayName}
          open
          onClose={() => {
            const row = open;
            setOpen(null);
            void refreshRow(row);
          }}
        />
      )}
    </Box>
  );
}
