import { MAIL_STATUS_COLORS, MAIL_STATUS_LABELS, type MailStatus } from '@colete/contract';
import { Chip } from '@mui/material';

/** Trimis / In asteptare / Esuat. */
export function OutboxStatusChip({ status }: { status: MailStatus }) {
  return <Chip size="small" label={MAIL_STATUS_LABELS[status]} color={MAIL_STATUS_COLORS[status]} variant={status === 'sent' ? 'outlined' : 'filled'} />;
}
