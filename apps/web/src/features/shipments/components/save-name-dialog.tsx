import { Dialog, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { DialogFormActions } from '../../../components/form-actions';

/**
 * The small dialog that asks the name under which something is saved (a packaging template, a
 * package). The name is checked with the contract's schema; `serverError` is the server's message
 * for the name field, if it refused it.
 */
export function SaveNameDialog({
  open,
  title,
  label = 'Nume',
  children,
  schema,
  pending,
  serverError,
  onSave,
  onClose,
}: {
  open: boolean;
  title: string;
  label?: string;
  children?: ReactNode;
  schema: z.ZodType<string>;
  pending: boolean;
  serverError?: string;
  onSave: (name: string) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [prevOpen, setPrevOpen] = useState(open);
  // A new opening starts empty.
  if (open !== prevOpen) {
    setPrevOpen(open);
    if (open) {
      setName('');
      setError(undefined);
    }
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = schema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    onSave(parsed.data);
  };

  const shown = error ?? serverError;
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="save-name-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="save-name-dialog-title">{title}</DialogTitle>
        <DialogContent>
          {children}
          <TextField
            autoFocus
            label={label}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              if (error) setError(undefined);
            }}
            error={!!shown}
            helperText={shown}
            autoComplete="off"
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogFormActions pending={pending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
