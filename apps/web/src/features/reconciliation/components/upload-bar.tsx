import { RECONCILIATION_MESSAGES as t } from '@colete/contract';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { Box, Button, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useRef, useState, type ChangeEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { formatNumber } from '../../../lib/format';
import { useUpload, type UploadStage } from '../api/reconciliation';

/** Uploads a courier's report (for the chosen courier) or the bank's camt.053 statement. */
export function UploadBar({ couriers }: { couriers: { id: string; name: string }[] }) {
  const [stage, setStage] = useState<UploadStage | null>(null);
  const upload = useUpload(setStage);
  const { enqueueSnackbar } = useSnackbar();
  const [courier, setCourier] = useState(couriers[0]?.id ?? '');
  const reportInput = useRef<HTMLInputElement>(null);
  const statementInput = useRef<HTMLInputElement>(null);

  const send = (kind: 'report' | 'statement') => (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    upload.mutate(kind === 'report' ? { kind, courier, file } : { kind, file }, {
      onSuccess: (data) => enqueueSnackbar(data.message, { variant: 'success' }),
      onError: (err) => enqueueSnackbar(err instanceof ApiError ? err.message : t.resolveError, { variant: 'error' }),
      onSettled: () => setStage(null),
    });
  };

  return (
    <Box sx={{ mb: 3 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <TextField select size="small" label={t.reportCourier} value={courier} onChange={(e) => setCourier(e.target.value)} sx={{ minWidth: 200, flex: { md: '0 0 240px' } }}>
          {couriers.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" startIcon={<UploadFileOutlinedIcon />} disabled={upload.isPending || !courier} onClick={() => reportInput.current?.click()} sx={{ whiteSpace: 'nowrap' }}>
          {upload.isPending ? t.uploading : t.uploadReport}
        </Button>
        <Button variant="outlined" startIcon={<UploadFileOutlinedIcon />} disabled={upload.isPending} onClick={() => statementInput.current?.click()} sx={{ whiteSpace: 'nowrap' }}>
          {t.uploadStatement}
        </Button>
        <input ref={reportInput} type="file" hidden accept=".csv,.xlsx,text/csv" aria-label={t.uploadReport} data-testid="report-file" onChange={send('report')} />
        <input ref={statementInput} type="file" hidden accept=".xml,application/xml,text/xml" aria-label={t.uploadStatement} data-testid="statement-file" onChange={send('statement')} />
      </Stack>
      {upload.isPending && stage && <UploadProgress stage={stage} />}
    </Box>
  );
}

/** How far the upload is: the file's bytes sent, then its rows read (no end known yet), then written out of all. */
function UploadProgress({ stage }: { stage: UploadStage }) {
  const text = stage.phase === 'sending' ? t.uploadSending(stage.percent) : stage.phase === 'reading' ? t.uploadReading(formatNumber(stage.rows)) : t.uploadWriting(formatNumber(stage.written), formatNumber(stage.total));
  const value = stage.phase === 'sending' ? stage.percent : stage.phase === 'writing' && stage.total > 0 ? Math.round((stage.written / stage.total) * 100) : undefined;
  return (
    <Box sx={{ mt: 1.5, maxWidth: 560 }}>
      <LinearProgress variant={value === undefined ? 'indeterminate' : 'determinate'} value={value} aria-label={t.uploadProgress} aria-valuetext={text} />
      <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 0.5 }}>
        {text}
      </Typography>
    </Box>
  );
}
