import type { ReactNode } from 'react';
import { MAIL_STATUS_LABELS, mailKindLabel, messages } from '@colete/contract';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useOutboxMail } from '../api/get-outbox-mail';
import { formatDateTime } from '../../../lib/format';
import { transportLabel } from './outbox-format';
import { OutboxStatusChip } from './outbox-status-chip';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '120px 1fr' }, gap: { xs: 0, sm: 2 }, py: 0.5 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** One mail as it was sent: who, when, how, the text body and the attachments' names. */
export function OutboxMailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const mail = useOutboxMail(id);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="outbox-mail-title">
      <DialogTitle id="outbox-mail-title">{mail.data?.subject ?? 'Email'}</DialogTitle>
      <DialogContent dividers>
        {mail.isPending ? (
          <LoadingState />
        ) : mail.isError ? (
          <ErrorState onRetry={() => void mail.refetch()} />
        ) : (
          <>
            <Box component="dl" sx={{ m: 0, mb: 2 }}>
              <Field label="Data">{formatDateTime(mail.data.createdAt)}</Field>
              <Field label="Tip">{mailKindLabel(mail.data.kind)}</Field>
              <Field label="Destinatari">{mail.data.to.join(', ')}</Field>
              <Field label="Stare">
                <OutboxStatusChip status={mail.data.status} />
                {mail.data.sentAt && ` ${formatDateTime(mail.data.sentAt)}`}
              </Field>
              <Field label="Trimitere">{transportLabel(mail.data.transport)}</Field>
            </Box>
            {mail.data.status !== 'sent' && (
              <Alert severity={mail.data.status === 'failed' ? 'error' : 'info'} sx={{ mb: 2 }}>
                {mail.data.status === 'failed' ? messages.mail.failedHint : messages.mail.pendingHint} ({MAIL_STATUS_LABELS[mail.data.status]}, incercari: {mail.data.attempts})
              </Alert>
            )}
            <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
              Mesaj
            </Typography>
            <Box
              component="pre"
              aria-label={mail.data.channel === 'sms' ? 'Textul SMS-ului' : 'Textul emailului'}
              sx={{ m: 0, p: 2, bgcolor: 'background.default', borderRadius: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'inherit', fontSize: '0.9rem' }}
            >
              {mail.data.text}
            </Box>
            <Typography variant="h3" component="h3" sx={{ mt: 2, mb: 0.5 }}>
              Atasamente
            </Typography>
            {mail.data.attachments.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                Fara atasamente.
              </Typography>
            ) : (
              <List dense disablePadding aria-label="Atasamente">
                {mail.data.attachments.map((a, i) => (
                  <ListItem key={i} disableGutters>
                    <ListItemIcon sx={{ minWidth: 32 }}>
                      <AttachFileIcon fontSize="small" aria-hidden />
                    </ListItemIcon>
                    <ListItemText primary={a.filename} secondary={a.contentType} />
                  </ListItem>
                ))}
              </List>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Inchide</Button>
      </DialogActions>
    </Dialog>
  );
}
