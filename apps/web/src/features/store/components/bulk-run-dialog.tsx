import { STORE_BULK_MESSAGES } from '@colete/contract';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Typography, useMediaQuery, useTheme } from '@mui/material';
import { ErrorState } from '../../../components/error-state';
import { useBulkRun } from '../api/store-bulk';
import { BulkLabelsDownload } from './bulk-labels-download';
import { BulkResults } from './bulk-results';

const m = STORE_BULK_MESSAGES;

/**
 * The bulk activation's dialog (spec 002 sections 2.1, 4.5): 'Se activeaza comenzile ...' with N of M
 * while the run works, then the results per order and the run's labels as one PDF. The run is read
 * by its id, which the page keeps in its address: a reload finds it again.
 */
export function BulkRunDialog({ clientId, runId, onClose }: { clientId: number; runId: number; onClose: () => void }) {
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const run = useBulkRun(clientId, runId);
  const data = run.data;
  const done = data?.status === 'done';
  return (
    <Dialog open onClose={done || run.isError ? onClose : undefined} fullScreen={fullScreen} maxWidth="lg" fullWidth aria-labelledby="bulk-run-title">
      <DialogTitle id="bulk-run-title">{done ? m.resultsTitle : m.previewTitle}</DialogTitle>
      <DialogContent dividers>
        {run.isError ? (
          <ErrorState message={m.failed} onRetry={() => void run.refetch()} />
        ) : !done ? (
          <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 4 }}>
            <CircularProgress aria-hidden />
            <Typography>{m.activating}</Typography>
            {data && (
              <Box sx={{ width: '100%', maxWidth: 360 }}>
                <LinearProgress variant="determinate" value={data.total ? (100 * data.done) / data.total : 0} aria-label={m.activating} />
                <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 1 }}>
                  {m.progress(data.done, data.total)}
                </Typography>
              </Box>
            )}
          </Box>
        ) : (
          <>
            <Typography sx={{ fontWeight: 600, mb: 2 }}>{m.summary(data.orders.filter((o) => o.results.some((r) => r.result)).length, data.total)}</Typography>
            <BulkResults run={data} clientId={clientId} />
            {data.labels > 0 && <BulkLabelsDownload clientId={clientId} runId={runId} />}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={!done && !run.isError}>
          {m.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
