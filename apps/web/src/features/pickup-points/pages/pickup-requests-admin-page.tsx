import { PICKUP_ADMIN_PAGE_SIZE, messages, pickupDaysLabel, type TPickupRequestForAdmin } from '@colete/contract';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import { Box, Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { Paginator } from '../../../components/paginator';
import { ApiError, apiErrorMessage } from '../../../lib/api-client';
import { PAGE_TABLE, useClampPage, useTableQuery } from '../../../lib/use-table-query';
import { useApprovePickupRequest, usePickupRequests } from '../api/admin-pickup-requests';
import { CourierLogo } from '../../../components/courier-logo';
import { PickupStatusChip } from '../components/pickup-status-chip';
import { RejectRequestDialog } from '../components/reject-request-dialog';
import { formatDateTime } from '../../../lib/format';

const p = messages.pickupPoints;

function RequestCard({ request, onApprove, onReject }: { request: TPickupRequestForAdmin; onApprove: () => void; onReject: () => void }) {
  return (
    <Card component="article" aria-label={`Cerere ${request.client.name} ${request.forwarderName}`}>
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
          <CourierLogo name={request.forwarderName} logo={request.courier.logo} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography component="h2" sx={{ fontWeight: 600 }}>
              {request.client.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {request.client.email}
            </Typography>
          </Box>
          <PickupStatusChip point={request} />
        </Stack>
        <Typography variant="body2">
          <strong>{request.forwarderName}</strong> · {request.address}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {request.estimatedOrdersCount} expeditii estimate pe luna · zile de ridicare: {request.pickUpDays.length ? pickupDaysLabel(request.pickUpDays) : 'stabilite de curier'} ·{' '}
          {request.printerAvailable ? 'are imprimanta de etichete' : 'fara imprimanta de etichete'}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Trimisa {formatDateTime(request.createdAt)} · reducere la aprobare: {request.discountPercent}%
        </Typography>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end' }}>
        <Button color="error" onClick={onReject}>
          Respinge
        </Button>
        <Button variant="contained" onClick={onApprove}>
          Aproba
        </Button>
      </CardActions>
    </Card>
  );
}

/** /profile/admin/pick-up-points: the admin approves or rejects the clients' requests, oldest first. */
export default function PickupRequestsAdminPage() {
  const { values: { page }, update } = useTableQuery(PAGE_TABLE);
  const requests = usePickupRequests(page);
  const approve = useApprovePickupRequest();
  const { enqueueSnackbar } = useSnackbar();
  const [approving, setApproving] = useState<TPickupRequestForAdmin | null>(null);
  const [rejecting, setRejecting] = useState<TPickupRequestForAdmin | null>(null);

  const rows = requests.data?.list ?? [];
  const count = requests.data?.count ?? 0;
  // The last request of a page handled: go to the last page.
  useClampPage({ isPlaceholderData: requests.isPlaceholderData, rows: rows.length, count }, page, PICKUP_ADMIN_PAGE_SIZE, update);

  const onApprove = () =>
    approving &&
    approve.mutate(approving.id, {
      onSuccess: (data) => {
        enqueueSnackbar(data.message ?? p.approved, { variant: 'success' });
        setApproving(null);
      },
      onError: (e) => enqueueSnackbar(e instanceof ApiError && e.status >= 400 && e.status < 500 ? apiErrorMessage(e) : p.adminActionError, { variant: 'error' }),
    });

  return (
    <>
      <PageHeader title="Cereri puncte de ridicare" subtitle="Cererile clientilor care asteapta aprobare, cele mai vechi primele." />
      {requests.isPending ? (
        <LoadingState label="Se incarca cererile..." />
      ) : requests.isError ? (
        <ErrorState message={requests.error instanceof ApiError && requests.error.status === 403 ? messages.common.forbidden : p.adminLoadError} onRetry={() => void requests.refetch()} />
      ) : rows.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>
          <InboxOutlinedIcon sx={{ fontSize: 56, mb: 1 }} aria-hidden />
          <Typography>Nu exista cereri care asteapta aprobare.</Typography>
        </Box>
      ) : (
        <>
          <Stack spacing={2} sx={{ maxWidth: 1000, opacity: requests.isPlaceholderData ? 0.6 : 1 }}>
            {rows.map((r) => (
              <RequestCard key={r.id} request={r} onApprove={() => setApproving(r)} onReject={() => setRejecting(r)} />
            ))}
          </Stack>
          <Paginator page={page} pageSize={PICKUP_ADMIN_PAGE_SIZE} count={count} onChange={(next) => update({ page: next })} />
        </>
      )}
      <ConfirmDialog open={!!approving} title="Aprobare punct de ridicare" confirmLabel="Aproba" pending={approve.isPending} onConfirm={onApprove} onClose={() => setApproving(null)}>
        Aprobati punctul de ridicare {approving?.forwarderName} pentru {approving?.client.name}, la adresa {approving?.address}? Adresa devine blocata in agenda clientului, iar
        comenzile trimise de acolo primesc o reducere de {approving?.discountPercent}%.
      </ConfirmDialog>
      {rejecting && <RejectRequestDialog request={rejecting} onClose={() => setRejecting(null)} />}
    </>
  );
}
