import { STORE_LIST_FILTER_MESSAGES } from '@colete/contract';
import { MenuItem, Stack, TextField } from '@mui/material';
import { useStoreLocations } from '../api/store-orders-list';
import type { StoreOrdersTableQuery } from './store-orders-table-query';

const f = STORE_LIST_FILTER_MESSAGES;

/**
 * The store orders list's search and filters (issue 24): order number or customer, and on the
 * awaiting tab needs a fix, cash on delivery, warehouse and tag. Each lives in the URL; the two text
 * boxes are applied 500 ms after the last key.
 */
export function StoreOrdersFilters({ clientId, query, awaitingTab }: { clientId: number; query: StoreOrdersTableQuery; awaitingTab: boolean }) {
  const { values, update, input, setInput } = query;
  const locations = useStoreLocations(clientId);
  const width = { xs: '100%', md: 200 };
  // 'Toate' (no filter) is shown as a choice of its own.
  const showEmpty = { select: { displayEmpty: true }, inputLabel: { shrink: true } };
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
      <TextField
        label={f.search}
        type="search"
        value={input.search}
        onChange={(e) => setInput('search', e.target.value)}
        slotProps={{ htmlInput: { maxLength: 100 } }}
        sx={{ width: { xs: '100%', md: 320 } }}
      />
      <TextField select slotProps={showEmpty} label={f.cashOnDelivery} value={values.cod ?? ''} onChange={(e) => update({ cod: (e.target.value || undefined) as typeof values.cod })} sx={{ width }}>
        <MenuItem value="">{f.cashOptions.all}</MenuItem>
        <MenuItem value="da">{f.cashOptions.yes}</MenuItem>
        <MenuItem value="nu">{f.cashOptions.no}</MenuItem>
      </TextField>
      {awaitingTab && (
        <>
          <TextField select slotProps={showEmpty} label={f.needsFix} value={values.fix ?? ''} onChange={(e) => update({ fix: (e.target.value || undefined) as typeof values.fix })} sx={{ width }}>
            <MenuItem value="">{f.needsFixOptions.all}</MenuItem>
            <MenuItem value="da">{f.needsFixOptions.yes}</MenuItem>
            <MenuItem value="nu">{f.needsFixOptions.no}</MenuItem>
          </TextField>
          <TextField select slotProps={showEmpty} label={f.location} value={values.location} onChange={(e) => update({ location: e.target.value })} sx={{ width }}>
            <MenuItem value="">{f.allLocations}</MenuItem>
            {/* A location from a shared link is shown until the shop's list arrives. */}
            {values.location && !locations.data?.some((l) => l.id === values.location) && <MenuItem value={values.location}>{values.location.replace(/^.*\//, '#')}</MenuItem>}
            {(locations.data ?? []).map((l) => (
              <MenuItem key={l.id} value={l.id}>
                {l.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField label={f.tag} value={input.tag} onChange={(e) => setInput('tag', e.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} sx={{ width }} />
        </>
      )}
    </Stack>
  );
}
