import { WORKING_TIME_ENDS, WORKING_TIME_STARTS, ZSchedule, messages, type TProfile, type TSchedule } from '@colete/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useProfile } from '../../../lib/profile-query';
import { useSaveProfile } from '../api/save-profile';
import { SettingsFrame } from '../components/settings-frame';
import { applyServerErrors } from '../../../lib/form-errors';
import { stripProfile, useSettingsFeedback } from '../components/use-settings-feedback';
import { SaveBar } from '../../../components/form-actions';

const DAYS = ['Luni', 'Marti', 'Miercuri', 'Joi', 'Vineri'];
const DAY_START = 9 * 60;
const DAY_END = 19 * 60 + 30;
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));

/** The chosen window on a 09:00-19:30 scale, one bar per weekday: easier to see than to read. */
function WeekPicture({ start, end }: { start: string; end: string }) {
  const valid = WORKING_TIME_STARTS.includes(start) && WORKING_TIME_ENDS.includes(end) && end > start;
  const left = ((minutes(start) - DAY_START) / (DAY_END - DAY_START)) * 100;
  const width = ((minutes(end) - minutes(start)) / (DAY_END - DAY_START)) * 100;
  return (
    <Box aria-hidden sx={{ display: 'grid', gap: 0.75 }}>
      {DAYS.map((day) => (
        <Box key={day} sx={{ display: 'grid', gridTemplateColumns: '72px 1fr', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {day}
          </Typography>
          <Box sx={{ position: 'relative', height: 18, bgcolor: 'action.hover', borderRadius: 1 }}>
            {valid && <Box sx={{ position: 'absolute', top: 0, bottom: 0, left: `${left}%`, width: `${width}%`, bgcolor: 'primary.main', borderRadius: 1 }} />}
          </Box>
        </Box>
      ))}
      <Box sx={{ display: 'grid', gridTemplateColumns: '72px 1fr', gap: 1 }}>
        <span />
        <Box sx={{ position: 'relative', height: 18 }}>
          {['09:00', '12:00', '15:00', '18:00', '19:30'].map((t) => {
            const at = ((minutes(t) - DAY_START) / (DAY_END - DAY_START)) * 100;
            return (
              <Typography
                key={t}
                variant="caption"
                color="text.secondary"
                sx={{ position: 'absolute', left: `${at}%`, transform: at === 0 ? 'none' : at === 100 ? 'translateX(-100%)' : 'translateX(-50%)' }}
              >
                {t}
              </Typography>
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}

function ScheduleForm({ profile }: { profile: TProfile }) {
  const save = useSaveProfile();
  const feedback = useSettingsFeedback();
  const form = useForm<TSchedule>({
    resolver: zodResolver(ZSchedule),
    defaultValues: { workingTimeStart: profile.workingTimeStart ?? '09:00', workingTimeEnd: profile.workingTimeEnd ?? '17:00' },
  });
  const { errors } = form.formState;
  const [start, end] = useWatch({ control: form.control, name: ['workingTimeStart', 'workingTimeEnd'] });

  const onSubmit = form.handleSubmit(
    (values) =>
      save.mutate(values, {
        onSuccess: () => feedback.saved(messages.settings.scheduleSaved),
        onError: (error) => {
          applyServerErrors(error, form.setError, ['workingTimeStart', 'workingTimeEnd'], stripProfile);
          feedback.failed(error);
        },
      }),
    () => feedback.invalid(),
  );

  const select = (name: keyof TSchedule, label: string, options: string[]) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextField select label={label} {...field} error={!!errors[name]} helperText={errors[name]?.message}>
          {options.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Program de lucru">
      <Stack spacing={3}>
        <Typography sx={{ fontWeight: 600 }}>Luni - Vineri</Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {select('workingTimeStart', 'De la ora', WORKING_TIME_STARTS)}
          {select('workingTimeEnd', 'Pana la ora', WORKING_TIME_ENDS)}
        </Box>
        <WeekPicture start={start} end={end} />
        <SaveBar pending={save.isPending} />
      </Stack>
    </form>
  );
}

export default function SchedulePage() {
  const profile = useProfile();
  return (
    <SettingsFrame
      title="Program"
      subtitle="Intervalul in care curierii pot ridica coletele de la dumneavoastra, de luni pana vineri."
      status={profile.status}
      onRetry={() => void profile.refetch()}
    >
      {profile.data && <ScheduleForm key={profile.data.id} profile={profile.data} />}
    </SettingsFrame>
  );
}
