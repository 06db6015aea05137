import { INVOICES_MESSAGES as T, type TInvoiceListItem } from '@colete/contract';
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Chip, List, ListItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { downloadFile } from '../../../lib/download-file';
import { formatDate, formatMoneyBani } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';

type Props = { rows: TInvoiceListItem[] };

const fileBase = (i: TInvoiceListItem) => i.fullNumber.replace(' ', '-');

/** Downloads through fetch: a failure says 'A intervenit o eroare! Va rugam reincercati!' (spec 002 section 8) for 5 s. */
function useDownload() {
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, url: string, name: string) => {
    setBusy(key);
    try {
      await downloadFile(url, name);
    } catch {
      enqueueSnackbar(T.downloadError, { variant: 'error', autoHideDuration: 5_000 });
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

function Downloads({ i }: { i: TInvoiceListItem }) {
  const { busy, run } = useDownload();
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: { md: 'flex-end' } }}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<DownloadIcon />}
        disabled={busy === 'pdf'}
        aria-label={`${T.pdf} ${i.fullNumber}`}
        onClick={() => void run('pdf', i.pdfUrl, `Factura-${fileBase(i)}.pdf`)}
      >
        {T.pdf}
      </Button>
      {i.annexUrl && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={busy === 'annex'}
          aria-label={`${T.annex} ${i.fullNumber}`}
          onClick={() => void run('annex', i.annexUrl!, `Anexa-${fileBase(i)}.xlsx`)}
        >
          {T.annex}
        </Button>
      )}
    </Stack>
  );
}

function Number({ i }: { i: TInvoiceListItem }) {
  return (
    <>
      <Typography component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        {i.fullNumber}
      </Typography>
      {i.kind === 'credit_note' && <Chip size="small" color="warning" variant="outlined" label={T.creditNote} sx={{ ml: 1 }} />}
      {i.creditsInvoice && (
        <Typography variant="body2" color="text.secondary">
          {T.creditsInvoice} {i.creditsInvoice.fullNumber}
        </Typography>
      )}
    </>
  );
}

const Paid = ({ i }: { i: TInvoiceListItem }) => <Chip size="small" color={i.paid ? 'success' : 'default'} variant={i.paid ? 'filled' : 'outlined'} label={i.paid ? T.yes : T.no} />;

/** The invoices and credit notes: a table on wide screens, one card per document on a phone. */
export function InvoicesTable({ rows }: Props) {
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  return wide ? (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={T.title} sx={{ '& th, & td': { px: 1 }, '& th': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell>{T.number}</TableCell>
            <TableCell>{T.date}</TableCell>
            <TableCell>{T.entity}</TableCell>
            <TableCell align="right">{T.amountNoVat}</TableCell>
            <TableCell align="right">{T.amount}</TableCell>
            <TableCell>{T.status}</TableCell>
            <TableCell align="right">Descarcare</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((i) => (
            <TableRow key={i.id} data-testid="invoice-row">
              <TableCell>
                <Number i={i} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(i.issuedAt)}</TableCell>
              <TableCell sx={{ minWidth: 160 }}>{i.entityName}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoneyBani(i.netBani)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {formatMoneyBani(i.totalBani)}
              </TableCell>
              <TableCell>
                <Paid i={i} />
              </TableCell>
              <TableCell align="right">
                <Downloads i={i} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  ) : (
    <List disablePadding aria-label={T.title}>
      {rows.map((i) => (
        <ListItem key={i.id} divider data-testid="invoice-row" sx={{ px: 1, display: 'block' }}>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 0.5 }}>
            <Box>
              <Number i={i} />
            </Box>
            <Paid i={i} />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {formatDate(i.issuedAt)} · {i.entityName}
          </Typography>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {T.amountNoVat}: {formatMoneyBani(i.netBani)} · <strong>{T.amount}: {formatMoneyBani(i.totalBani)}</strong>
          </Typography>
          <Downloads i={i} />
        </ListItem>
      ))}
    </List>
  );
}
