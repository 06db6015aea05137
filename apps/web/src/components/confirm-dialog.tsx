import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';

/** The one confirmation dialog: a question, a confirm button (busy while pending) and 'Renunta'. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = 'Confirma',
  destructive = false,
  pending = false,
  confirmDisabled = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  destructive?: boolean;
  pending?: boolean;
  /** Not yet confirmable (e.g. a word still to type). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="confirm-dialog-title">
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{children}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          Renunta
        </Button>
        <Button onClick={onConfirm} variant="contained" color={destructive ? 'error' : 'primary'} disabled={pending || confirmDisabled}>
          {pending ? 'Se proceseaza...' : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
