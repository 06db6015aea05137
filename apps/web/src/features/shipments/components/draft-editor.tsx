import { ZShipmentDraftUpdate, mapPackageMeasures, messages, type TShipmentDetail, type TShipmentDraftUpdate } from '@colete/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { apiErrorMessage } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useDeleteDraft, useUpdateDraft } from '../api/draft-actions';
import { PackagesEditor } from './packages-editor';
import { EMPTY_SHIPMENT, type ShipmentErrorFor, type ShipmentFormValues } from './shipment-form';
import { toNumber } from './shipment-format';

const m = messages.shipments;
const text = (n: number) => String(n).replace('.', ',');

function requestOf(values: ShipmentFormValues): TShipmentDraftUpdate {
  return { packages: values.packages.map((p) => ({ type: values.packageType, ...mapPackageMeasures(p, toNumber) })), content: values.content };
}

/** The contract's messages for the parcels and the content, by form path. */
function updateErrors(request: TShipmentDraftUpdate): Record<string, string> {
  const result = ZShipmentDraftUpdate.safeParse(request);
  const out: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

/**
 * A saved draft's parcels (weight, sizes, how many, envelope or parcel) and content, changed
 * before activation: a customer's return arrives with a default parcel the merchant corrects.
 */
export function DraftPackagesForm({ shipment, onDone }: { shipment: TShipmentDetail; onDone: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateDraft(shipment.uniqueId);
  const form = useForm<ShipmentFormValues>({
    defaultValues: {
      ...EMPTY_SHIPMENT,
      packageType: shipment.packages[0]?.type ?? 'parcel',
      packages: shipment.packages.map((p) => mapPackageMeasures(p, text)),
      content: shipment.content,
    },
  });
  const values = useWatch({ control: form.control }) as ShipmentFormValues;
  const errors = updateErrors(requestOf(values));
  const [showAll, setShowAll] = useState(false);
  const errorFor: ShipmentErrorFor = (path) => {
    const message = errors[path];
    if (!message || showAll || path === 'packages') return message;
    const state = form.getFieldState(path, form.formState);
    return state.isTouched || state.isDirty ? message : undefined;
  };

  const save = () => {
    setShowAll(true);
    if (Object.keys(errors).length > 0) return;
    update.mutate(requestOf(form.getValues()), {
      onSuccess: (data) => {
        enqueueSnackbar(data.message ?? m.draftUpdated, { variant: 'success' });
        onDone();
      },
      onError: (error) => enqueueSnackbar(apiErrorMessage(error), { variant: 'error' }),
    });
  };
  const contentError = errorFor('content');

  return (
    <Box component="form" aria-label="Modificare colete" noValidate onSubmit={(e) => (e.preventDefault(), save())}>
      <PackagesEditor form={form} errorFor={errorFor} />
      <TextField label="Continut" {...form.register('content')} error={!!contentError} helperText={contentError} autoComplete="off" fullWidth sx={{ mt: 2, maxWidth: 520 }} />
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button onClick={onDone} disabled={update.isPending}>
          Renunta
        </Button>
        <Button type="submit" variant="contained" disabled={update.isPending}>
          {update.isPending ? 'Se salveaza...' : 'Salveaza coletele'}
        </Button>
      </Stack>
    </Box>
  );
}

/** Deletes a saved draft after a confirmation, then goes back to the list. */
export function DeleteDraftButton({ shipment }: { shipment: TShipmentDetail }) {
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const remove = useDeleteDraft(shipment.uniqueId);
  const [open, setOpen] = useState(false);
  const onConfirm = () =>
    remove.mutate(undefined, {
      onSuccess: (data) => {
        enqueueSnackbar(data.message ?? m.draftDeleted, { variant: 'success' });
        navigate('/profile/orders');
      },
      onError: (error) => {
        setOpen(false);
        enqueueSnackbar(apiErrorMessage(error), { variant: 'error' });
      },
    });
  return (
    <>
      <Button variant="outlined" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setOpen(true)} disabled={remove.isPending}>
        Sterge comanda
      </Button>
      <ConfirmDialog open={open} title="Stergere comanda" confirmLabel="Sterge comanda" destructive pending={remove.isPending} onConfirm={onConfirm} onClose={() => setOpen(false)}>
        {shipment.kind === 'return' ? `Returul trimis de ${shipment.senderAddress.contactName} va fi sters definitiv.` : 'Comanda salvata va fi stearsa definitiv.'} Continuati?
      </ConfirmDialog>
    </>
  );
}
