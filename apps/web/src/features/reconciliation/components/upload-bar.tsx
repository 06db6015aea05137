import { RECONCILIATION_MESSAGES as t } from '@colete/contract';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useRef, useState, type ChangeEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useUpload } from '../api/reconciliation';

/** Uploads a courier's report (for the chosen courier) or the bank's camt.053 statement. */
export function UploadBar({ couriers }: { couriers: { id: string; name: string }[] }) {
  const upload = useUpload();
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
    });
  };

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 3, alignItems: { md: 'center' } }}>
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
  );
}
