import { RECONCILIATION_MESSAGES as t } from '@colete/contract';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { ApiError } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { formatDateTime, formatMoneyBani } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { usePayoutRuns } from '../api/reconciliation';

/** The last payout runs, each with its pain.001 file to download (for the bank). */
export function PayoutRuns() {
  const runs = usePayoutRuns();
  const { enqueueSnackbar } = useSnackbar();
  const list = (runs.data?.list ?? []).filter((r) => r.hasFile);
  if (runs.isPending || runs.isError || list.length === 0) return null;
  return (
    <Card variant="outlined" sx={{ mt: 4 }} component="section" aria-labelledby="payout-runs-title">
      <CardContent>
        <Typography id="payout-runs-title" component="h2" variant="h6" sx={{ mb: 1 }}>
          {t.payoutRuns}
        </Typography>
        <Stack spacing={1}>
          {list.map((r) => (
            <Stack key={r.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {formatDateTime(r.startedAt)} · {r.sheetCount} {r.sheetCount === 1 ? 'borderou' : 'borderouri'} · {formatMoneyBani(r.totalBani)}
              </Typography>
              <Button
                size="small"
                sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
                onClick={() =>
                  downloadFile(`admin/repayments/payout-runs/${r.id}/file`, `${r.messageId}.xml`).catch((e) =>
                    enqueueSnackbar(e instanceof ApiError ? e.message : t.resolveError, { variant: 'error' }),
                  )
                }
              >
                {t.download} pain.001
              </Button>
            </Stack>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
