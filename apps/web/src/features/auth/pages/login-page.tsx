import { authMessages, type TLoginRequest } from '@colete/contract';
import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { TextInput } from '../../../components/text-input';
import { apiErrorMessage } from '../../../lib/api-client';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { safeRedirect } from '../../../lib/safe-redirect';
import { useMe } from '../api/get-me';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';

const loginResolver = lazyResolver(() => import('../api/login-resolver').then((m) => m.loginResolver));

export default function LoginPage() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'), '/profile/dashboard');
  const navigate = useNavigate();
  const me = useMe();
  const login = useLogin();
  const form = useForm<TLoginRequest>({ resolver: loginResolver, defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  if (me.data) return <Navigate to={redirect} replace />;

  const submit = form.handleSubmit((values) => login.mutate(values, { onSuccess: () => navigate(redirect, { replace: true }) }));
  // Each submit starts without the last answer's error, also when the form refuses its fields.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    login.reset();
    return submit(event);
  };

  return (
    <AuthCard title={authMessages.loginTitle}>
      {/* The first keystroke fetches the validation, so it is there by the first submit. */}
      <form onSubmit={onSubmit} onInput={loginResolver.preload} noValidate>
        <Stack spacing={2.5}>
          {login.isError && <Alert severity="error">{apiErrorMessage(login.error)}</Alert>}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            {...form.register('email')}
            error={!!errors.email}
            helperText={errors.email?.message}
          />
          <PasswordField
            label="Parola"
            autoComplete="current-password"
            {...form.register('password')}
            error={!!errors.password}
            helperText={errors.password?.message}
          />
          <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
            {login.isPending ? 'Se autentifica...' : 'Autentificare'}
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            Nu aveti cont?{' '}
            <Link component={RouterLink} to={`/register${params.get('redirect') ? `?redirect=${encodeURIComponent(redirect)}` : ''}`}>
              Creati un cont nou
            </Link>
          </Typography>
        </Stack>
      </form>
    </AuthCard>
  );
}
