import { messages } from '@colete/contract';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useNeedsAuth } from '../api/store-accounts';

/** 'Conecteaza un magazin': the shop's address, then the browser goes to the shop's consent page. */
export function ConnectStoreDialog({ open, onClose, demoShop }: { open: boolean; onClose: () => void; demoShop: string | null }) {
  const [shop, setShop] = useState(demoShop ?? '');
  const connect = useNeedsAuth();
  const fieldError = connect.error instanceof ApiError ? (connect.error.errors?.shop ?? connect.error.message) : connect.error ? messages.store.connectFailed : undefined;
  const busy = connect.isPending || (connect.isSuccess && connect.data.needsAuth);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    connect.mutate({ shop });
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="connect-store-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="connect-store-title">Conecteaza un magazin Shopify</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            Introduceti adresa magazinului. Veti fi trimis in Shopify, unde aprobati instalarea aplicatiei Colete Online, apoi reveniti aici.
          </Typography>
          {demoShop && (
            <Alert severity="info" sx={{ mb: 2 }}>
              Platforma ruleaza cu simulatorul Shopify: orice adresa de forma nume.myshopify.com este un magazin de test. Magazinul demonstrativ este {demoShop}.
            </Alert>
          )}
          <TextField
            label="Adresa magazinului"
            value={shop}
            onChange={(e) => setShop(e.target.value)}
            fullWidth
            required
            autoFocus
            placeholder="magazinul-meu.myshopify.com"
            error={!!fieldError}
            helperText={fieldError ?? 'De forma nume.myshopify.com'}
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, maxLength: 255 } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Renunta
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Se proceseaza...' : 'Continua in Shopify'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
