import { DEFAULT_PHONE_PREFIX, REFERRAL_CODE_MAX_LENGTH, REFERRAL_LINK_PARAM, messages, type TRegisterRequest } from '@colete/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Link,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { apiErrorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { safeRedirect } from '../../../lib/safe-redirect';
import { useSnackbar } from '../../../lib/snackbar';
import { useMe } from '../api/get-me';
import { registerInputSchema, useRegister } from '../api/register';
import { AuthCard } from '../components/auth-card';

const FIELDS = ['accountType', 'name', 'email', 'phone', 'password'] as const;

export default function RegisterPage() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  // A referral link (/register?ref=CODE, issue 27): the code goes with the registration.
  const ref = params.get(REFERRAL_LINK_PARAM)?.trim().slice(0, REFERRAL_CODE_MAX_LENGTH) || undefined;
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const me = useMe();
  const registration = useRegister();
  const form = useForm<TRegisterRequest>({
    resolver: zodResolver(registerInputSchema),
    defaultValues: { accountType: 'company', name: '', email: '', phone: DEFAULT_PHONE_PREFIX, password: '' },
  });
  const { errors } = form.formState;
  const accountType = useWatch({ control: form.control, name: 'accountType' });

  if (me.data && !registration.isPending) return <Navigate to={redirect} replace />;

  const onSubmit = form.handleSubmit((values) =>
    registration.mutate(ref ? { ...values, ref } : values, {
      onSuccess: (data) => {
        // An unknown or own code: the account is made without a referrer, and the client is told.
        if (data.warning) enqueueSnackbar(data.warning, { variant: 'warning', autoHideDuration: 10_000 });
        navigate(redirect, { replace: true });
      },
      onError: (error) => applyServerErrors(error, form.setError, FIELDS),
    }),
  );
  const showBanner = registration.isError && !(registration.error && 'errors' in registration.error && registration.error.errors);

  return (
    <AuthCard title={messages.auth.registerTitle}>
      <form onSubmit={onSubmit} noValidate>
        <Stack spacing={2.5}>
          {showBanner && <Alert severity="error">{apiErrorMessage(registration.error)}</Alert>}
          {ref && <Alert severity="info">{`${messages.referrals.registeringWithCode} ${ref}`}</Alert>}
          <FormControl>
            <FormLabel id="account-type-label">Tip cont</FormLabel>
            <Controller
              control={form.control}
              name="accountType"
              render={({ field }) => (
                <RadioGroup row aria-labelledby="account-type-label" {...field}>
                  <FormControlLabel value="company" control={<Radio />} label="Firma" />
                  <FormControlLabel value="individual" control={<Radio />} label="Persoana fizica" />
                </RadioGroup>
              )}
            />
          </FormControl>
          <TextField
            label={accountType === 'company' ? 'Denumire firma' : 'Nume si prenume'}
            autoComplete={accountType === 'company' ? 'organization' : 'name'}
            {...form.register('name')}
            error={!!errors.name}
            helperText={errors.name?.message}
          />
          <TextField label="Email" type="email" autoComplete="email" {...form.register('email')} error={!!errors.email} helperText={errors.email?.message} />
          <TextField label="Telefon" type="tel" autoComplete="tel" {...form.register('phone')} error={!!errors.phone} helperText={errors.phone?.message} />
          <PasswordField
            label="Parola"
            autoComplete="new-password"
            {...form.register('password')}
            error={!!errors.password}
            helperText={errors.password?.message ?? 'Minim 8 caractere'}
          />
          <Button type="submit" variant="contained" size="large" disabled={registration.isPending}>
            {registration.isPending ? 'Se creeaza contul...' : 'Creeaza cont'}
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            Aveti deja cont?{' '}
            <Link component={RouterLink} to="/login">
              Autentificati-va
            </Link>
          </Typography>
        </Stack>
      </form>
    </AuthCard>
  );
}
