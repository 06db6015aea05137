import { Box, FormControlLabel, InputAdornment, Switch, TextField } from '@mui/material';
import { Controller, useWatch, type Path, type UseFormReturn } from 'react-hook-form';

/** The options part of a form (the new-shipment page's, the store card's): amounts as typed. */
export type ExtraOptionsValues = {
  options: { cod: { active: boolean; amount: string }; insurance: { active: boolean; amount: string }; openAtDelivery: boolean; saturdayDelivery: boolean };
};
type SwitchName = 'options.openAtDelivery' | 'options.insurance.active' | 'options.cod.active' | 'options.saturdayDelivery';
type AmountName = 'options.insurance.amount' | 'options.cod.amount';

/**
 * 'Optiuni extra' (spec 002 section 2.1): open at delivery, insurance with its value, cash on
 * delivery with its amount, and Saturday delivery, offered only on Fridays in Bucharest.
 */
export function ExtraOptions<T extends ExtraOptionsValues>({
  form,
  errorFor,
  saturdayAllowed,
  disabled = false,
}: {
  form: UseFormReturn<T>;
  errorFor: (path: AmountName) => string | undefined;
  saturdayAllowed: boolean;
  disabled?: boolean;
}) {
  const [insurance, cod] = useWatch({ control: form.control, name: ['options.insurance.active', 'options.cod.active'] as Path<T>[] }) as boolean[];

  const toggle = (name: SwitchName, label: string) => (
    <Controller
      control={form.control}
      name={name as Path<T>}
      render={({ field }) => (
        <FormControlLabel
          disabled={disabled}
          control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} inputRef={field.ref} />}
          label={label}
        />
      )}
    />
  );
  const amount = (name: AmountName, label: string) => {
    const error = errorFor(name);
    return (
      <TextField
        label={label}
        {...form.register(name as Path<T>)}
        disabled={disabled}
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
