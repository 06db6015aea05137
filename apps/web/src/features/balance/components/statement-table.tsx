import { balanceMessages as T, invoiceAnnexPath, invoicePrintPath, type TInvoiceBalanceAmounts, type TInvoiceBalanceTransaction } from '@colete/contract';
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, List, ListItem, Stack, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { downloadFile } from '../../../lib/download-file';
import { formatDate, formatMoneyBani } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { PaymentActions } from './payment-actions';

type Props = { rows: TInvoiceBalanceTransaction[]; amounts: TInvoiceBalanceAmounts; admin: boolean; onChanged: () => void };

/** An invoice's PDF and annex: a failed download says the specification's text for 5 s. */
function InvoiceFiles({ invoice }: { invoice: NonNullable<TInvoiceBalanceTransaction['invoice']> }) {
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const base = invoice.invoiceNumber.replace(' ', '-');
  const run = async (url: string, name: string) => {
    setBusy(true);
    try {
      await downloadFile(url, name);
    } catch {
      enqueueSnackbar(T.exportError, { variant: 'error', autoHideDuration: 5_000 });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap', mr: 0.5 }}>
        {invoice.invoiceNumber}
      </Typography>
      <Button size="small" startIcon={<DownloadIcon />} disabled={busy} aria-label={`${T.download.pdf} ${invoice.invoiceNumber}`} onClick={() => void run(invoicePrintPath(invoice.id), `Factura-${base}.pdf`)}>
        {T.download.pdf}
      </Button>
      {invoice.hasAnnex && (
        <Button size="small" startIcon={<DownloadIcon />} disabled={busy} aria-label={`${T.download.annex} ${invoice.invoiceNumber}`} onClick={() => void run(invoiceAnnexPath(invoice.id), `Anexa-${base}.xlsx`)}>
          {T.download.annex}
        </Button>
      )}
    </Stack>
  );
}

/** The card that paid an advance: brand and last digits; the issuing bank when the processor named it. */
const cardNumber = (r: TInvoiceBalanceTransaction) => (r.cardData ? `${r.cardData.info.brand} **** ${r.cardData.cardNumber.lastDigits}` : '');
const card = (r: TInvoiceBalanceTransaction) => (r.cardData ? `${cardNumber(r)}${r.cardData.bank.name ? ` · ${r.cardData.bank.name}` : ''}` : '');

/** The wide table's card cell: the number on one line, the bank under it (wrapped, the column stays narrow). */
function CardCell({ r }: { r: TInvoiceBalanceTransaction }) {
  return (
    <TableCell sx={{ minWidth: 140, maxWidth: 180 }}>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {cardNumber(r)}
      </Box>
      {r.cardData?.bank.name && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {r.cardData.bank.name}
        </Typography>
      )}
    </TableCell>
  );
}
const money = (bani: number) => formatMoneyBani(bani);
type Line = { label: string; invoices: number; payments: number; difference: number; prePay: number; testId: string };

const lines = (a: TInvoiceBalanceAmounts): { previous: Line; total: Line } => ({
  previous: { label: T.previousLine, invoices: a.previousInvoices, payments: a.previousPayments, difference: a.previousDifference, prePay: a.previousPrePay, testId: 'previous-line' },
  total: { label: T.totalLine, invoices: a.totalInvoices, payments: a.totalPayments, difference: a.totalDifference, prePay: a.totalPrePay, testId: 'total-line' },
});

function WideLine({ line, admin }: { line: Line; admin: boolean }) {
  const cell = (bani: number, key: string): ReactNode => (
    <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: 'text.primary' }} data-testid={`${line.testId}-${key}`}>
      {money(bani)}
    </TableCell>
  );
  return (
    <TableRow data-testid={line.testId} sx={{ bgcolor: 'action.hover', '& td': { fontSize: '0.875rem' } }}>
      <TableCell colSpan={3} sx={{ fontWeight: 700, color: 'text.primary' }}>
        {line.label}
      </TableCell>
      {cell(line.invoices, 'invoices')}
      {cell(line.payments, 'payments')}
      {cell(line.difference, 'difference')}
      {cell(line.prePay, 'prepay')}
      <TableCell colSpan={admin ? 2 : 1} />
    </TableRow>
  );
}

function NarrowLine({ line }: { line: Line }) {
  return (
    <ListItem divider sx={{ px: 1, display: 'block', bgcolor: 'action.hover' }} data-testid={line.testId}>
      <Typography sx={{ fontWeight: 700 }}>{line.label}</Typography>
      <Typography variant="body2">
        {T.columns.invoiceAmount}: <span data-testid={`${line.testId}-invoices`}>{money(line.invoices)}</span> · {T.columns.paymentAmount}:{' '}
        <span data-testid={`${line.testId}-payments`}>{money(line.payments)}</span>
      </Typography>
      <Typography variant="body2">
        {T.columns.difference}: <strong data-testid={`${line.testId}-difference`}>{money(line.difference)}</strong> · {T.columns.prePayAmount}:{' '}
        <span data-testid={`${line.testId}-prepay`}>{money(line.prePay)}</span>
      </Typography>
    </ListItem>
  );
}

/** The invoices and payments of the period under the previous period's line, with the period's totals as the footer. */
export function StatementTable({ rows, amounts, admin, onChanged }: Props) {
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  const { previous, total } = lines(amounts);
  const actions = (r: TInvoiceBalanceTransaction) =>
    admin && r.payment ? (
      <PaymentActions paymentId={r.payment.id} amountBani={r.payment.leftBani} paymentBani={r.payment.amountBani} what={r.description} active={r.payment.active} onDone={onChanged} />
    ) : null;
  if (!wide) {
    return (
      <List disablePadding aria-label={T.tabs.invoices}>
        <NarrowLine line={previous} />
        {rows.map((r) => (
          <ListItem key={r.id} divider sx={{ px: 1, display: 'block' }} data-testid="statement-row">
            <Typography variant="body2" color="text.secondary">
              {formatDate(r.dateTime)}
              {card(r) && ` · ${card(r)}`}
            </Typography>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{r.description}</Typography>
            {r.invoice && <InvoiceFiles invoice={r.invoice} />}
            <Typography variant="body2">
              {T.columns.invoiceAmount}: {money(r.invoiceAmount)} · {T.columns.paymentAmount}: {money(r.paymentAmount)}
            </Typography>
            <Typography variant="body2" sx={{ mb: actions(r) ? 1 : 0 }}>
              {T.columns.difference}: <strong>{money(r.difference)}</strong> · {T.columns.prePayAmount}: {money(r.prePayAmount)}
            </Typography>
            {actions(r)}
          </ListItem>
        ))}
        <NarrowLine line={total} />
      </List>
    );
  }
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={T.tabs.invoices} sx={{ '& th': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell>{T.columns.date}</TableCell>
            <TableCell>{T.columns.description}</TableCell>
            <TableCell>{T.columns.invoice}</TableCell>
            <TableCell align="right">{T.columns.invoiceAmount}</TableCell>
            <TableCell align="right">{T.columns.paymentAmount}</TableCell>
            <TableCell align="right">{T.columns.difference}</TableCell>
            <TableCell align="right">{T.columns.prePayAmount}</TableCell>
            <TableCell>{T.columns.card}</TableCell>
            {admin && <TableCell>{T.columns.actions}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          <WideLine line={previous} admin={admin} />
          {rows.map((r) => (
            <TableRow key={r.id} data-testid="statement-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.dateTime)}</TableCell>
              <TableCell sx={{ minWidth: 180 }}>{r.description}</TableCell>
              <TableCell>{r.invoice && <InvoiceFiles invoice={r.invoice} />}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="row-invoice">
                {money(r.invoiceAmount)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="row-payment">
                {money(r.paymentAmount)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }} data-testid="row-difference">
                {money(r.difference)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(r.prePayAmount)}
              </TableCell>
              <CardCell r={r} />
              {admin && <TableCell>{actions(r)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <WideLine line={total} admin={admin} />
        </TableFooter>
      </Table>
    </Box>
  );
}
