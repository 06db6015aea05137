import { messages } from '@colete/contract';
import { useSnackbar } from '../../../lib/snackbar';
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

/** POST user/profile answers its field errors as 'profile.<field>'; the forms name them '<field>'. */
export const stripProfile = (path: string) => path.replace(/^profile\./, '');
