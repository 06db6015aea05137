import { einvoiceMessages, SENT_MESSAGE_STATUS, type TSentInvoice } from '@colete/contract';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import { useState } from 'react';
import { Badge, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { formatDate } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { useMarkSentMessagesRead } from '../api/sent-invoices';

/* The buyers' messages about a sent e-invoice (issue 26; spec 002 sections 3, 4.9, 5, 8): their count, and a dialog to read them and mark them read. */

/** Spec 002 section 8: the failures show 2 seconds. */
const FAILURE_MS = 2000;
const numberOf = (i: TSentInvoice) => `${i.serial} ${i.invoiceNumber}`.trim();
const unreadOf = (i: TSentInvoice) => i.message.filter((m) => m.status === SENT_MESSAGE_STATUS.unread);

/** The messages cell: the count of messages, with a badge of the unread ones; '-' when there are none. */
export function MessagesButton({ invoice, onOpen }: { invoice: TSentInvoice; onOpen: () => void }) {
  if (invoice.message.length === 0) return <Typography variant="body2">-</Typography>;
  const unread = unreadOf(invoice).length;
  return (
    <IconButton size="small" color="primary" onClick={onOpen} aria-label={`Mesajele facturii ${numberOf(invoice)}: ${invoice.message.length}, necitite ${unread}`} title="Mesaje">
      <Badge
        badgeContent={unread > 0 ? unread : invoice.message.length}
        color={unread > 0 ? 'error' : 'default'}
        // All read: the count on a quiet grey, the unread count in red.
        sx={unread > 0 ? undefined : { '& .MuiBadge-badge': { bgcolor: 'grey.300', color: 'text.primary' } }}
      >
        <ChatBubbleOutlineIcon fontSize="small" />
      </Badge>
    </IconButton>
  );
}

/** A document's buyer messages, oldest first: each one marked read on its own, or all at once. */
export function SentMessagesDialog({ invoice, onClose }: { invoice: TSentInvoice; onClose: () => void }) {
  const mark = useMarkSentMessagesRead();
  const { enqueueSnackbar } = useSnackbar();
  // Marked here: read at once, even when the list's filter then leaves the document out.
  const [marked, setMarked] = useState<number[]>([]);
  const read = (ids: number[]) => setMarked((was) => [...was, ...ids]);
  const unread = unreadOf(invoice).filter((m) => !marked.includes(m.id));
  const markOne = (messageId: number) => mark.mutate({ messageId }, { onSuccess: () => read([messageId]), onError: () => enqueueSnackbar(einvoiceMessages.sentMessageReadFailed, { variant: 'error', autoHideDuration: FAILURE_MS }) });
  // Spec 002 section 5: with no unread message, 'mark all' does nothing (no request).
  const markAll = () => {
    if (unread.length === 0) return;
    const ids = unread.map((m) => m.id);
    mark.mutate({ messageIds: ids }, { onSuccess: () => read(ids), onError: () => enqueueSnackbar(einvoiceMessages.sentMessagesReadFailed, { variant: 'error', autoHideDuration: FAILURE_MS }) });
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="sent-messages-title" fullWidth maxWidth="sm">
      <DialogTitle id="sent-messages-title">Mesajele cumparatorului: factura {numberOf(invoice)}</DialogTitle>
      <DialogContent>
        <List dense aria-label="Mesaje">
          {invoice.message.map((m) => {
            const isUnread = m.status === SENT_MESSAGE_STATUS.unread && !marked.includes(m.id);
            return (
              <ListItem key={m.id} divider sx={{ alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' }, gap: 1 }}>
                <ListItemText
                  primary={m.text}
                  slotProps={{ primary: { sx: { fontWeight: isUnread ? 600 : undefined, overflowWrap: 'anywhere' } } }}
                  secondary={`${formatDate(m.date)} · ${m.sender === 'client' ? invoice.buyer.name : 'Furnizor'}`}
                />
                <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexShrink: 0 }}>
                  <Chip size="small" label={isUnread ? 'Necitit' : 'Citit'} color={isUnread ? 'warning' : 'default'} variant={isUnread ? 'filled' : 'outlined'} />
                  {isUnread && (
                    <Button size="small" disabled={mark.isPending} onClick={() => markOne(m.id)} aria-label={`Marcheaza ca citit: ${m.text}`}>
                      Marcheaza ca citit
                    </Button>
                  )}
                </Stack>
              </ListItem>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" disabled={mark.isPending} onClick={markAll}>
          Marcheaza toate ca citite
        </Button>
        <Button onClick={onClose}>Inchide</Button>
      </DialogActions>
    </Dialog>
  );
}
