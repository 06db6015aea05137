import { STORE_COPY_MESSAGES as m } from '@colete/contract';
import { Alert, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useStoreCopyProgress } from '../api/store-orders-list';

/**
 * Issue 28 §4: while the platform makes its first copy of the shop's orders, the awaiting tab says
 * how far it is (orders copied of the shop's count); when it is whole, the list is read again (from
 * the copy, fast) and the notice goes.
 */
export function StoreCopyProgress({ clientId, onReady }: { clientId: number; onReady: () => void }) {
  const progress = useStoreCopyProgress(clientId, true);
  const sync = progress.data;
  const wasCopying = useRef(false);
  useEffect(() => {
    if (sync?.status === 'BACKFILLING') wasCopying.current = true;
    else if (sync?.status === 'READY' && wasCopying.current) {
      wasCopying.current = false;
      onReady();
    }
  }, [sync?.status, onReady]);
  if (!sync || sync.status === 'READY') return null;
  const percent = sync.total ? Math.min(100, Math.round((sync.copied / sync.total) * 100)) : null;
  return (
    <Alert severity="info" data-testid="store-copy-progress">
      <Stack spacing={1}>
        <Typography variant="body2">{m.copying(sync.copied, sync.total)}</Typography>
        <LinearProgress aria-label={m.label} variant={percent === null ? 'indeterminate' : 'determinate'} value={percent ?? undefined} sx={{ width: { xs: '100%', sm: 360 } }} />
        <Typography variant="body2" color="text.secondary">
          {m.note}
        </Typography>
      </Stack>
    </Alert>
  );
}
