// Contract of the mail area: schemas shared by the server and the web app.
import { z } from './zod.js';
import { listEnvelope, pageQuery } from './common/pagination.js';
import { MAIL_SETTING_KEYS, type MailSettingKey } from './settings.js';

/** 'outbox': no SMTP server configured, messages are only kept in the outbox; 'smtp': they are sent. */
export const MAIL_MODES = ['outbox', 'smtp'] as const;
export type MailMode = (typeof MAIL_MODES)[number];
/** Who took a message: smtp or twilio sent it; outbox kept it here only. */
export const OUTBOX_TRANSPORTS = ['outbox', 'smtp', 'twilio'] as const;
export const OUTBOX_CHANNELS = ['mail', 'sms'] as const;
export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_OUTBOX_PAGE_SIZE = 20;
export const MAIL_OUTBOX_MAX_PAGE_SIZE = 100;

/** The outbox names each mail by the notification setting it belongs to (spec 000 section 3). */
export const MAIL_KIND_LABELS: Record<MailSettingKey, string> = {
  sendInvoiceMail: 'Factura',
  sendOrderDeliveryAlerts: 'Alerta de livrare',
  sendRepaymentSheet: 'Borderou de ramburs',
  sendOrderConfirmationToSender: 'Confirmare comanda',
  sendOrderConfirmationToMarkedEmails: 'Confirmare comanda (copie)',
  sendOrderConfirmationWithoutAttachments: 'Confirmare comanda fara atasamente',
  sendOrderReturn: 'Retur',
  sendEInvoiceReceived: 'Facturi primite e-Factura',
};
/** A kind outside the seven settings (mail not tied to a notification setting). */
export const mailKindLabel = (kind: string): string =>
  (MAIL_SETTING_KEYS as readonly string[]).includes(kind) ? MAIL_KIND_LABELS[kind as MailSettingKey] : kind === 'pickUpRecipientNotify' ? 'SMS preluare colet' : 'Altele';

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = { sent: 'Trimis', pending: 'In asteptare', failed: 'Esuat' };
/** Theme palette names for the status chip. */
export const MAIL_STATUS_COLORS: Record<MailStatus, 'success' | 'warning' | 'error'> = { sent: 'success', pending: 'warning', failed: 'error' };

const ZId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const ZOutboxQuery = pageQuery(MAIL_OUTBOX_PAGE_SIZE, MAIL_OUTBOX_MAX_PAGE_SIZE);
export type TOutboxQuery = z.infer<typeof ZOutboxQuery>;
export const ZOutboxParams = z.object({ id: ZId });

export const ZOutboxAttachment = z.object({ filename: z.string(), contentType: z.string() });

/** One mail of the outbox as the account sees it: never the server's error text or the HTML body. */
export const ZOutboxMail = z.object({
  id: z.number().int(),
  /** mail, or sms (to phones; its subject is the text's first words). */
  channel: z.enum(OUTBOX_CHANNELS),
  kind: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  /** smtp, twilio, outbox (kept here only), or null while nothing took it yet. */
  transport: z.enum(OUTBOX_TRANSPORTS).nullable(),
  attempts: z.number().int(),
  attachments: z.array(ZOutboxAttachment),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type TOutboxMail = z.infer<typeof ZOutboxMail>;

export const ZOutboxListResponse = listEnvelope(ZOutboxMail).extend({
  /** The page answered and its size (kept: older readers of the answer use them). */
  page: z.number().int(),
  perPage: z.number().int(),
  /** How this server sends mail, so the page can say when nothing leaves it. */
  mode: z.enum(MAIL_MODES),
});
export type TOutboxListResponse = z.infer<typeof ZOutboxListResponse>;

export const ZOutboxMailDetail = ZOutboxMail.extend({ text: z.string() });
export type TOutboxMailDetail = z.infer<typeof ZOutboxMailDetail>;
export const ZOutboxMailResponse = z.object({ success: z.literal(true), mail: ZOutboxMailDetail, mode: z.enum(MAIL_MODES) });
export type TOutboxMailResponse = z.infer<typeof ZOutboxMailResponse>;
