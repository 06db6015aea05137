import { einvoiceMessages, RECEIVED_MESSAGES, RECEIVED_PAGE_SIZE, RECEIVED_STATUSES_SHOWN, receivedStatusLabel, type ReceivedInvoiceStatus } from '@colete/contract';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { Alert, Box, Button, Checkbox, ListItemText, MenuItem, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
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
import { useConnectedCompanies, useReceivedInvoices } from '../api/received-invoices';
import { CompanyCard } from '../components/company-card';
import { EInvoiceTabs } from '../components/einvoice-tabs';
import { useEInvoiceReturn } from '../components/einvoice-connect-dialog';
import { AddSupplierDialog, MessagesDialog, RejectDialog } from '../components/received-actions';
import { ReceivedRows, WarningDialog } from '../components/received-rows';

const statusesParam: TableParam<ReceivedInvoiceStatus[]> = {
  read: (raw) => (raw ? (raw.split(',').filter((s) => s.length > 0) as ReceivedInvoiceStatus[]) : []),
  write: (list) => (list.length > 0 ? list.join(',') : null),
};
const TABLE = {
  company: tableParam.text(20),
  from: tableParam.day(),
  to: tableParam.day(),
  by: tableParam.oneOf(['invoiceDate', 'eInvoiceDate'] as const),
  status: statusesParam,
  seller: tableParam.text(200),
  sellerId: tableParam.text(30),
  page: tableParam.page(),
};


/** /profile/invoicing-system/system-invoices/received/list: the received invoices of a connected company (issue 25). */
export default function ReceivedInvoicesPage() {
  // The seller boxes are typed: they follow the shared debounced text filters (the URL after the pause).
  const { values, update, input, setInput } = useTableQuery(TABLE);
  const billing = useConnectedCompanies();
  // Back from the consent page started on e-Factura's pages: its outcome once.
  useEInvoiceReturn();
  const connected = billing.data ?? [];
  const company = connected.find((e) => e.entityData.identificationCode === values.company) ?? connected[0];
  const to = values.to || bucharestDay();
  const from = values.from || monthBefore(to);
  const usedDate = values.by ?? 'invoiceDate';
  const list = useReceivedInvoices(
    company
      ? {
          identificationCode: company.entityData.identificationCode,
          usedDate,
          filtersObj: { status: values.status, date: { fromDate: from, toDate: to }, seller: { name: values.seller, identification: values.sellerId }, pagination: values.page },
        }
      : null,
  );
  // The open dialog, held here: it outlives the switch between the table and the phone's cards.
  const [dialog, setDialog] = useState<{ kind: 'warning' | 'reject' | 'supplier' | 'messages'; id: number; label?: string } | null>(null);
  const rows = list.data?.list ?? [];
  const type = list.data?.accountType ?? 'customer';
  const shown = dialog && rows.find((r) => r.receivedInvoiceId === dialog.id);
  const close = () => setDialog(null);

  if (billing.isPending) return <LoadingState label="Se incarca firmele conectate..." />;
  if (billing.isError) return <ErrorState message={einvoiceMessages.companiesFailed} onRetry={() => void billing.refetch()} />;
  return (
    <>
      <PageHeader title="Facturi primite" subtitle="Facturile primite prin e-Factura (SPV) de firmele conectate, pastrate cu originalul semnat." />
      <EInvoiceTabs />
      {!company ? (
        // No company connected: the connect page (spec 002 section 2.7).
        <Navigate to="/profile/invoicing-system/connect" replace />
      ) : (
        <>
          <CompanyCard company={company} others={connected.filter((c) => c !== company)} onChange={(code) => update({ company: code })} />
          {list.data && list.data.lastSync === null && (
            <Alert severity="info" sx={{ mb: 2, maxWidth: 1200 }} action={<Button onClick={() => void list.refetch()}>Reincarca</Button>}>
              Conectarea a reusit. Facturile vor fi descarcate in curand.
            </Alert>
          )}
          <Box role="search" aria-label="Filtre facturi primite" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: '160px 160px max-content minmax(160px, 1fr) minmax(160px, 1fr) minmax(140px, 1fr)' }, alignItems: 'center', mb: 2, maxWidth: 1200 }}>
            <DateField label="De la" value={from} onChange={(day) => update({ from: day })} max={to} />
            <DateField label="Pana la" value={to} onChange={(day) => update({ to: day })} min={from} />
            <ToggleButtonGroup exclusive size="small" value={usedDate} onChange={(_e, v: 'invoiceDate' | 'eInvoiceDate' | null) => v && update({ by: v === 'invoiceDate' ? undefined : v })} aria-label="Data folosita la filtrare" sx={{ gridColumn: { xs: 'span 2', md: 'auto' } }}>
              <ToggleButton value="invoiceDate" sx={{ whiteSpace: 'nowrap' }}>
                Data facturii
              </ToggleButton>
              <ToggleButton value="eInvoiceDate" sx={{ whiteSpace: 'nowrap' }}>
                Data e-Factura
              </ToggleButton>
            </ToggleButtonGroup>
            <TextField
              select
              label="Status"
              value={values.status}
              onChange={(e) => update({ status: (typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value) as ReceivedInvoiceStatus[] })}
              slotProps={{ select: { multiple: true, renderValue: (v) => (v as ReceivedInvoiceStatus[]).map((s) => receivedStatusLabel(type, s)).join(', ') } }}
              sx={{ gridColumn: { xs: 'span 2', md: 'auto' } }}
            >
              {RECEIVED_STATUSES_SHOWN[type].map((s) => (
                <MenuItem key={s} value={s}>
                  <Checkbox size="small" checked={values.status.includes(s)} />
                  <ListItemText primary={receivedStatusLabel(type, s)} />
                </MenuItem>
              ))}
            </TextField>
            <TextField label="Furnizor" value={input.seller} onChange={(e) => setInput('seller', e.target.value)} />
            <TextField label="CUI furnizor" value={input.sellerId} onChange={(e) => setInput('sellerId', e.target.value)} />
          </Box>
          <ListStates query={list} loadingLabel="Se incarca facturile..." errorMessage={RECEIVED_MESSAGES.listFailed} maxWidth={1200} empty={{ when: rows.length === 0, icon: <ReceiptLongOutlinedIcon aria-hidden />, text: 'Nicio factura primita in perioada si cu filtrele alese.' }}>
            <ReceivedRows
              rows={rows}
              type={type}
              onSeller={(id) => setInput('sellerId', id)}
              onWarning={(i) => setDialog({ kind: 'warning', id: i.receivedInvoiceId })}
              onDialog={(i, kind, label) => setDialog({ kind, id: i.receivedInvoiceId, label })}
              onMessages={(i) => setDialog({ kind: 'messages', id: i.receivedInvoiceId })}
            />
            <Paginator page={values.page} pageSize={RECEIVED_PAGE_SIZE} count={list.data?.pagination.totalCount ?? 0} onChange={(page) => update({ page })} />
          </ListStates>
          {shown && dialog.kind === 'warning' && <WarningDialog invoice={shown} onClose={close} />}
          {shown && dialog.kind === 'reject' && <RejectDialog invoice={shown} label={dialog.label ?? ''} onClose={close} />}
          {shown && dialog.kind === 'supplier' && <AddSupplierDialog invoice={shown} label={dialog.label ?? ''} couriers={list.data?.couriers ?? []} onClose={close} />}
          {shown && dialog.kind === 'messages' && <MessagesDialog invoice={shown} onClose={close} />}
        </>
      )}
    </>
  );
}
