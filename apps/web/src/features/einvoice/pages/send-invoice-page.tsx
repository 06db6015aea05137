import { isValidCui, ZInvoiceFormRequest, type TInvoiceFormRequest } from '@colete/contract';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { Alert, Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ApiError, apiErrorMessage } from '../../../lib/api-client';
import { bucharestDay } from '../../../lib/format';
import { useConnectedCompanies } from '../api/received-invoices';
import { useAvailableCurrencies, useSendInvoice, useVatValues } from '../api/send-invoice';
import { EInvoiceTabs } from '../components/einvoice-tabs';
import { baniOf, emptyLine, InvoiceLines, quantityOf, type LineDraft } from '../components/invoice-lines';

/*
 * /profile/invoicing-system/system-invoices/send: 'Trimite factura' (issue 26; spec 002 sections 3, 5):
 * an invoice or a credit note from one of the client's connected companies. The contract's schema
 * checks it here first; the server checks it again and with the official rules, whose findings come
 * back beside the fields or as a list.
 */

/** The same day a month later (the last day of a shorter month): the default due date. */
function monthAfter(day: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

type Draft = {
  company: string;
  kind: 'invoice' | 'creditNote';
  series: string;
  number: string;
  issueDate: string;
  dueDate: string;
  currency: string;
  exchangeRate: string;
  creditedNumber: string;
  creditedDate: string;
  buyerType: 'company' | 'individual';
  buyerName: string;
  buyerId: string;
  street: string;
  city: string;
  countyCode: string;
  postalCode: string;
  country: string;
};

function requestOf(d: Draft, lines: LineDraft[]): TInvoiceFormRequest {
  return {
    identificationCode: d.company,
    kind: d.kind,
    series: d.series,
    number: d.number,
    issueDate: d.issueDate,
    dueDate: d.dueDate,
    currency: d.currency as TInvoiceFormRequest['currency'],
    ...(d.currency !== 'RON' ? { exchangeRate: Number(d.exchangeRate.replace(',', '.')) } : {}),
    ...(d.kind === 'creditNote' ? { creditedInvoice: { number: d.creditedNumber, issueDate: d.creditedDate } } : {}),
    buyer: {
      type: d.buyerType,
      name: d.buyerName,
      identification: d.buyerId,
      vatPayer: d.buyerType === 'company' && /^RO/i.test(d.buyerId.trim()) && isValidCui(d.buyerId),
      address: { street: d.street, city: d.city, countyCode: d.countyCode, postalCode: d.postalCode, country: d.country },
    },
    lines: lines.map((l) => ({ name: l.name, quantity: quantityOf(l.quantity), unitCode: l.unitCode as 'H87', vatRate: l.vatRate, unitPriceBani: baniOf(l.price) })),
  };
}

export default function SendInvoicePage() {
  const navigate = useNavigate();
  const companies = useConnectedCompanies();
  const currencies = useAvailableCurrencies();
  const vat = useVatValues();
  const send = useSendInvoice();
  const rates = vat.data?.list.map((v) => v.value) ?? [21, 11];
  const today = bucharestDay();
  const [d, setD] = useState<Draft>({
    company: '',
    kind: 'invoice',
    series: '',
    number: '',
    issueDate: today,
    dueDate: monthAfter(today),
    currency: 'RON',
    exchangeRate: '',
    creditedNumber: '',
    creditedDate: '',
    buyerType: 'company',
    buyerName: '',
    buyerId: '',
    street: '',
    city: '',
    countyCode: '',
    postalCode: '',
    country: 'RO',
  });
  const [lines, setLines] = useState<LineDraft[]>([emptyLine(rates[0] ?? 21)]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [findings, setFindings] = useState<{ id: string; text: string }[]>([]);
  const company = d.company || companies.data?.[0]?.entityData.identificationCode || '';

  const field = (key: keyof Draft, label: string, path: string, extra: { type?: string; select?: string[][]; width?: number } = {}) => (
    <TextField
      label={label}
      size="small"
      type={extra.type}
      select={!!extra.select}
      value={d[key]}
      onChange={(e) => setD({ ...d, [key]: e.target.value })}
      error={!!errors[path]}
      helperText={errors[path]}
      sx={{ minWidth: extra.width ?? 160, flex: 1 }}
      InputLabelProps={extra.type === 'date' ? { shrink: true } : undefined}
    >
      {extra.select?.map(([value, text]) => (
        <MenuItem key={value} value={value}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );

  async function submit() {
    const request = requestOf({ ...d, company }, lines);
    const parsed = ZInvoiceFormRequest.safeParse(request);
    setFindings([]);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    try {
      await send.mutateAsync(request);
      void navigate(`/profile/invoicing-system/system-invoices/sent/list?company=${encodeURIComponent(company)}`);
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(err.errors ?? {});
        setFindings(err.findings ?? []);
      }
    }
  }

  return (
    <Box>
      <PageHeader title="Trimite factura" subtitle="Emiteti o factura sau o nota de credit din firma conectata la e-Factura." />
      <EInvoiceTabs />
      <Paper sx={{ p: 2, maxWidth: 1200 }}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
            <TextField select label="Firma emitenta" size="small" value={company} onChange={(e) => setD({ ...d, company: e.target.value })} sx={{ minWidth: 240, flex: 2 }}>
              {(companies.data ?? []).map((c) => (
                <MenuItem key={c.entityData.identificationCode} value={c.entityData.identificationCode}>
                  {c.entityData.name} ({c.entityData.identificationCode})
                </MenuItem>
              ))}
            </TextField>
            {field('kind', 'Tip document', 'kind', { select: [['invoice', 'Factura'], ['creditNote', 'Nota de credit']] })}
            {field('series', 'Serie', 'series', { width: 100 })}
            {field('number', 'Numar', 'number', { width: 120 })}
          </Stack>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
            {field('issueDate', 'Data facturii', 'issueDate', { type: 'date' })}
            {field('dueDate', 'Data scadentei', 'dueDate', { type: 'date' })}
            {field('currency', 'Moneda', 'currency', { select: (currencies.data?.list ?? ['RON']).map((c) => [c, c]) })}
            {d.currency !== 'RON' && field('exchangeRate', 'Curs RON', 'exchangeRate')}
          </Stack>
          {d.kind === 'creditNote' && (
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
              {field('creditedNumber', 'Factura corectata (serie si numar)', 'creditedInvoice.number')}
              {field('creditedDate', 'Data facturii corectate', 'creditedInvoice.issueDate', { type: 'date' })}
            </Stack>
          )}
          <Typography variant="subtitle1">Client</Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
            {field('buyerType', 'Tip client', 'buyer.type', { select: [['company', 'Firma'], ['individual', 'Persoana fizica']] })}
            {field('buyerName', 'Nume', 'buyer.name', { width: 240 })}
            {field('buyerId', d.buyerType === 'company' ? 'CUI / cod TVA' : 'CNP (optional)', 'buyer.identification')}
          </Stack>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
            {field('street', 'Strada si numar', 'buyer.address.street', { width: 240 })}
            {field('city', 'Localitate', 'buyer.address.city')}
            {field('countyCode', 'Judet (cod, ex. CJ, B)', 'buyer.address.countyCode', { width: 100 })}
            {field('postalCode', 'Cod postal', 'buyer.address.postalCode', { width: 100 })}
            {field('country', 'Tara', 'buyer.address.country', { width: 80 })}
          </Stack>
          <InvoiceLines lines={lines} onChange={setLines} vatRates={rates} currency={d.currency} errors={errors} />
          {findings.length > 0 && (
            <Alert severity="error">
              {findings.map((f, i) => (
                <div key={i}>{f.text}</div>
              ))}
            </Alert>
          )}
          {send.isError && !(send.error instanceof ApiError && send.error.errors) && findings.length === 0 && <Alert severity="error">{apiErrorMessage(send.error)}</Alert>}
          <Box>
            <Button variant="contained" startIcon={<SendOutlinedIcon />} disabled={send.isPending || !company} onClick={() => void submit()}>
              Trimite factura
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Box>
  );
}
