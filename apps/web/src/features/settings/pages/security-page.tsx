import type { TChangePasswordRequest } from '@colete/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Button, Card, CardContent, Stack } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { SaveBar } from '../../../components/form-actions';
import { PasswordField } from '../../../components/password-field';
import { apiErrorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { changePasswordInputSchema, useChangePassword } from '../api/change-password';

const EMPTY: TChangePasswordRequest = { oldPassword: '', newPassword: '', newPasswordConfirmation: '' };
const FIELDS = ['oldPassword', 'newPassword', 'newPasswordConfirmation'] as const;

export default function SecurityPage() {
  const { enqueueSnackbar } = useSnackbar();
  const mutation = useChangePassword();
  const form = useForm<TChangePasswordRequest>({ resolver: zodResolver(changePasswordInputSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (data) => {
        enqueueSnackbar(data.message, { variant: 'success' });
        form.reset(EMPTY);
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, FIELDS);
        enqueueSnackbar(apiErrorMessage(error), { variant: 'error' });
      },
    }),
  );

  return (
    <>
      <Button component={RouterLink} to="/profile/settings" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        Setari
      </Button>
      <PageHeader title="Securitate" subtitle="Schimbati parola contului. Celelalte sesiuni deschise vor fi inchise." />
      <Card sx={{ maxWidth: 560 }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <form onSubmit={onSubmit} noValidate aria-label="Schimbare parola">
            <Stack spacing={2.5}>
              <PasswordField
                label="Parola veche"
                autoComplete="current-password"
                {...form.register('oldPassword')}
                error={!!errors.oldPassword}
                helperText={errors.oldPassword?.message}
              />
              <PasswordField
                label="Parola noua"
                autoComplete="new-password"
                {...form.register('newPassword')}
                error={!!errors.newPassword}
                helperText={errors.newPassword?.message ?? 'Minim 8 caractere'}
              />
              <PasswordField
                label="Confirmare parola noua"
                autoComplete="new-password"
                {...form.register('newPasswordConfirmation')}
                error={!!errors.newPasswordConfirmation}
                helperText={errors.newPasswordConfirmation?.message}
              />
              <SaveBar pending={mutation.isPending} label="Schimba parola" />
            </Stack>
          </form>
        </CardContent>
      </Card>
    </>
  );
}
