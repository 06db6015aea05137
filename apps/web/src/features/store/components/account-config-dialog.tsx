import { messages, type TStoreCheckError } from '@colete/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { STORE_ORDER_TEXTS } from './order-texts';

/** A help page of the platform opens in the app; Shopify's help in a new tab. */
function HelpLink({ url }: { url: string }) {
  if (url.startsWith('/'))
    return (
      <Link component={RouterLink} to={url}>
        {STORE_ORDER_TEXTS.documentation}
      </Link>
    );
  return (
    <Link href={url} target="_blank" rel="noopener noreferrer">
      {STORE_ORDER_TEXTS.documentation}
    </Link>
  );
}

/**
 * 'Configuratia contului dumneavoastra este invalida' (spec 001 "Orders account configuration error
 * dialog"): the account's errors with their help pages; clicking outside or Escape does not close it.
 * 'Arata pentru testare' shows the order anyway when every error allows testing; 'Reincearca' asks
 * the check again when it failed; onClose (the dialog's or the page's way back) closes it.
 */
export function AccountConfigDialog({
  errors,
  note,
  allowTesting,
  onShowForTesting,
  onRetry,
  onClose,
}: {
  errors: TStoreCheckError[];
  note?: string;
  allowTesting: boolean;
  onShowForTesting: () => void;
  onRetry?: () => void;
  onClose?: () => void;
}) {
  return (
    <Dialog open disableEscapeKeyDown aria-labelledby="account-config-title" maxWidth="sm" fullWidth>
      <DialogTitle id="account-config-title">Configuratia contului dumneavoastra este invalida</DialogTitle>
      <DialogContent>
        {note && <Typography>{note}</Typography>}
        <List dense>
          {errors.map((e) => (
            <ListItem key={e.code} disableGutters>
              <ListItemText primary={e.message} secondary={e.documentationUrl ? <HelpLink url={e.documentationUrl} /> : null} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {onClose && <Button onClick={onClose}>{STORE_ORDER_TEXTS.back}</Button>}
        {onRetry && <Button onClick={onRetry}>{messages.common.retry}</Button>}
        {allowTesting && (
          <Button variant="contained" onClick={onShowForTesting}>
            Arata pentru testare
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
