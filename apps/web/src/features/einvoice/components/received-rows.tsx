import { RECEIVED_MESSAGES, receivedStatusLabel, receivedStatusTone, type EInvoiceAccountType, type ReceivedInvoiceStatus, type TReceivedInvoice } from '@colete/contract';
import DownloadIcon from '@mui/icons-material/Download';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Alert, Box, Button, Checkbox, Chip, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Link, Menu, MenuItem, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, alpha, useMediaQuery, useTheme, type Theme } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { downloadFile } from '../../../lib/download-file';
import { formatDate, formatDateTime, formatMoneyBani } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { receivedDownloadUrl, useAcknowledgeWarning } from '../api/received-invoices';
import { MessagesButton, ReceivedActions, type ActionDialog } from './received-actions';

/* The received invoices' rows (a table, cards on a phone), their warning dialog and downloads (issue 25). */

/** A received invoice's page. */
export const receivedInvoicePath = (id: number) => `/profile/invoicing-system/system-invoices/received/${id}`;

/** The warnings of an invoice; one still open is acknowledged with 'Am luat la cunostinta' (spec 002 sections 4.8 and 5). */
export function WarningDialog({ invoice, onClose }: { invoice: TReceivedInvoice; onClose: () => void }) {
  const [ticked, setTicked] = useState(false);
  const acknowledge = useAcknowledgeWarning();
  const { enqueueSnackbar } = useSnackbar();
  const open = invoice.warnings.status === 1;
  return (
    <Dialog open onClose={onClose} aria-labelledby="warning-title" fullWidth maxWidth="sm">
      <DialogTitle id="warning-title">Avertismente factura {invoice.generalData.invoiceIdentification}</DialogTitle>
      <DialogContent>
        <Stack spacing={1}>
          {invoice.warnings.text.map((w) => (
            <Alert key={w} severity="warning">
              {w}
            </Alert>
          ))}
        </Stack>
        {open ? (
          <FormControlLabel sx={{ mt: 2 }} control={<Checkbox checked={ticked} onChange={(e) => setTicked(e.target.checked)} />} label="Am luat la cunostinta" />
        ) : (
          <Chip sx={{ mt: 2 }} color="success" label="Verificata" />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Inchide</Button>
        {open && (
          <Button
            variant="contained"
            disabled={!ticked || acknowledge.isPending}
            onClick={() =>
              acknowledge.mutate(
                { receivedInvoiceId: invoice.receivedInvoiceId, oldStatus: 1, changeToNewStatus: 2 },
                {
                  onSuccess: (r) => {
                    enqueueSnackbar(r.message, { variant: 'success' });
                    onClose();
                  },
                  onError: () => enqueueSnackbar(RECEIVED_MESSAGES.statusFailed, { variant: 'error' }),
                },
              )
            }
          >
            Confirma
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** ZIP, XML and PDF (the supplier's when attached, ours from the XML otherwise), as files named by the server. */
export function Downloads({ invoice }: { invoice: TReceivedInvoice }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { enqueueSnackbar } = useSnackbar();
  const get = async (kind: 'zip' | 'xml' | 'pdf') => {
    setAnchor(null);
    try {
      await downloadFile(receivedDownloadUrl(invoice.receivedInvoiceId, kind), `factura-${invoice.generalData.invoiceIdentification}.${kind}`);
    } catch (err) {
      enqueueSnackbar(err instanceof Error ? err.message : RECEIVED_MESSAGES.statusFailed, { variant: 'error' });
    }
  };
  return (
    <>
      <Button size="small" variant="outlined" startIcon={<DownloadIcon />} aria-label={`Descarca factura ${invoice.generalData.invoiceIdentification}`} onClick={(e) => setAnchor(e.currentTarget)}>
        Descarca
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void get('zip')}>ZIP (original semnat)</MenuItem>
        <MenuItem onClick={() => void get('xml')}>XML</MenuItem>
        <MenuItem onClick={() => void get('pdf')}>{invoice.hasPdf ? 'PDF (de la furnizor)' : 'PDF (generat din XML)'}</MenuItem>
      </Menu>
    </>
  );
}

function WarningButton({ invoice, onOpen }: { invoice: TReceivedInvoice; onOpen: () => void }) {
  if (invoice.warnings.text.length === 0) return <Typography color="text.secondary" aria-label="Fara avertismente">-</Typography>;
  const open = invoice.warnings.status === 1;
  return (
    <Button size="small" color={open ? 'warning' : 'success'} variant={open ? 'contained' : 'outlined'} startIcon={<WarningAmberIcon />} onClick={onOpen} aria-label={`Avertismente factura ${invoice.generalData.invoiceIdentification}`}>
      {open ? invoice.warnings.text.length : 'Verificata'}
    </Button>
  );
}

/** A received invoice's status as its account type names it, coloured by what it asks of the user. */
export function ReceivedStatusChip({ type, status }: { type: EInvoiceAccountType; status: ReceivedInvoiceStatus }) {
  const tone = receivedStatusTone(type, status);
  return <Chip size="small" variant={tone === 'default' ? 'outlined' : 'filled'} color={tone} label={receivedStatusLabel(type, status)} />;
}

type RowEvents = { onSeller: (id: string) => void; onWarning: (i: TReceivedInvoice) => void; onDialog: (i: TReceivedInvoice, kind: ActionDialog, label: string) => void; onMessages: (i: TReceivedInvoice) => void };

export function ReceivedRows({ rows, type, onSeller, onWarning, onDialog, onMessages }: { rows: TReceivedInvoice[]; type: EInvoiceAccountType } & RowEvents) {
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  const status = (i: TReceivedInvoice) => <ReceivedStatusChip type={type} status={i.status} />;
  const seller = (i: TReceivedInvoice) => (
    <Link component="button" type="button" onClick={() => onSeller(i.seller.identification)} title="Filtreaza dupa acest furnizor" sx={{ textAlign: 'left' }}>
      {i.seller.name}
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        CUI {i.seller.identification}
      </Typography>
    </Link>
  );
  // A row with a warning not acknowledged yet: the theme's warning colour, faint.
  const highlight = (i: TReceivedInvoice) => (i.warnings.status === 1 ? { backgroundColor: (t: Theme) => alpha(t.palette.warning.main, 0.08) } : undefined);
  if (!wide) {
    return (
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Facturi primite">
        {rows.map((i) => (
          <Box component="li" key={i.receivedInvoiceId} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, ...highlight(i) }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
              <Link component={RouterLink} to={receivedInvoicePath(i.receivedInvoiceId)} sx={{ fontWeight: 600 }} aria-label={`Deschide factura ${i.generalData.invoiceIdentification}`}>
                {i.generalData.invoiceIdentification}
                {i.kind === 'creditNote' ? ' (storno)' : ''}
              </Link>
              {status(i)}
            </Stack>
            {seller(i)}
            <Typography variant="body2">
              Factura: {formatDate(i.generalData.invoiceDate)} · e-Factura: {formatDate(i.eInvoiceData.date)}
            </Typography>
            <Typography variant="body2">
              TVA {formatMoneyBani(i.amounts.tax, i.amounts.currency)} · Total <strong>{formatMoneyBani(i.amounts.total, i.amounts.currency)}</strong>
            </Typography>
            <Stack direction="row" sx={{ mt: 1, gap: 1, flexWrap: 'wrap' }}>
              <WarningButton invoice={i} onOpen={() => onWarning(i)} />
              <Downloads invoice={i} />
              <ReceivedActions invoice={i} type={type} onDialog={(kind, label) => onDialog(i, kind, label)} />
              <MessagesButton invoice={i} onOpen={() => onMessages(i)} />
            </Stack>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    // Scrolls sideways rather than cut the last columns when the screen is narrower than the table.
    <TableContainer>
      <Table size="small" aria-label="Facturi primite">
        <TableHead>
          <TableRow>
            <TableCell>Furnizor</TableCell>
            <TableCell>Data facturii</TableCell>
            <TableCell>Data e-Factura</TableCell>
            <TableCell>Numar factura</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">TVA</TableCell>
            <TableCell align="right">Total</TableCell>
            <TableCell>Avertismente</TableCell>
            <TableCell>Actiuni</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((i) => (
            <TableRow key={i.receivedInvoiceId} sx={highlight(i)} data-warning={i.warnings.status === 1 ? 'open' : undefined}>
              <TableCell sx={{ minWidth: 150 }}>{seller(i)}</TableCell>
              <TableCell>{formatDate(i.generalData.invoiceDate)}</TableCell>
              <TableCell>{formatDateTime(i.eInvoiceData.date)}</TableCell>
              <TableCell>
                <Link component={RouterLink} to={receivedInvoicePath(i.receivedInvoiceId)} aria-label={`Deschide factura ${i.generalData.invoiceIdentification}`}>
                  {i.generalData.invoiceIdentification}
                </Link>
                {i.kind === 'creditNote' && <Chip size="small" sx={{ ml: 1 }} label="Storno" />}
              </TableCell>
              <TableCell>{status(i)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoneyBani(i.amounts.tax, i.amounts.currency)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {formatMoneyBani(i.amounts.total, i.amounts.currency)}
              </TableCell>
              <TableCell>
                <WarningButton invoice={i} onOpen={() => onWarning(i)} />
              </TableCell>
              <TableCell>
                <Stack sx={{ gap: 0.5, alignItems: 'stretch', minWidth: 120 }}>
                  <Downloads invoice={i} />
                  <ReceivedActions invoice={i} type={type} onDialog={(kind, label) => onDialog(i, kind, label)} />
                  <MessagesButton invoice={i} onOpen={() => onMessages(i)} />
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
