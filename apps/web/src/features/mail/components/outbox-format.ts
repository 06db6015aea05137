import type { TOutboxMail } from '@colete/contract';

/** How a mail left: through SMTP, or kept here only (no SMTP server configured). */
export const transportLabel = (transport: TOutboxMail['transport']) =>
  transport === 'smtp' ? 'SMTP' : transport === 'twilio' ? 'Twilio (SMS)' : transport === 'outbox' ? 'Doar pastrat aici' : '-';
