import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';
import { useSnackbar } from '../../../lib/snackbar';
import { serverFieldErrors } from './measure-form';

/** A mutation the packaging dialogs save through: react-query's mutate with its callbacks. */
type Mutate<T> = (input: T, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;

/**
 * Saving a packaging dialog (a template or a saved package): the success message and close, or
 * the server's field messages on their fields and the save error.
 */
export function useMeasureSave({ saved, onClose, setErrors }: { saved: string; onClose: () => void; setErrors: (errors: Record<string, string>) => void }) {
  const { enqueueSnackbar } = useSnackbar();
  return <T,>(mutate: Mutate<T>, input: T, saveError: string) =>
    mutate(input, {
      onSuccess: () => {
        enqueueSnackbar(saved, { variant: 'success' });
        onClose();
      },
      onError: (error) => {
        const fields = serverFieldErrors(error);
        if (fields) setErrors(fields);
        enqueueSnackbar(saveError, { variant: 'error' });
      },
    });
}

/** The packaging dialogs' frame: a form with its title, its fields, 'Renunta' and 'Salveaza'. */
export function MeasureDialog({ title, maxWidth, pending, onClose, onSave, children }: { title: string; maxWidth: 'sm' | 'md'; pending: boolean; onClose: () => void; onSave: () => void; children: ReactNode }) {
  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth={maxWidth}>
      <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), onSave())}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Renunta
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            Salveaza
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
