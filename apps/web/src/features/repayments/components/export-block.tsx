import { REPAYMENTS_LIST_MESSAGES as T, REPAYMENTS_EXPORT_DONE_MS, REPAYMENTS_EXPORT_ERROR_MS } from '@colete/contract';
import DownloadIcon from '@mui/icons-material/Download';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { downloadFile } from '../../../lib/download-file';
import { useSnackbar } from '../../../lib/snackbar';
import { emailExport, type ExportBody } from '../api/repayments-api';

/** Spec 002 section 4.6: 0 idle, 1 in progress, 2 done (back to idle after 3 s). */
type ExportState = 0 | 1 | 2;

/** Runs an export with the state the block shows; a failure says the spec's text for 5 s. */
export function useExport() {
  const { enqueueSnackbar } = useSnackbar();
  const [state, setState] = useState<ExportState>(0);
  useEffect(() => {
    if (state !== 2) return;
    const t = setTimeout(() => setState(0), REPAYMENTS_EXPORT_DONE_MS);
    return () => clearTimeout(t);
  }, [state]);
  const run = async (work: () => Promise<unknown>) => {
    setState(1);
    try {
      await work();
      setState(2);
    } catch {
      setState(0);
      enqueueSnackbar(T.exportError, { variant: 'error', autoHideDuration: REPAYMENTS_EXPORT_ERROR_MS });
    }
  };
  return { state, run };
}

export const downloadExport = (body: ExportBody, name: string) => downloadFile('user/repayments/sheet/download', name, body);

/** The export block: the list's filters (or its sheet) as an xlsx download, or mailed. */
export function ExportBlock({ body }: { body: ExportBody }) {
  const { state, run } = useExport();
  const [mode, setMode] = useState<'download' | 'email'>('download');
  const go = (m: 'download' | 'email') => {
    setMode(m);
    void run(() => (m === 'download' ? downloadExport(body, 'rambursuri.xlsx') : emailExport(body)));
  };
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {T.exportTitle}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" startIcon={<DownloadIcon />} disabled={state === 1} onClick={() => go('download')}>
            {T.exportDownload}
          </Button>
          <Button variant="outlined" startIcon={<MailOutlineIcon />} disabled={state === 1} onClick={() => go('email')}>
            {T.exportEmail}
          </Button>
        </Box>
        <Typography variant="body2" role="status" aria-live="polite" data-export-state={state} sx={{ minHeight: 20 }}>
          {state === 1 ? T.exportBusy : state === 2 ? (mode === 'email' ? T.exportMailed : T.exportDone) : ''}
        </Typography>
      </CardContent>
    </Card>
  );
}
