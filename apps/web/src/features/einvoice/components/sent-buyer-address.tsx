import { ZSentBuyerAddress, type TSentBuyerAddress } from '@colete/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, MenuItem, Stack, TextField } from '@mui/material';
import { Controller, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { CountyField } from '../../../components/address-form/county-field';

/*
 * 'Retrimite' of a platform invoice the rules could not state (issue 26): the buyer's address in the
 * parts the e-invoice needs — street, locality (in Bucharest the sector), county, postal code —
 * checked here and on the server with the same rules (ZSentBuyerAddress).
 */

const SECTORS = [1, 2, 3, 4, 5, 6].map((n) => `Sectorul ${n}`);
export type BuyerAddressForm = UseFormReturn<TSentBuyerAddress>;

export function useBuyerAddressForm() {
  return useForm<TSentBuyerAddress>({ resolver: zodResolver(ZSentBuyerAddress), defaultValues: { street: '', city: '', countyCode: '', postalCode: '' }, mode: 'onTouched' });
}

export function SentBuyerAddressFields({ form, disabled }: { form: BuyerAddressForm; disabled: boolean }) {
  const errors = form.formState.errors;
  const county = useWatch({ control: form.control, name: 'countyCode' });
  return (
    <Stack component="fieldset" spacing={2} sx={{ border: 0, p: 0, m: 0 }} aria-label="Adresa cumparatorului in factura electronica">
      <Alert severity="info">Adresa tiparita pe factura ramane cea emisa; factura electronica va declara adresa de mai jos.</Alert>
      <Controller
        control={form.control}
        name="countyCode"
        render={({ field }) => (
          <CountyField
            value={field.value}
            onChange={(code) => {
              field.onChange(code);
              form.setValue('city', '', { shouldValidate: false });
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            disabled={disabled}
            error={errors.countyCode?.message}
          />
        )}
      />
      {county === 'B' ? (
        <Controller
          control={form.control}
          name="city"
          render={({ field }) => (
            <TextField select label="Sector" {...field} disabled={disabled} error={!!errors.city} helperText={errors.city?.message}>
              {SECTORS.map((s) => (
                <MenuItem key={s} value={s}>
                  {s}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      ) : (
        <TextField label="Localitate" {...form.register('city')} disabled={disabled} error={!!errors.city} helperText={errors.city?.message} />
      )}
      <TextField label="Strada si numar" {...form.register('street')} disabled={disabled} error={!!errors.street} helperText={errors.street?.message} />
      <TextField label="Cod postal" {...form.register('postalCode')} disabled={disabled} inputProps={{ inputMode: 'numeric' }} error={!!errors.postalCode} helperText={errors.postalCode?.message ?? 'Optional, 6 cifre'} />
    </Stack>
  );
}
