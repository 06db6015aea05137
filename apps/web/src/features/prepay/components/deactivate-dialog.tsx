import { SUBSCRIPTION_CONFIRM_WORD, messages } from '@colete/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';

/** Deactivation needs the word CONFIRM typed (spec 000 section 5); it can be undone from the prepay page. */
export function DeactivateDialog({ pending, onConfirm, onClose }: { pending: boolean; onConfirm: () => void; onClose: () => void }) {
  const [word, setWord] = useState('');
  const ok = word.trim() === SUBSCRIPTION_CONFIRM_WORD;
  return (
    <Dialog open onClose={pending ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="deactivate-title">
      <DialogTitle id="deactivate-title">Dezactivare abonament</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Contul nu va mai fi reincarcat automat. Puteti reactiva abonamentul din pagina contului preplatit. {messages.prepay.confirmWord}
        </DialogContentText>
        <TextField label="Confirmare" value={word} onChange={(e) => setWord(e.target.value)} autoComplete="off" />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          Renunta
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm} disabled={!ok || pending}>
          {pending ? 'Se dezactiveaza...' : 'Dezactiveaza'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
