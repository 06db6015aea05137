import { einvoiceMessages, SENT_PAGE_SIZE, SENT_STATUS_CODES, SENT_STATUS_LABELS, SENT_STATUSES, type TOutgoingListRequest, type TSentInvoice } from '@colete/contract';
import OutboxOutlinedIcon from '@mui/icons-material/OutboxOutlined';
import { Box, Checkbox, ListItemText, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { DateField } from '../../../components/date-field/date-field';
import { ErrorState } from '../../../components/error-state';
import { ListStates } from '../../../components/list-states';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { Paginator } from '../../../components/paginator';
import { bucharestDay, monthBefore } from '../../../lib/format';
import { tableParam, useTableQuery, type TableParam } from '../../../lib/use-table-query';
import { useConnectedCompanies } from '../api/received-invoices';
import { useSentInvoices } from '../api/sent-invoices';
import { CompanyCard } from '../components/company-card';
import { EInvoiceTabs } from '../components/einvoice-tabs';
import { SentMessagesDialog } from '../components/sent-messages';
import { SentRows, StatusDetailsDialog } from '../components/sent-rows';

/* /profile/invoicing-system/system-invoices/sent/list: the e-invoices a connected company sent (issue 26; spec 002 sections 2.7, 4.9, 5). */

const codesParam: TableParam<number[]> = {
  read: (raw) => (raw ? raw.split(',').map(Number).filter((n) => Number.isInteger(n) && n >= 1 && n <= 5) : []),
  write: (list) => (list.length > 0 ? list.join(',') : null),
};
/** ?details=: a document whose status details open with the list (the admins' deadlines view links here). */
const idParam: TableParam<number | undefined> = {
  read: (raw) => (raw && /^\d{1,10}$/.test(raw) ? Number(raw) : undefined),
  write: (id) => (id === undefined ? null : String(id)),
};
const TABLE = {
  company: tableParam.text(20),
  from: tableParam.day(),
  to: tableParam.day(),
  status: codesParam,
  messages: tableParam.oneOf(['unread', 'read'] as const),
  buyer: tableParam.text(200),
  buyerId: tableParam.text(30),
  details: idParam,
  page: tableParam.page(),
};
/** Spec 002 section 9: the sent list's fetch is debounced 500 ms. */
const SENT_DEBOUNCE_MS = 500;
const SUCCESS = SENT_STATUS_CODES.success;

export default function SentInvoicesPage() {
  const { values, update, input, setInput } = useTableQuery(TABLE, { debounceMs: SENT_DEBOUNCE_MS });
  const billing = useConnectedCompanies();
  const connected = billing.data ?? [];
  const company = connected.find((e) => e.entityData.identificationCode === values.company) ?? connected[0];
  const to = values.to || bucharestDay();
  const from = values.from || monthBefore(to);
  // Spec 002 section 5: the message filter needs the success status; while it is set the dates are not used.
  const messageFilter = values.status.includes(SUCCESS) ? values.messages : undefined;
  const request: TOutgoingListRequest | null = company
    ? {
        identificationCode: company.entityData.identificationCode,
        page: values.page,
        filters: {
          ...(messageFilter ? { messageStatus: messageFilter === 'unread' ? 1 : 2 } : { dateFrom: from, dateTo: to }),
          status: values.status,
          ...(values.buyer || values.buyerId ? { buyer: { name: values.buyer, identification: values.buyerId } } : {}),
        },
      }
    : null;
  const list = useSentInvoices(request);
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const rows = list.data?.list ?? [];
  const own = list.data?.ownCompany ?? false;
  const shown = rows.find((r) => r.invoicingSystemId === (detailsId ?? values.details));
  const closeDetails = () => {
    setDetailsId(null);
    if (values.details !== undefined) update({ details: undefined });
  };
  // The document whose messages are open: as the list now has it, or as it was (a filter may leave it out once read).
  const [messagesOf, setMessagesOf] = useState<TSentInvoice | null>(null);
  const talking = messagesOf ? (rows.find((r) => r.invoicingSystemId === messagesOf.invoicingSystemId) ?? messagesOf) : null;

  if (billing.isPending) return <LoadingState label="Se incarca firmele conectate..." />;
  if (billing.isError) return <ErrorState message={einvoiceMessages.companiesFailed} onRetry={() => void billing.refetch()} />;
  return (
    <>
      <PageHeader title="Facturi trimise" subtitle="Facturile emise de firma conectata si raportate in e-Factura, fiecare cu termenul legal de 5 zile lucratoare." />
      <EInvoiceTabs />
      {!company ? (
        <Navigate to="/profile/invoicing-system/connect" replace />
      ) : (
        <>
          <CompanyCard company={company} others={connected.filter((c) => c !== company)} onChange={(code) => update({ company: code })} />
          <Box role="search" aria-label="Filtre facturi trimise" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: '160px 160px minmax(160px, 1fr) minmax(140px, 1fr) minmax(160px, 1fr) minmax(140px, 1fr)' }, alignItems: 'center', mb: 2, maxWidth: 1200 }}>
            <DateField label="De la" value={from} onChange={(day) => update({ from: day })} max={to} disabled={!!messageFilter} />
            <DateField label="Pana la" value={to} onChange={(day) => update({ to: day })} min={from} disabled={!!messageFilter} />
            {own && (
              <TextField
                select
                label="Status"
                value={values.status}
                onChange={(e) => update({ status: (typeof e.target.value === 'string' ? e.target.value.split(',').map(Number) : e.target.value) as number[] })}
                slotProps={{ select: { multiple: true, renderValue: (v) => (v as number[]).map((c) => SENT_STATUS_LABELS[SENT_STATUSES.find((s) => SENT_STATUS_CODES[s] === c)!]).join(', ') } }}
              >
                {SENT_STATUSES.map((s) => (
                  <MenuItem key={s} value={SENT_STATUS_CODES[s]}>
                    <Checkbox size="small" checked={values.status.includes(SENT_STATUS_CODES[s])} />
                    <ListItemText primary={SENT_STATUS_LABELS[s]} />
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              select
              label="Mesaje"
              value={messageFilter ?? ''}
              disabled={!values.status.includes(SUCCESS)}
              onChange={(e) => update({ messages: (e.target.value || undefined) as 'unread' | 'read' | undefined })}
            >
              <MenuItem value="">Toate</MenuItem>
              <MenuItem value="unread">Necitite</MenuItem>
              <MenuItem value="read">Citite</MenuItem>
            </TextField>
            <TextField label="Cumparator" value={input.buyer} onChange={(e) => setInput('buyer', e.target.value)} />
            <TextField label="CUI/CNP cumparator" value={input.buyerId} onChange={(e) => setInput('buyerId', e.target.value)} />
          </Box>
          <ListStates query={list} loadingLabel="Se incarca facturile..." errorMessage={einvoiceMessages.receivedListFailed} maxWidth={1200} empty={{ when: rows.length === 0, icon: <OutboxOutlinedIcon aria-hidden />, text: 'Nicio factura trimisa in perioada si cu filtrele alese.' }}>
            <SentRows rows={rows} ownCompany={own} onStatus={(i) => setDetailsId(i.invoicingSystemId)} onMessages={setMessagesOf} />
            <Paginator page={values.page} pageSize={SENT_PAGE_SIZE} count={list.data?.pagination.totalCount ?? 0} onChange={(page) => update({ page })} />
          </ListStates>
          {shown && <StatusDetailsDialog invoice={shown} onClose={closeDetails} />}
          {talking && <SentMessagesDialog invoice={talking} onClose={() => setMessagesOf(null)} />}
        </>
      )}
    </>
  );
}
