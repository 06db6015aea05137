import { RECEIVED_COMMENT_MAX, RECEIVED_MESSAGE_LABELS, RECEIVED_MESSAGES, receivedActions, type EInvoiceAccountType, type ReceivedInvoiceStatus, type TReceivedInvoice } from '@colete/contract';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, List, ListItem, ListItemText, Menu, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { useChangeReceivedStatus } from '../api/received-invoices';

/* A received invoice's actions menu (spec 002 section 4.8, per account type) and its messages to the supplier (issue 25). */

/** The move's outcome as a snackbar: the server's text, a 409's reason, or the general failure. */
function useMove(invoice: TReceivedInvoice, onDone?: () => void) {
  const change = useChangeReceivedStatus();
  const { enqueueSnackbar } = useSnackbar();
  const move = (to: ReceivedInvoiceStatus, comment = '', supplierCourierId: string | null = null) =>
    change.mutate(
      { receivedInvoiceId: invoice.receivedInvoiceId, oldStatus: invoice.status, newStatus: to, comment, supplierCourierId },
      {
        onSuccess: (r) => {
          onDone?.();
          enqueueSnackbar(r.message, { variant: 'success' });
        },
        onError: (err) => enqueueSnackbar(err instanceof ApiError && err.status === 409 ? err.message : RECEIVED_MESSAGES.statusFailed, { variant: 'error' }),
      },
    );
  return { move, pending: change.isPending };
}

/**
 * The rejection: an optional comment, which then goes to the supplier through e-Factura. Held by the
 * page, so a comment being typed survives the switch between the table and the phone's cards.
 */
export function RejectDialog({ invoice, label, onClose }: { invoice: TReceivedInvoice; label: string; onClose: () => void }) {
  const { move, pending } = useMove(invoice, onClose);
  const [comment, setComment] = useState('');
  const tooLong = comment.length > RECEIVED_COMMENT_MAX;
  return (
    <Dialog open onClose={onClose} aria-labelledby="reject-title" fullWidth maxWidth="sm">
      <DialogTitle id="reject-title">
        {label}: factura {invoice.generalData.invoiceIdentification}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Factura de la {invoice.seller.name} va fi marcata ca respinsa. Un comentariu, daca il scrieti, este trimis furnizorului prin e-Factura.
        </DialogContentText>
        <TextField
          label="Comentariu pentru furnizor (optional)"
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          multiline
          minRows={3}
          fullWidth
          error={tooLong}
          helperText={tooLong ? RECEIVED_MESSAGES.commentTooLong : `${comment.length}/${RECEIVED_COMMENT_MAX}`}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Renunta</Button>
        <Button variant="contained" color="error" disabled={tooLong || pending} onClick={() => move('rejected', comment.trim())}>
          {comment.trim() ? 'Respinge si trimite mesajul' : 'Respinge'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * 'Adauga furnizor si accepta' (Internal account): the seller goes on file, as one of the couriers
 * or as a supplier that is not one; a courier's next invoices are then checked against our AWBs.
 */
export function AddSupplierDialog({ invoice, label, couriers, onClose }: { invoice: TReceivedInvoice; label: string; couriers: { id: string; name: string }[]; onClose: () => void }) {
  const { move, pending } = useMove(invoice, onClose);
  const [courier, setCourier] = useState('');
  return (
    <Dialog open onClose={onClose} aria-labelledby="supplier-title" fullWidth maxWidth="sm">
      <DialogTitle id="supplier-title">
        {label}: factura {invoice.generalData.invoiceIdentification}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {invoice.seller.name} (CUI {invoice.seller.identification}) va fi adaugat in lista furnizorilor platformei, iar factura va fi acceptata.
        </DialogContentText>
        <TextField select fullWidth label="Tipul furnizorului" value={courier} onChange={(e) => setCourier(e.target.value)} helperText="Facturile urmatoare ale unui curier se verifica automat cu costurile AWB-urilor.">
          <MenuItem value="">Nu este curier</MenuItem>
          {couriers.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              Curier: {c.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Renunta</Button>
        <Button variant="contained" disabled={pending} onClick={() => move('supplier_force_accept', '', courier || null)}>
          Adauga si accepta
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The actions that ask for more first: a rejection (its comment) and a new supplier (the courier it is). */
export type ActionDialog = 'reject' | 'supplier';

/** The account type's actions in the invoice's status (spec 002 section 4.8); a rejection or a new supplier asks the page for its dialog. */
export function ReceivedActions({ invoice, type, onDialog }: { invoice: TReceivedInvoice; type: EInvoiceAccountType; onDialog: (kind: ActionDialog, label: string) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { move, pending } = useMove(invoice);
  const actions = receivedActions(type, invoice.status);
  if (actions.length === 0) return null;
  return (
    <>
      <Button size="small" variant="outlined" endIcon={<MoreVertIcon />} aria-label={`Actiuni factura ${invoice.generalData.invoiceIdentification}`} onClick={(e) => setAnchor(e.currentTarget)} disabled={pending}>
        Actiuni
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((a) => (
          <MenuItem
            key={a.to}
            onClick={() => {
              setAnchor(null);
              if (a.to === 'rejected') onDialog('reject', a.label);
              else if (a.to === 'supplier_force_accept') onDialog('supplier', a.label);
              else move(a.to);
            }}
          >
            {a.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The messages sent to the supplier, with their count (nothing when none was sent). */
export function MessagesButton({ invoice, onOpen }: { invoice: TReceivedInvoice; onOpen: () => void }) {
  const count = invoice.generalData.message.length;
  if (count === 0) return null;
  return (
    <Button size="small" startIcon={<MailOutlineIcon />} aria-label={`Mesaje catre furnizor, factura ${invoice.generalData.invoiceIdentification}: ${count}`} onClick={onOpen}>
      Mesaje ({count})
    </Button>
  );
}

/** Each message to the supplier: 'Se trimite' until e-Factura takes it, then 'Trimis cu succes'. */
export function MessagesDialog({ invoice, onClose }: { invoice: TReceivedInvoice; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="messages-title" fullWidth maxWidth="sm">
      <DialogTitle id="messages-title">Mesaje catre {invoice.seller.name}</DialogTitle>
      <DialogContent>
        <List dense>
          {invoice.generalData.message.map((m, i) => (
            <ListItem key={i} divider sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}>
              <ListItemText primary={m.message} secondary={formatDateTime(m.sentDateTime)} sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', flex: '1 1 240px' }} />
              <Chip size="small" color={m.status === 'uploadSuccessful' ? 'success' : 'default'} label={RECEIVED_MESSAGE_LABELS[m.status]} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Inchide</Button>
      </DialogActions>
    </Dialog>
  );
}
