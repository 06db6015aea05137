import { PICKUP_WEEKDAYS } from '@colete/contract';
import { Box, Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, Radio, RadioGroup, TextField } from '@mui/material';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { PickupFormValues } from '../api/add-pickup-point';

/** Step 3: estimated shipments, the weekdays (only for scheduleType 2 couriers) and the label printer. */
export function PickupDetailsStep() {
  const { control, register, formState, clearErrors } = useFormContext<PickupFormValues>();
  const errors = formState.errors;
  const weekdays = useWatch({ control, name: 'weekdays' });
  return (
    <Box sx={{ display: 'grid', gap: 3, maxWidth: 560 }}>
      <TextField
        label="Numar estimat de expeditii pe luna"
        type="number"
        slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
        {...register('estimatedOrderCount')}
        error={!!errors.estimatedOrderCount}
        helperText={errors.estimatedOrderCount?.message}
      />
      {weekdays && (
        <Controller
          control={control}
          name="pickUpDays"
          render={({ field }) => (
            <FormControl component="fieldset" error={!!errors.pickUpDays}>
              <FormLabel component="legend">Zilele de ridicare</FormLabel>
              <FormGroup row>
                {PICKUP_WEEKDAYS.map((d) => (
                  <FormControlLabel
                    key={d.value}
                    label={d.label}
                    control={
                      <Checkbox
                        checked={field.value.includes(d.value)}
                        onChange={(e) => {
                          field.onChange(e.target.checked ? [...field.value, d.value].sort((a, b) => a - b) : field.value.filter((x) => x !== d.value));
                          clearErrors('pickUpDays');
                        }}
                      />
                    }
                  />
                ))}
              </FormGroup>
              <FormHelperText>{errors.pickUpDays?.message ?? 'Zilele alese nu mai pot fi modificate dupa trimiterea cererii.'}</FormHelperText>
            </FormControl>
          )}
        />
      )}
      <Controller
        control={control}
        name="printerAvailable"
        render={({ field }) => (
          <FormControl error={!!errors.printerAvailable}>
            <FormLabel id="pickup-printer-label">Aveti o imprimanta de etichete?</FormLabel>
            <RadioGroup
              row
              aria-labelledby="pickup-printer-label"
              value={field.value}
              onChange={(e) => {
                field.onChange(e.target.value);
                clearErrors('printerAvailable');
              }}
            >
              <FormControlLabel value="yes" control={<Radio />} label="Da, pot tipari etichetele" />
              <FormControlLabel value="no" control={<Radio />} label="Nu" />
            </RadioGroup>
            {errors.printerAvailable && <FormHelperText>{errors.printerAvailable.message}</FormHelperText>}
          </FormControl>
        )}
      />
    </Box>
  );
}
