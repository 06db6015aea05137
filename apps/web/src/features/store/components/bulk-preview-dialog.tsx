import { STORE_BULK_MESSAGES, type TStoreListOrder } from '@colete/contract';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, FormControlLabel, FormLabel, MenuItem, Radio, RadioGroup, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { formatMoneyBani } from '../../../lib/format';
import { useBulkServices } from '../api/store-bulk';
import { StoreOrdersTable } from './store-orders-table';

const m = STORE_BULK_MESSAGES;

type Props = { clientId: number; rows: TStoreListOrder[]; pending: boolean; onActivate: (rows: TStoreListOrder[], serviceId: string | null) => void; onClose: () => void };

/**
 * Issue 24: the courier service of the run: each order's own (its saved one, else the cheapest), or
 * one service for all, chosen among those the checked orders can go with (asked of the server only
 * then); the orders it cannot carry are said before the run, and reported by it, never switched.
 */
function ServiceChoice({ clientId, orderIds, serviceId, onChange }: { clientId: number; orderIds: string[]; serviceId: string | null | undefined; onChange: (serviceId: string | null | undefined) => void }) {
  const forAll = serviceId !== null;
  const services = useBulkServices(clientId, orderIds, forAll);
  const chosen = services.data?.services.find((s) => s.serviceId === serviceId);
  return (
    <FormControl sx={{ mt: 2, width: '100%' }}>
      <FormLabel id="bulk-service-label">{m.serviceChoice}</FormLabel>
      <RadioGroup aria-labelledby="bulk-service-label" value={forAll ? 'all' : 'each'} onChange={(e) => onChange(e.target.value === 'all' ? undefined : null)}>
        <FormControlLabel value="each" control={<Radio />} label={m.servicePerOrder} />
        <FormControlLabel value="all" control={<Radio />} label={m.serviceForAll} />
      </RadioGroup>
      {forAll && (
        <Stack spacing={1} sx={{ mt: 1 }}>
          {services.isPending ? (
            <Typography role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <CircularProgress size={16} aria-hidden /> {m.servicesLoading}
            </Typography>
          ) : services.isError ? (
            <Alert severity="error">{m.servicesFailed}</Alert>
          ) : services.data.services.length === 0 ? (
            <Alert severity="warning">{m.servicesNone}</Alert>
          ) : (
            <TextField select label={m.serviceLabel} value={serviceId ?? ''} onChange={(e) => onChange(e.target.value || undefined)} fullWidth>
              {services.data.services.map((s) => (
                <MenuItem key={s.serviceId} value={s.serviceId}>
                  {m.serviceOption(s.courierName, s.serviceName, s.carries, services.data.parts, formatMoneyBani(s.totalBani))}
                </MenuItem>
              ))}
            </TextField>
          )}
          {chosen && services.data && chosen.carries < services.data.parts && <Alert severity="warning">{m.serviceNotAll(services.data.parts - chosen.carries)}</Alert>}
        </Stack>
      )}
    </FormControl>
  );
}

/**
 * 'Activare comenzi' (spec 002 section 2.1): the selected orders in the list's columns, the ready ones
 * checked (an order that needs a fix, or is on hold, is not pre-selected: issue 24); unchecking one
 * leaves it out. 'Activeaza' starts the run with the checked ones.
 */
export function BulkPreviewDialog({ clientId, rows, pending, onActivate, onClose }: Props) {
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [checked, setChecked] = useState<Set<string>>(() => new Set(rows.filter((r) => r.status.readyForActivation).map((r) => r.shopifyGraphQLId)));
  const chosen = rows.filter((r) => checked.has(r.shopifyGraphQLId));
  // null: each order's own service; undefined: one for all, not chosen yet; a string: the one for all.
  const [serviceId, setServiceId] = useState<string | null | undefined>(null);
  const toggle = (id: string) =>
    setChecked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Dialog open onClose={pending ? undefined : onClose} fullScreen={fullScreen} maxWidth="lg" fullWidth aria-labelledby="bulk-preview-title">
      <DialogTitle id="bulk-preview-title">{m.previewTitle}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <StoreOrdersTable
          rows={rows}
          selectable
          selected={checked}
          onToggle={toggle}
          onToggleAll={(all) => setChecked(all ? new Set(rows.map((r) => r.shopifyGraphQLId)) : new Set())}
          onOpen={(row) => toggle(row.shopifyGraphQLId)}
        />
      </DialogContent>
      <DialogContent sx={{ flex: 'none' }}>
        <Typography sx={{ fontWeight: 600 }}>{m.selected(chosen.length)}</Typography>
        <ServiceChoice clientId={clientId} orderIds={chosen.map((r) => r.shopifyGraphQLId)} serviceId={serviceId} onChange={setServiceId} />
        <Typography sx={{ mt: 1 }}>{m.confirm}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {m.back}
        </Button>
        <Button variant="contained" disabled={pending || chosen.length === 0 || serviceId === undefined} onClick={() => onActivate(chosen, serviceId ?? null)}>
          {m.activate}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
