import { PICKUP_SCHEDULE_TYPE_WEEKDAYS } from '@colete/contract';
import { Box, FormControl, FormControlLabel, FormHelperText, FormLabel, Paper, Radio, RadioGroup, Typography } from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import type { PickupFormValues } from '../api/add-pickup-point';
import { usePickupCouriers } from '../api/get-pickup-couriers';
import { CourierLogo } from '../../../components/courier-logo';

/** Step 2: the courier, with its logo, its discount and who sets the pick-up days. */
export function PickupCourierStep() {
  const { control, setValue, clearErrors, formState } = useFormContext<PickupFormValues>();
  const couriers = usePickupCouriers();
  const error = formState.errors.courier?.message;

  if (couriers.isPending) return <LoadingState label="Se incarca curierii..." />;
  if (couriers.isError) return <ErrorState onRetry={() => void couriers.refetch()} />;

  return (
    <Controller
      control={control}
      name="courier"
      render={({ field }) => (
        <FormControl error={!!error} sx={{ width: '100%' }}>
          <FormLabel id="pickup-courier-label" sx={{ mb: 1 }}>
            Alegeti curierul
          </FormLabel>
          <RadioGroup
            aria-labelledby="pickup-courier-label"
            value={field.value}
            onChange={(e) => {
              const courier = couriers.data.find((c) => c.forwarderId === e.target.value);
              field.onChange(e.target.value);
              setValue('weekdays', courier?.scheduleType === PICKUP_SCHEDULE_TYPE_WEEKDAYS);
              setValue('pickUpDays', []);
              clearErrors(['courier', 'pickUpDays']);
            }}
            sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
          >
            {couriers.data.map((c) => (
              <Paper key={c.forwarderId} variant="outlined" sx={{ px: 1.5, py: 1, borderColor: field.value === c.forwarderId ? 'primary.main' : undefined }}>
                <FormControlLabel
                  value={c.forwarderId}
                  control={<Radio />}
                  sx={{ width: '100%', m: 0 }}
                  label={
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 0.5 }}>
                      <CourierLogo name={c.name} logo={c.logo} />
                      <Box>
                        <Typography sx={{ fontWeight: 600 }}>{c.name}</Typography>
                        <Typography variant="body2" color="text.secondary">
                          Reducere {c.correction}% ·{' '}
                          {c.scheduleType === PICKUP_SCHEDULE_TYPE_WEEKDAYS ? 'alegeti zilele de ridicare' : 'zilele de ridicare le stabileste curierul'}
                        </Typography>
                      </Box>
                    </Box>
                  }
                />
              </Paper>
            ))}
          </RadioGroup>
          {error && <FormHelperText>{error}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}
