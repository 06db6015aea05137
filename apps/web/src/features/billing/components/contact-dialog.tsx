import { DEFAULT_PHONE_PREFIX, ZContactData, type TContactData } from '@colete/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useForm } from 'react-hook-form';
import { apiErrorMessage } from '../../../lib/api-client';
import { useSaveContact } from '../api/save-contact';
import { DialogFormActions } from '../../../components/form-actions';

/** The person the invoices and their questions go to (POST user/contact). */
export function ContactDialog({ contact, onClose }: { contact: TContactData | null; onClose: () => void }) {
  const save = useSaveContact();
  const { enqueueSnackbar } = useSnackbar();
  const form = useForm<TContactData>({
    resolver: zodResolver(ZContactData),
    defaultValues: contact ?? { givenName: '', familyName: '', phone: DEFAULT_PHONE_PREFIX },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((v) =>
    save.mutate(v, {
      onSuccess: (d) => {
        enqueueSnackbar(d.message, { variant: 'success' });
        onClose();
      },
      onError: (e) => enqueueSnackbar(apiErrorMessage(e), { variant: 'error' }),
    }),
  );
  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="contact-dialog-title">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="contact-dialog-title">Date de contact</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label="Prenume" autoComplete="given-name" {...form.register('givenName')} error={!!errors.givenName} helperText={errors.givenName?.message} />
            <TextField label="Nume" autoComplete="family-name" {...form.register('familyName')} error={!!errors.familyName} helperText={errors.familyName?.message} />
            <TextField label="Telefon" type="tel" autoComplete="tel" {...form.register('phone')} error={!!errors.phone} helperText={errors.phone?.message} />
          </Stack>
        </DialogContent>
        <DialogFormActions pending={save.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
