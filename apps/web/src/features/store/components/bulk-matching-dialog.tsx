import { STORE_BULK_MESSAGES, STORE_LIST_FILTER_MESSAGES } from '@colete/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';

const m = STORE_BULK_MESSAGES;

type Props = { count: number; pending: boolean; onActivate: () => void; onClose: () => void };

/**
 * 'Activare comenzi' for every order matching the filters (issue 24): no table of ids, since the
 * server reads the matching orders itself when the run starts; the count the list was told.
 */
export function BulkMatchingDialog({ count, pending, onActivate, onClose }: Props) {
  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby="bulk-matching-title">
      <DialogTitle id="bulk-matching-title">{m.previewTitle}</DialogTitle>
      <DialogContent>
        <Typography>{STORE_LIST_FILTER_MESSAGES.matchingPreview(count)}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {m.back}
        </Button>
        <Button variant="contained" disabled={pending} onClick={onActivate}>
          {m.activate}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
