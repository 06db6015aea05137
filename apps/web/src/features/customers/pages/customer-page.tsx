import { SENT_STATUS_LABELS, type SentStatus, type TCustomer } from '@colete/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { Box, Button, Card, CardContent, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, TablePagination, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { EmptyState } from '../../../components/list-states';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { ShipmentStatusChip } from '../../../components/shipment/shipment-status-chip';
import { apiErrorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney, formatMoneyBani } from '../../../lib/format';
import { CUSTOMER_SHIPMENTS_PAGE, useCustomer, useCustomerInvoices, useCustomerShipments } from '../api/get-customer';
import { CustomerDialog } from '../components/customer-dialog';
import { invoiceFor, newShipmentFor } from '../components/customer-links';
import { contactLine, shipmentsText, typeLabel } from '../components/customer-text';

/*
 * /profile/customers/{id}: one customer (issue 27): who and where, then the client's shipments to
 * them (from the shipments module) and the e-invoices sent to them (from the e-invoicing module).
 */

function Shipments({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const q = useCustomerShipments(id, page);
  if (q.isPending) return <LoadingState label="Se incarca expeditiile" />;
  if (q.isError) return <ErrorState message={apiErrorMessage(q.error)} onRetry={() => void q.refetch()} />;
  if (q.data.list.length === 0) return <EmptyState compact icon={<LocalShippingOutlinedIcon aria-hidden />} text="Nicio expeditie catre acest client." />;
  return (
    <>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Expeditii catre client">
          <TableHead>
            <TableRow>
              <TableCell>Data</TableCell>
              <TableCell>AWB</TableCell>
              <TableCell>Curier</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Pret</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {q.data.list.map((s) => (
              <TableRow key={s.uniqueId}>
                <TableCell>{formatDate(s.createdAt)}</TableCell>
                <TableCell>
                  <Link component={RouterLink} to={`/profile/details/order/${s.uniqueId}`}>
                    {s.awb ?? s.uniqueId}
                  </Link>
                </TableCell>
                <TableCell>{s.courierName ?? '-'}</TableCell>
                <TableCell>
                  <ShipmentStatusChip status={s.status} />
                </TableCell>
                <TableCell align="right">{s.price === null ? '-' : formatMoney(s.price)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {q.data.count > CUSTOMER_SHIPMENTS_PAGE && (
        <TablePagination
          component="div"
          count={q.data.count}
          page={page - 1}
          rowsPerPage={CUSTOMER_SHIPMENTS_PAGE}
          rowsPerPageOptions={[]}
          onPageChange={(_, p) => setPage(p + 1)}
          labelDisplayedRows={({ from, to, count }) => `${from}-${to} din ${count}`}
        />
      )}
    </>
  );
}

function Invoices({ id }: { id: number }) {
  const q = useCustomerInvoices(id);
  if (q.isPending) return <LoadingState label="Se incarca facturile" />;
  if (q.isError) return <ErrorState message={apiErrorMessage(q.error)} onRetry={() => void q.refetch()} />;
  if (q.data.length === 0) return <EmptyState compact icon={<ReceiptLongOutlinedIcon aria-hidden />} text="Nicio factura trimisa acestui client." />;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Facturi catre client">
        <TableHead>
          <TableRow>
            <TableCell>Numar</TableCell>
            <TableCell>Data</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Total</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {q.data.map((i) => (
            <TableRow key={i.invoicingSystemId}>
              <TableCell>
                <Link component={RouterLink} to={`/profile/invoicing-system/system-invoices/sent/list?company=${encodeURIComponent(i.company)}`}>
                  {i.kind === 'creditNote' ? `Nota de credit ${i.number}` : i.number}
                </Link>
              </TableCell>
              <TableCell>{formatDate(i.issueDate)}</TableCell>
              <TableCell>{SENT_STATUS_LABELS[i.status as SentStatus] ?? i.status}</TableCell>
              <TableCell align="right">{formatMoneyBani(i.totalBani)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Facts({ customer: c }: { customer: TCustomer }) {
  const rows: [string, string][] = [
    ['Tip', typeLabel(c)],
    [c.type === 'company' ? (c.country === 'RO' ? 'CUI' : 'Cod TVA') : 'CNP', c.identification || '-'],
    ['Tara', c.country],
    ['Contact', contactLine(c)],
    ['Adresa', c.addressText || '-'],
    ['Expedieri', shipmentsText(c)],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, columnGap: 2, rowGap: 0.5, m: 0 }}>
      {rows.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {k}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
            {v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export default function CustomerPage() {
  const id = Number(useParams().id);
  const customer = useCustomer(Number.isInteger(id) && id > 0 ? id : null);
  const [editing, setEditing] = useState(false);
  if (customer.isPending) return <LoadingState />;
  if (customer.isError) return <ErrorState message={apiErrorMessage(customer.error)} onRetry={() => void customer.refetch()} />;
  const c = customer.data;
  return (
    <>
      <PageHeader
        title={c.name}
        subtitle="Client din lista de clienti"
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/profile/customers" startIcon={<ArrowBackIcon />}>
              Lista clienti
            </Button>
            <Button variant="outlined" onClick={() => setEditing(true)}>
              Modifica
            </Button>
            <Button variant="outlined" component={RouterLink} to={invoiceFor(c.id)}>
              Trimite factura
            </Button>
            <Button variant="contained" component={RouterLink} to={newShipmentFor(c.id)}>
              Expeditie noua
            </Button>
          </Box>
        }
      />
      <Stack spacing={3}>
        <Card>
          <CardContent>
            <Facts customer={c} />
          </CardContent>
        </Card>
        <Card component="section" aria-labelledby="customer-shipments">
          <CardContent>
            <Typography id="customer-shipments" variant="h6" component="h2" sx={{ mb: 1 }}>
              Expeditii
            </Typography>
            <Shipments id={c.id} />
          </CardContent>
        </Card>
        <Card component="section" aria-labelledby="customer-invoices">
          <CardContent>
            <Typography id="customer-invoices" variant="h6" component="h2" sx={{ mb: 1 }}>
              Facturi
            </Typography>
            <Invoices id={c.id} />
          </CardContent>
        </Card>
      </Stack>
      {editing && <CustomerDialog customer={c} onClose={() => setEditing(false)} />}
    </>
  );
}
