import { RECONCILIATION_MESSAGES as t, ZResolveFlagBody, type TReconciliationFlag } from '@colete/contract';
import { Dialog, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { DialogFormActions } from '../../../components/form-actions';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/form-resolver';
import { useSnackbar } from '../../../lib/snackbar';
import { useResolveFlag } from '../api/reconciliation';

type Values = { note: string };

/** The admin closes a flag, writing what was done (the note stays with it). */
export function ResolveFlagDialog({ flag, onClose }: { flag: TReconciliationFlag; onClose: () => void }) {
  const resolve = useResolveFlag();
  const { enqueueSnackbar } = useSnackbar();
  const form = useForm<Values, unknown, Values>({ resolver: formResolver<Values>()(ZResolveFlagBody), defaultValues: { note: '' } });
  const error = form.formState.errors.note?.message;

  const onSubmit = form.handleSubmit(({ note }) =>
    resolve.mutate(
      { id: flag.id, note },
      {
        onSuccess: (data) => {
          enqueueSnackbar(data.message || t.resolvedOk, { variant: 'success' });
          onClose();
        },
        onError: (e) => {
          applyServerErrors(e, form.setError, ['note']);
          enqueueSnackbar(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : t.resolveError, { variant: 'error' });
        },
      },
    ),
  );

  return (
    <Dialog open onClose={resolve.isPending ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="resolve-flag-title">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="resolve-flag-title">{t.resolveTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t.kinds[flag.kind]} · {flag.courierName} · {flag.awb}
          </DialogContentText>
          <TextField label={t.resolveNoteLabel} multiline minRows={3} fullWidth {...form.register('note')} error={!!error} helperText={error ?? ' '} autoFocus />
        </DialogContent>
        <DialogFormActions pending={resolve.isPending} onCancel={onClose} label={t.save} />
      </form>
    </Dialog>
  );
}
