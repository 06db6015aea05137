import { messages } from '@colete/contract';
import { useSnackbar } from 'notistack';
import { ApiError } from '../../../lib/api-client';

/**
 * The settings screens' messages (spec 000 section 8): the section's success text; for a form the
 * browser already finds invalid, 'Nu am putut salva setarile. Campuri invalide!'; for a refusal by
 * the server, 'Datele nu pot fi salvate. Campuri invalide!' (or its own message); otherwise
 * 'A aparut o eroare la salvarea setarilor!'.
 */
export function useSettingsFeedback() {
  const { enqueueSnackbar } = useSnackbar();
  return {
    saved: (message: string) => enqueueSnackbar(message, { variant: 'success' }),
    invalid: () => enqueueSnackbar(messages.common.settingsInvalid, { variant: 'error' }),
    failed: (error: unknown) => {
      const refused = error instanceof ApiError && error.status === 400;
      const text = refused ? (error.code === 'validation' ? messages.common.cannotSaveInvalid : error.message) : messages.common.settingsSaveError;
      enqueueSnackbar(text, { variant: 'error' });
    },
  };
}

/** Field errors of a refused POST user/profile, keyed by the form's field names. */
export function profileFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.errors) return {};
  return Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k.replace(/^profile\./, ''), v]));
}
