import { ZLoginRequest, type TLoginRequest } from '@colete/contract';

export type LoginField = 'email' | 'password';
export type LoginErrors = Partial<Record<LoginField, string>>;

/**
 * The sign-in form's check, in its own chunk (zod and the contract's schema): the sign-in page
 * shows before it arrives. The schema's answer (the email trimmed and in lower case) or each
 * field's first message, as the form showed them with react-hook-form's zod resolver.
 */
export function validateLogin(values: Record<LoginField, string>): { data: TLoginRequest; errors?: undefined } | { errors: LoginErrors } {
  const result = ZLoginRequest.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}
