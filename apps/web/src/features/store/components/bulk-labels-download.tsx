import { AWB_FORMATS, STORE_BULK_MESSAGES, messages, storeBulkLabelsPath, type AwbFormat } from '@colete/contract';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, CircularProgress, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { useSnackbar } from '../../../lib/snackbar';
import { usePrintFormat } from '../api/store-bulk';

const m = STORE_BULK_MESSAGES;

/**
 * Every label of the run in one PDF: the user's format by default (GET user/settings/print), A6 one a
 * page or A4 four a sheet from the chosen position (1-4), so a half-used sheet can go through again.
 */
export function BulkLabelsDownload({ clientId, runId }: { clientId: number; runId: number }) {
  const { enqueueSnackbar } = useSnackbar();
  const userFormat = usePrintFormat();
  const [chosen, setChosen] = useState<AwbFormat | null>(null);
  const [start, setStart] = useState(1);
  const [pending, setPending] = useState(false);
  const format = chosen ?? userFormat.data ?? 'A4';

  const download = async () => {
    setPending(true);
    try {
      const query = format === 'A4' ? `?format=A4&start=${start}` : '?format=A6';
      await downloadFile(`${storeBulkLabelsPath(clientId, runId)}${query}`, `etichete-activare-${runId}-${format}.pdf`);
    } catch (error) {
      const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
      enqueueSnackbar(refused ? error.message : messages.shipments.labelError, { variant: 'error', autoHideDuration: 10_000 });
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3, alignItems: { sm: 'center' } }}>
      <TextField select size="small" label={m.labelFormat} value={format} onChange={(e) => setChosen(e.target.value as AwbFormat)} sx={{ minWidth: 160 }}>
        {AWB_FORMATS.map((f) => (
          <MenuItem key={f} value={f}>
            {f}
          </MenuItem>
        ))}
      </TextField>
      {format === 'A4' && (
        <TextField select size="small" label={m.startPosition} value={start} onChange={(e) => setStart(Number(e.target.value))} sx={{ minWidth: 240 }}>
          {[1, 2, 3, 4].map((n) => (
            <MenuItem key={n} value={n}>
              {m.position(n)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Button variant="contained" onClick={() => void download()} disabled={pending} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} startIcon={pending ? <CircularProgress size={16} aria-hidden /> : <DownloadIcon />}>
        {m.downloadLabels}
      </Button>
    </Stack>
  );
}
