import { Box, FormControlLabel, InputAdornment, Switch, TextField } from '@mui/material';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import type { ShipmentErrorFor, ShipmentFormValues } from './shipment-form';

type SwitchName = 'options.openAtDelivery' | 'options.insurance.active' | 'options.cod.active' | 'options.saturdayDelivery';

/**
 * 'Optiuni extra' (spec 002 section 2.1): open at delivery, insurance with its value, cash on
 * delivery with its amount, and Saturday delivery, offered only on Fridays in Bucharest.
 */
export function ExtraOptions({
  form,
  errorFor,
  saturdayAllowed,
}: {
  form: UseFormReturn<ShipmentFormValues>;
  errorFor: ShipmentErrorFor;
  saturdayAllowed: boolean;
}) {
  const [insurance, cod] = useWatch({ control: form.control, name: ['options.insurance.active', 'options.cod.active'] });

  const toggle = (name: SwitchName, label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} inputRef={field.ref} />}
          label={label}
        />
      )}
    />
  );
  const amount = (name: 'options.insurance.amount' | 'options.cod.amount', label: string) => {
    const error = errorFor(name);
    return (
      <TextField
        label={label}
        {...form.register(name)}
        error={!!error}
        helperText={error}
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { endAdornment: <InputAdornment position="end">lei</InputAdornment> } }}
        sx={{ maxWidth: { sm: 260 } }}
      />
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {toggle('options.openAtDelivery', 'Deschidere la livrare')}
      {toggle('options.insurance.active', 'Asigurare')}
      {insurance && amount('options.insurance.amount', 'Valoare asigurare')}
      {toggle('options.cod.active', 'Ramburs')}
      {cod && amount('options.cod.amount', 'Valoare ramburs')}
      {saturdayAllowed && toggle('options.saturdayDelivery', 'Livrare sambata')}
    </Box>
  );
}
