import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/* ---- Outgoing mail: every message goes through the outbox ---- */

/**
 * An attachment is a reference, produced when the mail is sent: an invoice's PDF (by invoiceId), or
 * a shipment's label (by the shipment's id and the format named in the file name).
 */
export type InvoiceAttachmentRef = { filename: string; contentType: string; invoiceId: number };
export type LabelAttachmentRef = { filename: string; contentType: string; label: { shipmentId: number; format: 'A4' | 'A6' } };
/** A repayments export (the list's filters resolved when asked, or a sheet): the xlsx is written when the mail is sent. */
export type RepaymentsExportAttachmentRef = { filename: string; contentType: string; repaymentsExport: { scope: Record<string, unknown>; filter: string } };
export type MailAttachmentRef = InvoiceAttachmentRef | LabelAttachmentRef | RepaymentsExportAttachmentRef;

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The account it is about (null for mail not tied to an account). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** mail (to addresses, with a subject) or sms (to E.164 phones; the subject is the text's first words, for the outbox list). */
    channel: text('channel', { enum: ['mail', 'sms'] }).notNull().default('mail'),
    /** Which notification it is (sendInvoiceMail, sendOrderDeliveryAlerts, ..., pickUpRecipientNotify for SMS). */
    kind: text('kind').notNull(),
    to: jsonb('to').$type<string[]>().notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<MailAttachmentRef[]>().notNull().default([]),
    /** pending until the transport took it; sent; failed after the last attempt. */
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    /** smtp or twilio, or outbox (kept here only: no SMTP server or SMS provider configured). */
    transport: text('transport'),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_user_idx').on(t.userId, t.createdAt),
    index('mail_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);
