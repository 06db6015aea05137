import { RECEIVED_MESSAGES, unitLabel, type TReceivedDocument } from '@colete/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatMoneyBani } from '../../../lib/format';
import { useReceivedInvoice } from '../api/received-invoices';
import { CourierCheckCard } from '../components/courier-check';
import { AddSupplierDialog, MessagesButton, MessagesDialog, ReceivedActions, RejectDialog } from '../components/received-actions';
import { Downloads, ReceivedStatusChip, WarningDialog } from '../components/received-rows';

/* /profile/invoicing-system/system-invoices/received/:receivedInvoiceId: a received invoice drawn as a page from its XML (issue 25). */

const LIST = '/profile/invoicing-system/system-invoices/received/list';
const day = (iso: string | null) => (iso ? formatDate(iso) : '-');

function Party({ label, party }: { label: string; party: TReceivedDocument['seller'] }) {
  return (
    <Box sx={{ flex: '1 1 260px' }}>
      <Typography variant="overline" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{party.name ?? '-'}</Typography>
      <Typography variant="body2">{party.vatId ? `Cod TVA ${party.vatId}` : `CUI ${party.identification ?? '-'}`}</Typography>
      <Typography variant="body2" color="text.secondary">
        {[party.street, party.city, party.country].filter(Boolean).join(', ') || '-'}
      </Typography>
    </Box>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{value}</Typography>
    </Box>
  );
}

export default function ReceivedInvoicePage() {
  const id = Number(useParams().receivedInvoiceId);
  const query = useReceivedInvoice(id);
  const [dialog, setDialog] = useState<{ kind: 'warning' | 'reject' | 'supplier' | 'messages'; label?: string } | null>(null);
  const back = (
    <Button component={RouterLink} to={LIST} startIcon={<ArrowBackIcon />}>
      Facturi primite
    </Button>
  );
  if (!Number.isInteger(id) || id <= 0 || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <>
        <PageHeader title="Factura primita" actions={back} />
        <ErrorState message={RECEIVED_MESSAGES.notFound} />
      </>
    );
  }
  if (query.isPending) return <LoadingState label="Se incarca factura..." />;
  if (query.isError) return <ErrorState message={RECEIVED_MESSAGES.listFailed} onRetry={() => void query.refetch()} />;
  const { invoice, document: d, accountType, courierCheck, couriers } = query.data;
  const cur = invoice.amounts.currency;
  const amount = (bani: number | null) => (bani === null ? '-' : formatMoneyBani(bani, cur));
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageHeader title={`${d.kind === 'creditNote' ? 'Factura storno' : 'Factura'} ${invoice.generalData.invoiceIdentification}`} subtitle={`de la ${invoice.seller.name}, primita prin e-Factura`} actions={back} />
      {invoice.warnings.text.length > 0 && (
        <Alert
          severity={invoice.warnings.status === 1 ? 'warning' : 'success'}
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={() => setDialog({ kind: 'warning' })}>
              {invoice.warnings.status === 1 ? 'Verifica' : 'Vezi'}
            </Button>
          }
        >
          {invoice.warnings.status === 1 ? `${invoice.warnings.text.length} avertismente de verificat` : 'Avertismente verificate'}
        </Alert>
      )}
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap', mb: 2 }}>
            <Fact label="Data emiterii" value={day(d.issueDate)} />
            <Fact label="Data scadentei" value={day(d.dueDate)} />
            <Fact label="Data e-Factura" value={formatDateTime(invoice.eInvoiceData.date)} />
            <Box>
              <Typography variant="body2" color="text.secondary">
                Status
              </Typography>
              <ReceivedStatusChip type={accountType} status={invoice.status} />
            </Box>
          </Stack>
          <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap' }}>
            <Party label="Furnizor" party={d.seller} />
            <Party label="Cumparator" party={d.buyer} />
          </Stack>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 2 }}>
            <Downloads invoice={invoice} />
            <ReceivedActions invoice={invoice} type={accountType} onDialog={(kind, label) => setDialog({ kind, label })} />
            <MessagesButton invoice={invoice} onOpen={() => setDialog({ kind: 'messages' })} />
          </Stack>
        </CardContent>
      </Card>
      {accountType === 'internal' && <CourierCheckCard check={courierCheck} status={invoice.status} />}
      <Card sx={{ mb: 2 }}>
        <TableContainer>
          <Table size="small" aria-label="Produse si servicii">
            <TableHead>
              <TableRow>
                <TableCell>Nr.</TableCell>
                <TableCell>Denumire</TableCell>
                <TableCell align="right">Cantitate</TableCell>
                <TableCell align="right">Cota TVA</TableCell>
                <TableCell align="right">Valoare fara TVA</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {d.lines.map((l, k) => (
                <TableRow key={k}>
                  <TableCell>{k + 1}</TableCell>
                  <TableCell sx={{ minWidth: 160 }}>{l.name ?? '-'}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {l.quantity ?? '-'} {unitLabel(l.unitCode)}
                  </TableCell>
                  <TableCell align="right">{l.vatPercent !== null ? `${l.vatPercent}%` : (l.category ?? '-')}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {amount(l.netBani)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: 'flex-start' }}>
        <Card sx={{ flex: 1, width: '100%' }}>
          <CardContent>
            <Typography variant="h2" sx={{ fontSize: 16, mb: 1 }}>
              TVA pe cote
            </Typography>
            {d.taxes.map((t, k) => (
              <Typography key={k} variant="body2">
                Cota {t.percent ?? '-'}% ({t.category ?? '-'}): baza {amount(t.taxableBani)}, TVA {amount(t.taxBani)}
              </Typography>
            ))}
            {d.paymentIban && (
              <Typography variant="body2" sx={{ mt: 1 }}>
                Plata in contul {d.paymentIban}
              </Typography>
            )}
          </CardContent>
        </Card>
        <Card sx={{ flex: 1, width: '100%' }} aria-label="Totaluri">
          <CardContent>
            {[
              ['Total fara TVA', amount(d.totals.taxExclusiveBani)],
              ['TVA', amount(d.taxBani)],
              ['Total cu TVA', amount(d.totals.taxInclusiveBani)],
              ...(d.totals.prepaidBani ? [['Platit in avans', amount(d.totals.prepaidBani)]] : []),
            ].map(([label, value]) => (
              <Stack key={label} direction="row" sx={{ justifyContent: 'space-between' }}>
                <Typography variant="body2">{label}</Typography>
                <Typography variant="body2">{value}</Typography>
              </Stack>
            ))}
            <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1 }}>
              <Typography sx={{ fontWeight: 700 }}>Total de plata</Typography>
              <Typography sx={{ fontWeight: 700 }}>{amount(d.totals.payableBani)}</Typography>
            </Stack>
          </CardContent>
        </Card>
      </Stack>
      {dialog?.kind === 'warning' && <WarningDialog invoice={invoice} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'reject' && <RejectDialog invoice={invoice} label={dialog.label ?? ''} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'supplier' && <AddSupplierDialog invoice={invoice} label={dialog.label ?? ''} couriers={couriers} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'messages' && <MessagesDialog invoice={invoice} onClose={() => setDialog(null)} />}
    </Box>
  );
}
