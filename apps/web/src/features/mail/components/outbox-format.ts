import type { TOutboxMail } from '@colete/contract';

export const outboxDate = (iso: string) =>
  new Date(iso).toLocaleString('ro-RO', { timeZone: 'Europe/Bucharest', dateStyle: 'medium', timeStyle: 'short' });

/** How a mail left: through SMTP, or kept here only (no SMTP server configured). */
export const transportLabel = (transport: TOutboxMail['transport']) =>
  transport === 'smtp' ? 'SMTP' : transport === 'twilio' ? 'Twilio (SMS)' : transport === 'outbox' ? 'Doar pastrat aici' : '-';
