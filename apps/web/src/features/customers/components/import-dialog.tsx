import { CUSTOMER_IMPORT_COLUMNS, type TCustomerImportPreviewResponse, type TCustomerInput } from '@colete/contract';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { ApiError, apiErrorMessage } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useConfirmImport, usePreviewImport } from '../api/import-customers';

/*
 * 'Importa clienti' (issue 27): a CSV or XLSX file with the template's columns; the preview says
 * row by row what will be added and what is refused, with the reason; nothing is saved before
 * 'Adauga'. The server judges the rows again on the confirmation.
 */

const TEMPLATE = `${CUSTOMER_IMPORT_COLUMNS.join(',')}\nFirma,Exemplu Distributie SRL,RO,0722123456,office@exemplu.ro,RO14399840,CJ,Cluj-Napoca,400114,Memorandumului,28,\nPersoana fizica,Ion Popescu,RO,0733111222,,,B,Sectorul 1,010093,Calea Victoriei,120,Ap. 3\n`;

export function ImportDialog({ onClose }: { onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const preview = usePreviewImport();
  const confirm = useConfirmImport();
  const { enqueueSnackbar } = useSnackbar();
  const [fileName, setFileName] = useState<string | null>(null);
  const result: TCustomerImportPreviewResponse | undefined = preview.data;
  const toAdd = useMemo(() => (result?.rows ?? []).filter((r) => r.status === 'add').map((r) => r.customer as TCustomerInput), [result]);
  const templateHref = useMemo(() => `data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`, []);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    preview.reset();
    preview.mutate(file);
  };

  const onConfirm = () =>
    confirm.mutate(toAdd, {
      onSuccess: (data) => {
        enqueueSnackbar(data.message, { variant: 'success' });
        onClose();
      },
      onError: (error) => enqueueSnackbar(apiErrorMessage(error), { variant: 'error' }),
    });

  const fileError = preview.error instanceof ApiError ? (preview.error.errors?.file ?? preview.error.message) : preview.error ? apiErrorMessage(preview.error) : null;
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby="import-dialog-title">
      <DialogTitle id="import-dialog-title">Importa clienti</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            Un fisier CSV sau XLSX (cel mult 2 MB, 2000 de randuri) cu capul de tabel: {CUSTOMER_IMPORT_COLUMNS.join(', ')}. Judetul se scrie prin codul sau (CJ, B...).{' '}
            <Link href={templateHref} download="model-clienti.csv">
              Descarca modelul
            </Link>
          </Typography>
          <Box>
            <Button component="label" variant="outlined" startIcon={<UploadFileOutlinedIcon />} disabled={preview.isPending}>
              {preview.isPending ? 'Se verifica fisierul...' : 'Alege fisierul'}
              <input
                hidden
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-label="Fisier cu clienti"
                onChange={(e) => {
                  onFile(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            </Button>
            {fileName && (
              <Typography component="span" variant="body2" sx={{ ml: 2 }}>
                {fileName}
              </Typography>
            )}
          </Box>
          {fileError && <Alert severity="error">{fileError}</Alert>}
          {result && (
            <>
              <Alert severity={result.refused > 0 ? 'warning' : 'success'} data-testid="import-summary">
                {`Se adauga: ${result.toAdd}. Refuzate: ${result.refused}.`}
              </Alert>
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label="Previzualizare import">
                  <TableHead>
                    <TableRow>
                      <TableCell>Rand</TableCell>
                      <TableCell>Nume</TableCell>
                      <TableCell>Rezultat</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {result.rows.map((r) => (
                      <TableRow key={r.line} data-testid="import-row">
                        <TableCell>{r.line}</TableCell>
                        <TableCell>{r.name || '-'}</TableCell>
                        <TableCell>
                          {r.status === 'add' ? (
                            <Chip size="small" color="success" label="Se adauga" />
                          ) : (
                            <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                              <Chip size="small" color="error" label="Refuzat" />
                              <Typography variant="body2">{r.reason}</Typography>
                            </Stack>
                          )}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Renunta</Button>
        <Button variant="contained" onClick={onConfirm} disabled={!result || toAdd.length === 0 || confirm.isPending}>
          {toAdd.length === 1 ? 'Adauga 1 client' : `Adauga ${toAdd.length} clienti`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
