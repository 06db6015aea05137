import { STORE_BULK_MESSAGES, STORE_LIST_FILTER_MESSAGES, type TStoreOrdersFilterFields } from '@colete/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useState } from 'react';
import { BulkServiceChoice } from './bulk-service-choice';

const m = STORE_BULK_MESSAGES;

type Props = { clientId: number; count: number; matching: TStoreOrdersFilterFields; pending: boolean; onActivate: (serviceId: string | null) => void; onClose: () => void };

/**
 * 'Activare comenzi' for every order matching the filters (issue 24): no table of ids, since the
 * server reads the matching orders itself when the run starts; the count the list was told, and the
 * courier service of the run (each order's own, or one for all of them, as in the preview).
 */
export function BulkMatchingDialog({ clientId, count, matching, pending, onActivate, onClose }: Props) {
  const [serviceId, setServiceId] = useState<string | null | undefined>(null);
  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby="bulk-matching-title">
      <DialogTitle id="bulk-matching-title">{m.previewTitle}</DialogTitle>
      <DialogContent>
        <Typography>{STORE_LIST_FILTER_MESSAGES.matchingPreview(count)}</Typography>
        <BulkServiceChoice clientId={clientId} request={{ matching }} serviceId={serviceId} onChange={setServiceId} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {m.back}
        </Button>
        <Button variant="contained" disabled={pending || serviceId === undefined} onClick={() => onActivate(serviceId ?? null)}>
          {m.activate}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
