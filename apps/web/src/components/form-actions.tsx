import { Button, DialogActions, Stack } from '@mui/material';

/** A form's save button, right-aligned, busy while the save is on its way. */
export function SaveBar({ pending, label = 'Salveaza' }: { pending: boolean; label?: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      <Button type="submit" variant="contained" disabled={pending}>
        {pending ? 'Se salveaza...' : label}
      </Button>
    </Stack>
  );
}

/** A dialog form's buttons: 'Renunta' and the submit button (or onConfirm for dialogs without a form). */
export function DialogFormActions({
  pending,
  onCancel,
  label = 'Salveaza',
  onConfirm,
}: {
  pending: boolean;
  onCancel: () => void;
  label?: string;
  onConfirm?: () => void;
}) {
  return (
    <DialogActions sx={{ px: 3, py: 2 }}>
      <Button onClick={onCancel} disabled={pending}>
        Renunta
      </Button>
      <Button type={onConfirm ? 'button' : 'submit'} onClick={onConfirm} variant="contained" disabled={pending}>
        {pending ? 'Se salveaza...' : label}
      </Button>
    </DialogActions>
  );
}
