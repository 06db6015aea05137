import { ZBillingDataRequest, ZEntityData, messages, type TBillingData, type TBillingDataRequest } from '@colete/contract';
import {
  Checkbox,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { useSnackbar } from '../../../lib/snackbar';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { AddressFields, EMPTY_ADDRESS } from '../../../components/address-form/address-fields';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSaveBillingData } from '../api/save-billing-data';
import { DialogFormActions } from '../../../components/form-actions';
import type { z } from 'zod';
import { formResolver, type FormValuesOf } from '../../../lib/form-resolver';
import { CompanyLookupButton, LookupNotice, type LookupOutcome } from './company-lookup';

const FIELDS = [
  'entityData.name',
  'entityData.identificationCode',
  'entityData.tradeRegister',
  'countyCode',
  'city',
  'postalCode',
  'street',
  'number',
  'additionalInfo',
] as const;

/** The form: the entity, and the billing address at the top level for the shared address fields. */
const formSchema = ZBillingDataRequest.shape.address.extend({ entityData: ZEntityData });
type FormValues = FormValuesOf<z.input<typeof formSchema>>;

function valuesOf(entry?: TBillingData): FormValues {
  if (!entry) return { ...EMPTY_ADDRESS, entityData: { name: '', isCompany: true, isVatPayer: false, identificationCode: '', tradeRegister: '' } };
  return {
    ...EMPTY_ADDRESS,
    countyCode: entry.address.countyCode,
    city: entry.address.localityString,
    postalCode: entry.address.postalCode,
    street: entry.address.street ?? '',
    number: entry.address.number ?? '',
    additionalInfo: entry.address.additionalInfo ?? '',
    entityData: {
      name: entry.entityData.name,
      isCompany: entry.entityData.isCompany,
      isVatPayer: entry.entityData.isVatPayer,
      identificationCode: entry.entityData.identificationCode,
      tradeRegister: entry.entityData.tradeRegister ?? '',
    },
  };
}

export function BillingDialog({ entry, onClose }: { entry?: TBillingData; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const save = useSaveBillingData();
  const { enqueueSnackbar } = useSnackbar();
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({ resolver: formResolver<FormValues>()(formSchema), defaultValues: valuesOf(entry) });
  const { errors } = form.formState;
  const [isCompany, name, tradeRegister] = useWatch({ control: form.control, name: ['entityData.isCompany', 'entityData.name', 'entityData.tradeRegister'] });
  // A value the look-up filled in is not typed: the label must move up for it too.
  const shrinkFor = (value: unknown) => ({ inputLabel: { shrink: value ? true : undefined } });
  // The address fields keep their own state (the chosen locality): a filled address mounts them anew.
  const [addressKey, setAddressKey] = useState(0);
  const [lookup, setLookup] = useState<LookupOutcome | null>(null);

  const onSubmit = form.handleSubmit((v) => {
    const body: TBillingDataRequest = {
      ...(entry ? { fiscalSubaccountNumber: entry.fiscalSubaccountNumber } : {}),
      entityData: v.entityData,
      address: { countyCode: v.countyCode, city: v.city, postalCode: v.postalCode, street: v.street, number: v.number, additionalInfo: v.additionalInfo },
    };
    save.mutate(body, {
      onSuccess: (data) => {
        enqueueSnackbar(data.message, { variant: 'success' });
        onClose();
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, FIELDS, (path) => path.replace(/^address\./, ''));
        enqueueSnackbar(error instanceof ApiError && error.status < 500 ? error.message : messages.billing.saveError, { variant: 'error' });
      },
    });
  });

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} maxWidth="md" fullWidth fullScreen={fullScreen} aria-labelledby="billing-dialog-title">
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate>
          <DialogTitle id="billing-dialog-title">{entry ? 'Modifica datele de facturare' : 'Adauga date de facturare'}</DialogTitle>
          <DialogContent dividers>
            <Stack spacing={2} sx={{ mb: 3 }}>
              <FormControl>
                <FormLabel id="entity-type-label">Facturez pe</FormLabel>
                <Controller
                  control={form.control}
                  name="entityData.isCompany"
                  render={({ field }) => (
                    <RadioGroup row aria-labelledby="entity-type-label" value={field.value ? 'company' : 'individual'} onChange={(e) => field.onChange(e.target.value === 'company')}>
                      <FormControlLabel value="company" control={<Radio />} label="Firma" disabled={!!entry} />
                      <FormControlLabel value="individual" control={<Radio />} label="Persoana fizica" disabled={!!entry} />
                    </RadioGroup>
                  )}
                />
              </FormControl>
              <TextField
                label={isCompany ? 'Denumire firma' : 'Nume si prenume'}
                {...form.register('entityData.name')}
                slotProps={shrinkFor(name)}
                error={!!errors.entityData?.name}
                helperText={errors.entityData?.name?.message}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flex: 1 }}>
                  <TextField
                    label={isCompany ? 'Cod fiscal (CUI)' : 'CNP'}
                    {...form.register('entityData.identificationCode')}
                    disabled={!!entry}
                    error={!!errors.entityData?.identificationCode}
                    helperText={errors.entityData?.identificationCode?.message}
                    sx={{ flex: 1 }}
                  />
                  {isCompany && (
                    <CompanyLookupButton
                      onOutcome={(outcome) => {
                        setLookup(outcome);
                        if (outcome.kind === 'filled' && outcome.address) setAddressKey((k) => k + 1);
                      }}
                    />
                  )}
                </Stack>
                {isCompany && (
                  <TextField
                    label="Nr. Registrul Comertului (optional)"
                    placeholder="J12/1234/2020"
                    {...form.register('entityData.tradeRegister')}
                    slotProps={shrinkFor(tradeRegister)}
                    error={!!errors.entityData?.tradeRegister}
                    helperText={errors.entityData?.tradeRegister?.message}
                    sx={{ flex: 1 }}
                  />
                )}
              </Stack>
              {isCompany && lookup && <LookupNotice outcome={lookup} />}
              {isCompany && (
                <Controller
                  control={form.control}
                  name="entityData.isVatPayer"
                  render={({ field }) => (
                    <FormControlLabel control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />} label="Platitor de TVA" />
                  )}
                />
              )}
            </Stack>
            <Typography variant="h3" component="h3" sx={{ mb: 2 }}>
              Adresa de facturare
            </Typography>
            <AddressFields key={addressKey} variant="basic" />
          </DialogContent>
          <DialogFormActions pending={save.isPending} onCancel={onClose} />
        </form>
      </FormProvider>
    </Dialog>
  );
}
