import { STORE_BULK_MESSAGES, type TStoreListOrder } from '@colete/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { BulkServiceChoice } from './bulk-service-choice';
import { StoreOrdersTable } from './store-orders-table';

const m = STORE_BULK_MESSAGES;

type Props = { clientId: number; rows: TStoreListOrder[]; pending: boolean; onActivate: (rows: TStoreListOrder[], serviceId: string | null) => void; onClose: () => void };

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
        <BulkServiceChoice clientId={clientId} request={{ orders: chosen.map((r) => ({ shopifyGraphQLId: r.shopifyGraphQLId })) }} serviceId={serviceId} onChange={setServiceId} />
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
