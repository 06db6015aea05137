import { SENT_STATUS_CODES, SENT_STATUS_LABELS, SENT_STATUSES, type SentStatus, type TSentBuyerAddress, type TSentInvoice } from '@colete/contract';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, List, ListItem, ListItemText, Menu, MenuItem, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { downloadFile } from '../../../lib/download-file';
import { bucharestDay, formatDate, formatDateTime, formatMoneyBani } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { ApiError } from '../../../lib/api-client';
import { sentDownloadUrl, useReprocessSent, useSentStatusDetails } from '../api/sent-invoices';
import { SentBuyerAddressFields, useBuyerAddressForm } from './sent-buyer-address';
import { MessagesButton } from './sent-messages';

/* The sent e-invoices' rows (a table, cards on a phone), their downloads and status details (issue 26; spec 002 sections 2.7, 4.9). */

const statusOf = (code: number): SentStatus => SENT_STATUSES.find((s) => SENT_STATUS_CODES[s] === code) ?? 'initial';
const TONE: Record<SentStatus, 'default' | 'info' | 'error' | 'success'> = { initial: 'default', pending: 'info', error: 'error', success: 'success', notApplicable: 'default' };
/** An amount in the document's own currency: '1.199,93 lei', '1.199,93 EUR'. */
const money = (i: TSentInvoice, bani: number) => formatMoneyBani(bani, i.currency);
const numberOf = (i: TSentInvoice) => `${i.serial} ${i.invoiceNumber}`.trim();

export function SentStatusChip({ code }: { code: number }) {
  const status = statusOf(code);
  return <Chip size="small" color={TONE[status]} variant={TONE[status] === 'default' ? 'outlined' : 'filled'} label={SENT_STATUS_LABELS[status]} />;
}

/** The legal deadline: red when passed and not accepted yet, amber in its last two days. */
function Deadline({ invoice }: { invoice: TSentInvoice }) {
  const today = bucharestDay();
  const open = statusOf(invoice.status) !== 'success';
  const late = open && invoice.deadline < today;
  const close = open && !late && Date.parse(invoice.deadline) - Date.parse(today) <= 2 * 86_400_000;
  return (
    <Typography variant="body2" sx={{ color: late ? 'error.main' : close ? 'warning.dark' : undefined, fontWeight: late || close ? 600 : undefined, whiteSpace: 'nowrap' }}>
      {formatDate(invoice.deadline)}
      {late ? ' (depasit)' : ''}
    </Typography>
  );
}

/** XML, ZIP and PDF: only once e-Factura accepted the document (spec 002 section 4.9). */
function SentDownloads({ invoice, compact = false }: { invoice: TSentInvoice; compact?: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { enqueueSnackbar } = useSnackbar();
  const index = invoice.processingId.eInvoice;
  if (statusOf(invoice.status) !== 'success' || !index) return null;
  const get = async (kind: 'xml' | 'zip' | 'pdf') => {
    setAnchor(null);
    try {
      await downloadFile(sentDownloadUrl(index, kind), `efactura-${invoice.invoiceNumber}.${kind}`);
    } catch (err) {
      enqueueSnackbar(err instanceof Error ? err.message : 'A aparut o eroare!', { variant: 'error' });
    }
  };
  return (
    <>
      {compact ? (
        <IconButton size="small" color="primary" aria-label={`Descarca factura ${numberOf(invoice)}`} title="Descarca" onClick={(e) => setAnchor(e.currentTarget)}>
          <DownloadIcon fontSize="small" />
        </IconButton>
      ) : (
        <Button size="small" variant="outlined" startIcon={<DownloadIcon />} aria-label={`Descarca factura ${numberOf(invoice)}`} onClick={(e) => setAnchor(e.currentTarget)}>
          Descarca
        </Button>
      )}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void get('xml')}>XML (trimis)</MenuItem>
        <MenuItem onClick={() => void get('zip')}>ZIP (raspunsul semnat e-Factura)</MenuItem>
        <MenuItem onClick={() => void get('pdf')}>PDF (generat din XML)</MenuItem>
      </Menu>
    </>
  );
}

const DETAIL_LABELS: Record<string, string> = { queued: 'In asteptare', uploadSuccessful: 'Incarcata', uploadFailed: 'Netrimisa: reguli incalcate', uploadRejected: 'Respinsa de e-Factura', downloadSuccessful: 'Acceptata' };

/** A document's steps and the findings that stopped it (the status view of an error). */
export function StatusDetailsDialog({ invoice, onClose }: { invoice: TSentInvoice; onClose: () => void }) {
  const details = useSentStatusDetails(invoice.invoicingSystemId);
  const reprocess = useReprocessSent();
  const { enqueueSnackbar } = useSnackbar();
  const address = useBuyerAddressForm();
  const mend = details.data?.canMendBuyerAddress === true;
  const send = (buyerAddress?: TSentBuyerAddress) =>
    reprocess.mutate(
      { id: invoice.invoicingSystemId, buyerAddress },
      {
        onSuccess: (r) => {
          enqueueSnackbar(r.message, { variant: 'success' });
          onClose();
        },
        onError: (err) => {
          // The server's field messages go by their fields; anything else in the snackbar.
          const fields = err instanceof ApiError ? Object.entries(err.errors ?? {}).filter(([k]) => k.startsWith('buyerAddress.')) : [];
          fields.forEach(([k, text]) => address.setError(k.slice('buyerAddress.'.length) as keyof TSentBuyerAddress, { message: text }));
          if (fields.length === 0) enqueueSnackbar(err instanceof ApiError ? err.message : 'A aparut o eroare!', { variant: 'error' });
        },
      },
    );
  const again = () => (mend ? void address.handleSubmit((values) => send(values))() : send());
  return (
    <Dialog open onClose={onClose} aria-labelledby="sent-status-title" fullWidth maxWidth="md">
      <DialogTitle id="sent-status-title">Starea facturii {numberOf(invoice)}</DialogTitle>
      <DialogContent>
        {details.isPending && <LoadingState label="Se incarca starea..." />}
        {details.isError && <ErrorState message="Starea facturii nu a putut fi afisata." onRetry={() => void details.refetch()} />}
        {details.data && (
          <>
            {details.data.findings.length > 0 && (
              <Alert severity="error" sx={{ mb: 2 }}>
                <ul style={{ margin: 0, paddingLeft: 20 }}>
                  {details.data.findings.map((f, k) => (
                    <li key={k}>
                      <strong>{f.id}</strong>: {f.text}
                    </li>
                  ))}
                </ul>
              </Alert>
            )}
            <List dense aria-label="Pasii trimiterii">
              {details.data.list.map((d, k) => (
                <ListItem key={k} divider>
                  <ListItemText primary={`${DETAIL_LABELS[d.status.status] ?? d.status.status}: ${d.text}`} secondary={`${formatDateTime(d.createdAt)}${d.processingId ? ` · index ${d.processingId}` : ''}`} />
                </ListItem>
              ))}
            </List>
            {mend && statusOf(invoice.status) === 'error' && <SentBuyerAddressFields form={address} disabled={reprocess.isPending} />}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {statusOf(invoice.status) === 'error' && (
          <Button variant="contained" disabled={reprocess.isPending} onClick={again}>
            Retrimite dupa corectare
          </Button>
        )}
        <Button onClick={onClose}>Inchide</Button>
      </DialogActions>
    </Dialog>
  );
}

/** 'Vezi starea': every document of the platform's company; another company's when in error (spec 002 section 4.9), to mend and resend it. */
function StatusButton({ invoice, ownCompany, onOpen }: { invoice: TSentInvoice; ownCompany: boolean; onOpen: () => void }) {
  if (!ownCompany && statusOf(invoice.status) !== 'error') return null;
  return (
    <Button size="small" color={statusOf(invoice.status) === 'error' ? 'error' : 'primary'} onClick={onOpen} aria-label={`Starea facturii ${numberOf(invoice)}`}>
      Vezi starea
    </Button>
  );
}

export function SentRows({ rows, ownCompany, onStatus, onMessages }: { rows: TSentInvoice[]; ownCompany: boolean; onStatus: (i: TSentInvoice) => void; onMessages: (i: TSentInvoice) => void }) {
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  if (!wide) {
    return (
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Facturi trimise">
        {rows.map((i) => (
          <Box component="li" key={i.invoicingSystemId} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>{numberOf(i)}</Typography>
              <SentStatusChip code={i.status} />
            </Stack>
            <Typography variant="body2">
              {i.buyer.name} · {i.buyer.identification}
            </Typography>
            <Typography variant="body2">
              {formatDate(i.date)} · termen {formatDate(i.deadline)} · total <strong>{money(i, i.amounts.total)}</strong>
            </Typography>
            <Stack direction="row" sx={{ mt: 1, gap: 1, flexWrap: 'wrap' }}>
              <SentDownloads invoice={i} />
              <StatusButton invoice={i} ownCompany={ownCompany} onOpen={() => onStatus(i)} />
              {i.message.length > 0 && <MessagesButton invoice={i} onOpen={() => onMessages(i)} />}
            </Stack>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    // Scrolls sideways rather than cut the last columns when the screen is narrower than the table.
    // Focusable, so a keyboard can scroll it too. Narrow cell padding: the ten columns fit at 1440 px.
    <TableContainer tabIndex={0} role="region" aria-label="Tabelul facturilor trimise">
      <Table size="small" aria-label="Facturi trimise" sx={{ '& th, & td': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Serie si numar</TableCell>
            <TableCell>Cumparator</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Data</TableCell>
            <TableCell>Termen e-Factura</TableCell>
            <TableCell align="right">Valoare fara TVA</TableCell>
            <TableCell align="right">TVA</TableCell>
            <TableCell align="right">Total</TableCell>
            <TableCell>Mesaje</TableCell>
            <TableCell>Descarcare</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((i) => (
            <TableRow key={i.invoicingSystemId}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {numberOf(i)}
                {i.kind === 'creditNote' && <Chip size="small" sx={{ ml: 1 }} label="Storno" />}
              </TableCell>
              <TableCell sx={{ minWidth: 140 }}>
                {i.buyer.name}
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {i.buyer.identification}
                </Typography>
              </TableCell>
              <TableCell>
                <Stack sx={{ alignItems: 'flex-start', gap: 0.5 }}>
                  <SentStatusChip code={i.status} />
                  <StatusButton invoice={i} ownCompany={ownCompany} onOpen={() => onStatus(i)} />
                </Stack>
              </TableCell>
              <TableCell>{formatDate(i.date)}</TableCell>
              <TableCell>
                <Deadline invoice={i} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(i, i.amounts.taxExcluded)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(i, i.amounts.tax)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {money(i, i.amounts.total)}
              </TableCell>
              <TableCell>
                <MessagesButton invoice={i} onOpen={() => onMessages(i)} />
              </TableCell>
              <TableCell>
                <SentDownloads invoice={i} compact />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
