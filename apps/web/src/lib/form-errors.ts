import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's field errors on the form's fields; answers whether any field got one.
 * `rename` maps the request's paths to the form's (e.g. 'profile.bankAccount' -> 'bankAccount').
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  rename: (serverPath: string) => string = (p) => p,
): boolean {
  if (!(error instanceof ApiError) || !error.errors) return false;
  let applied = false;
  for (const [serverPath, message] of Object.entries(error.errors)) {
    const key = rename(serverPath);
    if ((fields as readonly string[]).includes(key)) {
      setError(key as Path<T>, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}
