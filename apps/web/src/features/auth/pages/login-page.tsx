import { authMessages } from '@colete/contract';
import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { TextInput } from '../../../components/text-input';
import { apiErrorMessage } from '../../../lib/api-client';
import { safeRedirect } from '../../../lib/safe-redirect';
import type { LoginErrors, LoginField } from '../api/login-validation';
import { useMe } from '../api/get-me';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';

/**
 * The form's check (zod and the contract) downloads on the first keystroke, so it is there by the
 * first submit; a submit before that waits for it. Two fields need no form library: react-hook-form
 * would be 16 KB of the sign-in page's first load.
 */
let validation: Promise<typeof import('../api/login-validation')> | undefined;
const loadValidation = () =>
  (validation ??= import('../api/login-validation').catch((error: unknown) => {
    validation = undefined; // a failed download is tried again on the next submit
    throw error;
  }));
const preloadValidation = () => void loadValidation().catch(() => undefined);
const FIELDS: readonly LoginField[] = ['email', 'password'];

export default function LoginPage() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'), '/profile/dashboard');
  const navigate = useNavigate();
  const me = useMe();
  const login = useLogin();
  const [errors, setErrors] = useState<LoginErrors>({});
  // After the first submit, a field's message follows its value as it is typed.
  const submitted = useRef(false);

  if (me.data) return <Navigate to={redirect} replace />;

  const input = (form: HTMLFormElement, field: LoginField) => form.elements.namedItem(field) as HTMLInputElement;
  const check = async (form: HTMLFormElement) =>
    (await loadValidation()).validateLogin({ email: input(form, 'email').value, password: input(form, 'password').value });

  // Each submit starts without the last answer's error, also when the form refuses its fields.
  const onSubmit = async (form: HTMLFormElement) => {
    login.reset();
    submitted.current = true;
    const result = await check(form);
    const found = result.errors;
    setErrors(found ?? {});
    if (found) {
      // The first field with a message takes the focus.
      input(form, FIELDS.find((field) => found[field]) ?? 'email').focus();
      return;
    }
    login.mutate(result.data, { onSuccess: () => navigate(redirect, { replace: true }) });
  };

  const onChange = async (form: HTMLFormElement, field: string) => {
    if (!submitted.current || !FIELDS.includes(field as LoginField)) return;
    const result = await check(form);
    setErrors((current) => ({ ...current, [field]: result.errors?.[field as LoginField] }));
  };

  return (
    <AuthCard title={authMessages.loginTitle}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit(event.currentTarget);
        }}
        onInput={preloadValidation}
        onChange={(event) => void onChange(event.currentTarget, (event.target as { name?: string }).name ?? '')}
        noValidate
      >
        <Stack spacing={2.5}>
          {login.isError && <Alert severity="error">{apiErrorMessage(login.error)}</Alert>}
          <TextInput
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            autoFocus
            error={!!errors.email}
            helperText={errors.email}
          />
          <PasswordField
            label="Parola"
            name="password"
            autoComplete="current-password"
            error={!!errors.password}
            helperText={errors.password}
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
