import { ZPickupRejectRequest, messages, type TPickupRejectRequest, type TPickupRequestForAdmin } from '@colete/contract';
import { Dialog, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useForm } from 'react-hook-form';
import { DialogFormActions } from '../../../components/form-actions';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useRejectPickupRequest } from '../api/admin-pickup-requests';
import { formResolver, type FormValuesOf } from '../../../lib/form-resolver';

/** The admin refuses a request with a reason the client sees in the list. */
export function RejectRequestDialog({ request, onClose }: { request: TPickupRequestForAdmin; onClose: () => void }) {
  const reject = useRejectPickupRequest();
  const { enqueueSnackbar } = useSnackbar();
  const form = useForm<FormValuesOf<TPickupRejectRequest>, unknown, TPickupRejectRequest>({ resolver: formResolver<FormValuesOf<TPickupRejectRequest>>()(ZPickupRejectRequest), defaultValues: { reason: '' } });
  const error = form.formState.errors.reason?.message;

  const onSubmit = form.handleSubmit((body) =>
    reject.mutate(
      { id: request.id, body },
      {
        onSuccess: (data) => {
          enqueueSnackbar(data.message ?? messages.pickupPoints.rejected, { variant: 'success' });
          onClose();
        },
        onError: (e) => {
          applyServerErrors(e, form.setError, ['reason']);
          enqueueSnackbar(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : messages.pickupPoints.adminActionError, { variant: 'error' });
        },
      },
    ),
  );

  return (
    <Dialog open onClose={reject.isPending ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="reject-dialog-title">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="reject-dialog-title">Respinge cererea</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {request.client.name}: {request.forwarderName}, {request.address}
          </DialogContentText>
          <TextField label="Motivul respingerii" multiline minRows={3} {...form.register('reason')} error={!!error} helperText={error ?? 'Clientul vede motivul in lista punctelor de ridicare.'} autoFocus />
        </DialogContent>
        <DialogFormActions pending={reject.isPending} onCancel={onClose} label="Respinge" />
      </form>
    </Dialog>
  );
}
