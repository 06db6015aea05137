import { AUDIT_LOG_PAGE_SIZE, balanceAdminMessages as m, type TAdminPayment } from '@colete/contract';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import { Alert, Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { Paginator } from '../../../components/paginator';
import { formatDate, formatMoneyBani } from '../../../lib/format';
import { useSelectedClient } from '../../../lib/selected-client';
import { PAGE_TABLE, useTableQuery } from '../../../lib/use-table-query';
import { useAdminPayments } from '../api/admin-lists';
import { AdminInvoiceButtons } from '../components/admin-invoice-buttons';
import { PaymentActions } from '../components/payment-actions';
import { RecordPayment } from '../components/record-payment';

function PaymentRow({ payment, onDone }: { payment: TAdminPayment; onDone: () => void }) {
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, listStyle: 'none' }} aria-label={`${m.paymentInvoice} ${payment.invoiceNumber} ${payment.reference}`}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>
              {m.paymentInvoice} {payment.invoiceNumber}
            </Typography>
            <Chip size="small" color={payment.active ? 'success' : 'default'} label={payment.active ? m.active : m.inactive} />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {m.paymentDate}: {formatDate(payment.paidAt)} · {m.paymentReference}: {payment.reference}
          </Typography>
          <Typography variant="body2">
            {m.paymentAmount}: <strong>{formatMoneyBani(payment.amountBani)}</strong> · {m.paymentRevertedColumn}: {formatMoneyBani(payment.revertedBani)} · {m.paymentLeft}:{' '}
            <strong data-testid="payment-left">{formatMoneyBani(payment.leftBani)}</strong>
          </Typography>
        </Box>
        <PaymentActions
          paymentId={payment.id}
          amountBani={payment.leftBani}
          paymentBani={payment.amountBani}
          what={`${m.paymentInvoice} ${payment.invoiceNumber}, ${m.paymentReference.toLowerCase()} ${payment.reference}`}
          active={payment.active}
          onDone={onDone}
        />
      </Stack>
    </Paper>
  );
}

/**
 * /profile/admin/payments: the chosen client's payments of its postpaid invoices (record a transfer,
 * activate one, revert part of one) and the admin's invoice buttons for that client.
 */
export default function AdminPaymentsPage() {
  const { client } = useSelectedClient();
  const { values: { page }, update } = useTableQuery(PAGE_TABLE);
  const payments = useAdminPayments(client?.id ?? null, page);
  const rows = payments.data?.list ?? [];
  const refresh = () => void payments.refetch();

  return (
    <>
      <PageHeader
        title={m.paymentsTitle}
        subtitle={m.paymentsIntro}
        actions={
          client ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <AdminInvoiceButtons clientId={client.id} onDone={refresh} />
              <RecordPayment clientId={client.id} onDone={refresh} />
            </Stack>
          ) : undefined
        }
      />
      {!client ? (
        <Alert severity="info">{m.clientRequired}</Alert>
      ) : payments.isPending ? (
        <LoadingState label={m.paymentsLoading} />
      ) : payments.isError ? (
        <ErrorState message={m.paymentsLoadError} onRetry={refresh} />
      ) : rows.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>
          <PaymentsOutlinedIcon sx={{ fontSize: 56, mb: 1 }} aria-hidden />
          <Typography>{m.paymentsEmpty}</Typography>
        </Box>
      ) : (
        <>
          <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, maxWidth: 1100, opacity: payments.isPlaceholderData ? 0.6 : 1 }}>
            {rows.map((p) => (
              <PaymentRow key={p.id} payment={p} onDone={refresh} />
            ))}
          </Stack>
          <Paginator page={page} pageSize={AUDIT_LOG_PAGE_SIZE} count={payments.data.count} onChange={(next) => update({ page: next })} />
        </>
      )}
    </>
  );
}
