import { mailKindLabel, type TOutboxMail } from '@colete/contract';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import {
  Box,
  Chip,
  Link,
  List,
  ListItem,
  ListItemButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { formatDateTime } from '../../../lib/format';
import { transportLabel } from './outbox-format';
import { OutboxStatusChip } from './outbox-status-chip';

/** The notification's name, with an SMS chip for text messages. */
function KindLabel({ mail }: { mail: TOutboxMail }) {
  return (
    <>
      {mail.channel === 'sms' && <Chip label="SMS" size="small" color="secondary" variant="outlined" sx={{ mr: 0.75, height: 20 }} component="span" />}
      {mailKindLabel(mail.kind)}
    </>
  );
}

type Props = { mails: TOutboxMail[]; onOpen: (mail: TOutboxMail) => void };

/** A table on wide screens, a list of rows on a phone; the subject opens the mail. */
export function OutboxList({ mails, onOpen }: Props) {
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  return wide ? <OutboxTable mails={mails} onOpen={onOpen} /> : <OutboxRows mails={mails} onOpen={onOpen} />;
}

function OutboxTable({ mails, onOpen }: Props) {
  return (
    <Table size="small" aria-label="Emailuri trimise">
      <TableHead>
        <TableRow>
          <TableCell>Data</TableCell>
          <TableCell>Tip</TableCell>
          <TableCell>Destinatari</TableCell>
          <TableCell>Subiect</TableCell>
          <TableCell>Stare</TableCell>
          <TableCell>Trimitere</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {mails.map((m) => (
          <TableRow key={m.id} hover onClick={() => onOpen(m)} sx={{ cursor: 'pointer' }}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.createdAt)}</TableCell>
            <TableCell>
              <KindLabel mail={m} />
            </TableCell>
            <TableCell sx={{ minWidth: 180, overflowWrap: 'anywhere' }}>
              {m.to.map((address) => (
                <Box key={address}>{address}</Box>
              ))}
            </TableCell>
            <TableCell>
              <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
                <Link
                  component="button"
                  type="button"
                  onClick={(e) => {
                    e.stopPropagation();
                    onOpen(m);
                  }}
                  sx={{ textAlign: 'left' }}
                >
                  {m.subject}
                </Link>
                {m.attachments.length > 0 && <AttachFileIcon fontSize="small" titleAccess="Are atasamente" sx={{ color: 'text.secondary' }} />}
              </Box>
            </TableCell>
            <TableCell>
              <OutboxStatusChip status={m.status} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{transportLabel(m.transport)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function OutboxRows({ mails, onOpen }: Props) {
  return (
    <List disablePadding aria-label="Emailuri trimise">
      {mails.map((m) => (
        <ListItem key={m.id} disablePadding divider>
          <ListItemButton onClick={() => onOpen(m)} sx={{ px: 1, alignItems: 'flex-start' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 0.5 }}>
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(m.createdAt)} · <KindLabel mail={m} />
                </Typography>
                <OutboxStatusChip status={m.status} />
              </Stack>
              <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{m.subject}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                Catre {m.to.join(', ')} · {transportLabel(m.transport)}
              </Typography>
            </Box>
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
