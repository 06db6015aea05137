import { ZInvoiceFormRequest } from '@colete/contract';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { EMPTY_ADDRESS, type AddressFormValues } from '../../../components/address-form/address-values';
import { PageHeader } from '../../../components/page-header';
import { ApiError, apiErrorMessage } from '../../../lib/api-client';
import { bucharestDay } from '../../../lib/format';
import { useConnectedCompanies } from '../api/received-invoices';
import { useAvailableCurrencies, useSendInvoice, useVatValues } from '../api/send-invoice';
import { EInvoiceTabs } from '../components/einvoice-tabs';
import { InvoiceCustomer } from '../components/invoice-customer';
import { addressFieldOf, applyPick, EMPTY_CUSTOMER, emptyHeader, emptyLine, isRomanian, requestOf, type CustomerDraft, type CustomerPick, type HeaderDraft, type LineDraft } from '../components/invoice-draft';
import { InvoiceHeader } from '../components/invoice-header';
import { InvoiceLines } from '../components/invoice-lines';

/*
 * /profile/invoicing-system/system-invoices/send: 'Trimite factura' (issue 26; spec 002 sections 3, 5):
 * an invoice or a credit note from one of the client's connected companies. The contract's schema
 * checks it here first; the server checks it again and with the official rules, whose findings come
 * back beside the fields or as a list. A series and number already used for another invoice is said
 * beside the number; everything typed stays.
 */

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="subtitle1" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

type Props = {
  /** The customer filled in at the start (a customer of the book, issue 27). */
  initialCustomer?: CustomerPick;
  /** The saved customers' picker, in the customer section (the app puts the customer book's there). */
  picker?: (pick: (customer: CustomerPick) => void) => React.ReactNode;
};

export default function SendInvoicePage({ initialCustomer, picker }: Props = {}) {
  const navigate = useNavigate();
  const companies = useConnectedCompanies();
  const currencies = useAvailableCurrencies();
  const vat = useVatValues();
  const send = useSendInvoice();
  const rates = vat.data?.list.map((v) => v.value) ?? [21, 11];
  const [header, setHeader] = useState<HeaderDraft>(() => emptyHeader(bucharestDay()));
  const [initial] = useState(() => (initialCustomer ? applyPick(initialCustomer) : null));
  const [customer, setCustomer] = useState<CustomerDraft>(initial?.customer ?? EMPTY_CUSTOMER);
  const address = useForm<AddressFormValues>({ defaultValues: initial?.address ?? EMPTY_ADDRESS });
  const [lines, setLines] = useState<LineDraft[]>([emptyLine(rates[0] ?? 21)]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [findings, setFindings] = useState<{ id: string; text: string }[]>([]);
  const company = header.company || companies.data?.[0]?.entityData.identificationCode || '';
  const edited = (...paths: string[]) =>
    setErrors((e) => (paths.some((p) => p in e) ? Object.fromEntries(Object.entries(e).filter(([k]) => !paths.includes(k))) : e));

  /** Messages by field: a Romanian address's beside the shared address fields, the rest beside the form's own. */
  const showErrors = (all: Record<string, string>) => {
    address.clearErrors();
    const own: Record<string, string> = {};
    for (const [path, text] of Object.entries(all)) {
      const part = isRomanian(customer) ? addressFieldOf(path) : undefined;
      if (part) address.setError(part, { type: 'server', message: text });
      else own[path] = text;
    }
    setErrors(own);
  };

  async function submit() {
    const request = requestOf({ ...header, company }, customer, address.getValues(), lines);
    const parsed = ZInvoiceFormRequest.safeParse(request);
    setFindings([]);
    // The shared address fields say what only they know (a locality typed but not chosen) on a submit.
    await address.handleSubmit(() => undefined)();
    if (!parsed.success) {
      showErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    showErrors({});
    try {
      await send.mutateAsync(request);
      void navigate(`/profile/invoicing-system/system-invoices/sent/list?company=${encodeURIComponent(company)}`);
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      // Another invoice of the company under this series and number: said beside the number.
      if (err.code === 'numberUsed') showErrors({ number: err.message });
      else showErrors(err.errors ?? {});
      setFindings(err.findings ?? []);
    }
  }

  const failed = send.error instanceof ApiError ? send.error : null;
  const generalError = send.isError && !failed?.errors && failed?.code !== 'numberUsed' && findings.length === 0;
  return (
    <Box>
      <PageHeader title="Trimite factura" subtitle="Emiteti o factura sau o nota de credit din firma conectata la e-Factura." />
      <EInvoiceTabs />
      <Paper sx={{ p: { xs: 2, md: 3 }, maxWidth: 1200 }}>
        <Stack spacing={3}>
          <Section id="invoice-section" title="Factura">
            <InvoiceHeader
              draft={header}
              onChange={setHeader}
              company={company}
              companies={companies.data ?? []}
              currencies={currencies.data?.list ?? ['RON']}
              errors={errors}
              onEdited={edited}
            />
          </Section>
          <Section id="customer-section" title="Client">
            <InvoiceCustomer
              customer={customer}
              onChange={setCustomer}
              address={address}
              errors={errors}
              onEdited={edited}
              onFieldError={(path, text) => setErrors((e) => ({ ...e, [path]: text }))}
              picker={picker}
            />
          </Section>
          <InvoiceLines lines={lines} onChange={setLines} vatRates={rates} currency={header.currency} errors={errors} onEdited={edited} />
          {findings.length > 0 && (
            <Alert severity="error">
              {findings.map((f, i) => (
                <div key={i}>{f.text}</div>
              ))}
            </Alert>
          )}
          {generalError && <Alert severity="error">{apiErrorMessage(send.error)}</Alert>}
          <Box>
            <Button variant="contained" size="large" startIcon={<SendOutlinedIcon />} disabled={send.isPending || !company} onClick={() => void submit()}>
              Trimite factura
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Box>
  );
}
