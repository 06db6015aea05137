import { messages, type TAddressEntry, type TAddressInputParsed } from '@colete/contract';
import { Dialog, DialogContent, DialogTitle, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { FormProvider, useForm } from 'react-hook-form';
import { AddressFields } from '../../../components/address-form/address-fields';
import { ADDRESS_ENTRY_FIELDS, addressEntryValues, type AddressEntryValues } from '../../../components/address-form/entry-values';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { addressInputSchema, useSaveAddress } from '../api/save-address';
import { DialogFormActions } from '../../../components/form-actions';
import { CONTACT_FIELDS_BOOK, ContactFields } from '../../../components/contact-fields';
import { formResolver } from '../../../lib/form-resolver';

type FormValues = AddressEntryValues;
const FIELDS = ADDRESS_ENTRY_FIELDS;

/** Add or edit an address-book entry: contact data and the shared address form. */
export function AddressDialog({ entry, onClose }: { entry?: TAddressEntry; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveAddress();
  const form = useForm<FormValues, unknown, TAddressInputParsed>({
    resolver: formResolver<FormValues>()(addressInputSchema),
    defaultValues: addressEntryValues(entry),
  });

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(
      { id: entry?.id, input },
      {
        onSuccess: (data) => {
          enqueueSnackbar(data.message ?? messages.address.saved, { variant: 'success' });
          onClose();
        },
        onError: (error) => {
          applyServerErrors(error, form.setError, FIELDS);
          enqueueSnackbar(error instanceof ApiError && error.status < 500 ? error.message : messages.address.saveError, { variant: 'error' });
        },
      },
    ),
  );

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} maxWidth="md" fullWidth fullScreen={fullScreen} aria-labelledby="address-dialog-title">
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate>
          <DialogTitle id="address-dialog-title">{entry ? 'Modifica adresa' : 'Adauga adresa'}</DialogTitle>
          <DialogContent dividers>
            <Typography variant="h3" component="h3" sx={{ mb: 2 }}>
              Date de contact
            </Typography>
            <ContactFields fields={CONTACT_FIELDS_BOOK} sx={{ mb: 3 }} />
            <Typography variant="h3" component="h3" sx={{ mb: 2 }}>
              Adresa
            </Typography>
            <AddressFields />
          </DialogContent>
          <DialogFormActions pending={save.isPending} onCancel={onClose} label="Salveaza adresa" />
        </form>
      </FormProvider>
    </Dialog>
  );
}
