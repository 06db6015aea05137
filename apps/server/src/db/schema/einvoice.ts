import { bigint, bigserial, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TCourierCheck, TInvoiceForm } from '@colete/contract';
import { sql } from 'drizzle-orm';
import { bytea } from './columns.js';
import { billingEntities } from './billing.js';
import { users } from './users.js';

/* ---- e-Invoicing (e-Factura) connections of billing entries ---- */

/** A company's authorisation with the tax authority's e-invoicing system. Tokens are encrypted at rest. */
export const eInvoiceConnections = pgTable(
  'einvoice_connections',
  {
    billingEntityId: integer('billing_entity_id')
      .primaryKey()
      .references(() => billingEntities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ACTIVE, or EXPIRED once the refresh token has lapsed. */
    state: text('state', { enum: ['ACTIVE', 'EXPIRED'] }).notNull(),
    accessTokenEnc: text('access_token_enc').notNull(),
    refreshTokenEnc: text('refresh_token_enc').notNull(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Issue 25: the end of the last window synced in full ('lastSync'), and the last sync's failure. */
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastSyncError: text('last_sync_error'),
  },
  (t) => [index('einvoice_connections_user_idx').on(t.userId)],
);

/** A consent in progress: the OAuth state sent to the authorize page, checked when the browser comes back. */
export const eInvoiceAuthorizations = pgTable(
  'einvoice_authorizations',
  {
    /** SHA-256 of the random state value. */
    stateHash: text('state_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    billingEntityId: integer('billing_entity_id')
      .notNull()
      .references(() => billingEntities.id, { onDelete: 'cascade' }),
    /** The page the connection was started from, where the browser comes back (EINVOICE_RETURN_TARGETS). */
    returnTo: text('return_to', { enum: ['billing', 'einvoice'] }).notNull().default('billing'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('einvoice_authorizations_expiry_idx').on(t.expiresAt)],
);

/**
 * A message received through e-Factura for a connected company (issue 25): one row per message,
 * downloaded once; the signed ZIP kept unchanged as the legal original (it outlives SPV's 60 days);
 * the document read from its XML (an invoice or a credit note; an unreadable one is never stored);
 * the warnings computed on receipt with their status (0 none, 1 to acknowledge, 2 'Verificata');
 * the status of the received-invoice machine (spec 002 section 4.8). Amounts in bani of `currency`.
 */
export const eInvoiceReceived = pgTable(
  'einvoice_received',
  {
    id: serial('id').primaryKey(),
    billingEntityId: integer('billing_entity_id')
      .notNull()
      .references(() => billingEntities.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    uploadIndex: text('upload_index').notNull(),
    /** data_creare: the e-invoice's date. */
    messageAt: timestamp('message_at', { withTimezone: true }).notNull(),
    zip: bytea('zip').notNull(),
    kind: text('kind', { enum: ['invoice', 'creditNote'] }).notNull(),
    number: text('number').notNull(),
    issueDate: date('issue_date').notNull(),
    dueDate: date('due_date'),
    currency: text('currency').notNull(),
    sellerName: text('seller_name').notNull(),
    /** The seller's name as searched: lower case, without diacritics (normalizeText), so 'Ștefan' is found by 'stefan'. */
    sellerSearch: text('seller_search').notNull().default(''),
    sellerIdentification: text('seller_identification').notNull(),
    /** When the client was told of it (the 'Facturi primite prin e-Factura' mail, or not, by its setting): once. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    taxBani: bigint('tax_bani', { mode: 'number' }).notNull(),
    totalBani: bigint('total_bani', { mode: 'number' }).notNull(),
    /** The document as read (lines, VAT per rate, totals, parties), without the embedded files. */
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    hasPdf: smallint('has_pdf').notNull().default(0),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    warningStatus: smallint('warning_status').notNull().default(0),
    status: text('status').notNull().default('initial'),
    /** The platform's own company: the courier invoice's check against our AWBs' costs (TCourierCheck), when checked. */
    courierCheck: jsonb('courier_check').$type<TCourierCheck>(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('einvoice_received_message_key').on(t.billingEntityId, t.messageId),
    // The list's two orders, with the filtered columns after them: its count is an index-only scan (issue 25 bench: 100,000 invoices, p95 under 30 ms).
    index('einvoice_received_list_idx').on(t.billingEntityId, t.issueDate, t.id, t.status, t.sellerIdentification, t.sellerSearch),
    index('einvoice_received_message_at_idx').on(t.billingEntityId, t.messageAt, t.id, t.status, t.sellerIdentification, t.sellerSearch),
    index('einvoice_received_seller_number_idx').on(t.billingEntityId, t.sellerIdentification, t.number),
    index('einvoice_received_unnotified_idx').on(t.billingEntityId).where(sql`${t.notifiedAt} is null`),
  ],
);

/**
 * A comment sent to a received invoice's supplier with its rejection (issue 25): a RASP message
 * through e-Factura. 'uploading' until the upload index is known, then 'uploadSuccessful'. A sender
 * holds `leaseUntil` while it uploads; `attemptedAt` is set before an upload whose outcome is not
 * known yet, so the next try first looks for that message in SPV instead of sending it twice.
 */
export const eInvoiceReceivedMessages = pgTable(
  'einvoice_received_messages',
  {
    id: serial('id').primaryKey(),
    receivedInvoiceId: integer('received_invoice_id')
      .notNull()
      .references(() => eInvoiceReceived.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    status: text('status', { enum: ['uploading', 'uploadSuccessful'] }).notNull().default('uploading'),
    uploadIndex: text('upload_index'),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('einvoice_received_messages_invoice_idx').on(t.receivedInvoiceId, t.id), index('einvoice_received_messages_due_idx').on(t.nextAt).where(sql`${t.status} = 'uploading'`)],
);

/**
 * The received list's daily counts (issue 25): per company, date kind ('invoiceDate' the invoice's
 * date, 'eInvoiceDate' the e-invoice's day in Bucharest), day, status and seller. Kept by a trigger on
 * einvoice_received (migration 0060), so every insert, status change and delete counts; the list
 * sums a range's days (per seller, for its seller filters) instead of counting its invoices.
 */
export const eInvoiceReceivedDays = pgTable(
  'einvoice_received_days',
  {
    billingEntityId: integer('billing_entity_id').notNull(),
    dateKind: text('date_kind', { enum: ['invoiceDate', 'eInvoiceDate'] }).notNull(),
    day: date('day').notNull(),
    status: text('status').notNull(),
    sellerIdentification: text('seller_identification').notNull(),
    /** The seller's searched name (its latest), for the list's seller filter. */
    sellerSearch: text('seller_search').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'einvoice_received_days_pk', columns: [t.billingEntityId, t.dateKind, t.day, t.status, t.sellerIdentification] })],
);

/**
 * The platform's suppliers on file (issue 25, 'Internal' account): a received invoice from a seller
 * not here is 'Furnizor inexistent' until an admin adds it ('Adauga furnizor si accepta'). A supplier
 * that is a courier names it: its invoices are checked against the costs of our AWBs with it.
 */
export const eInvoiceSuppliers = pgTable(
  'einvoice_suppliers',
  {
    id: serial('id').primaryKey(),
    /** The fiscal code as normalizeCui writes it (no 'RO'). */
    identification: text('identification').notNull(),
    name: text('name').notNull(),
    courierId: text('courier_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('einvoice_suppliers_identification_key').on(t.identification)],
);

/** The AWBs a courier's invoice bills (one row per AWB): an AWB billed on two invoices is found by its courier and number. */
export const eInvoiceReceivedAwbs = pgTable(
  'einvoice_received_awbs',
  {
    receivedInvoiceId: integer('received_invoice_id')
      .notNull()
      .references(() => eInvoiceReceived.id, { onDelete: 'cascade' }),
    courierId: text('courier_id').notNull(),
    awb: text('awb').notNull(),
  },
  (t) => [primaryKey({ name: 'einvoice_received_awbs_pk', columns: [t.receivedInvoiceId, t.awb] }), index('einvoice_received_awbs_awb_idx').on(t.courierId, t.awb)],
);

/**
 * A document a connected company sends through e-Factura (issue 26): the platform's own invoices and
 * credit notes (source 'platform', by invoice id), one row per document. Its status follows
 * SENT_MACHINE; each attempt's XML is built and checked again. Sent once: a sender holds
 * `leaseUntil`; `attemptedAt` is set before an upload whose outcome is not known yet, so the next try
 * first looks for the document in SPV's list of sent invoices instead of uploading it twice.
 */
export const eInvoiceSent = pgTable(
  'einvoice_sent',
  {
    id: serial('id').primaryKey(),
    /** 'platform': the platform's own invoice (sourceId its id); 'client': a client's invoice from the form ('Trimite factura', its `document`). */
    source: text('source', { enum: ['platform', 'client'] }).notNull(),
    sourceId: integer('source_id'),
    /** The company that issued it (its connection uploads it); null until the platform's company is known. */
    billingEntityId: integer('billing_entity_id').references(() => billingEntities.id, { onDelete: 'set null' }),
    number: text('number').notNull(),
    kind: text('kind', { enum: ['invoice', 'creditNote'] }).notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerIdentification: text('buyer_identification').notNull(),
    /** The buyer's name as searched (normalizeText: lower case, no diacritics). */
    buyerSearch: text('buyer_search').notNull().default(''),
    issueDate: date('issue_date').notNull(),
    /** The last day it may reach e-Factura (5 working days after its issue). */
    deadline: date('deadline').notNull(),
    taxExcludedBani: bigint('tax_excluded_bani', { mode: 'number' }).notNull(),
    taxBani: bigint('tax_bani', { mode: 'number' }).notNull(),
    totalBani: bigint('total_bani', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('initial'),
    /** A 'client' document: the form as validated (TInvoiceForm), from which each attempt builds its XML. */
    document: jsonb('document').$type<TInvoiceForm>(),
    /** The XML of the last attempt, as uploaded. */
    xml: text('xml'),
    uploadIndex: text('upload_index'),
    /** e-Factura's answer (the signed ZIP of an accepted one, the errors of a refused one). */
    answerZip: bytea('answer_zip'),
    findings: jsonb('findings').$type<{ id: string; text: string }[]>().notNull().default([]),
    attempts: integer('attempts').notNull().default(0),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('einvoice_sent_source_key').on(t.source, t.sourceId),
    // A company's series and number is one document: a double submit answers the first.
    uniqueIndex('einvoice_sent_client_number_key').on(t.billingEntityId, t.number).where(sql`${t.source} = 'client'`),
    // The sender's work: documents to upload or to follow, soonest first.
    index('einvoice_sent_due_idx').on(t.nextAt).where(sql`${t.status} in ('initial', 'pending')`),
    index('einvoice_sent_list_idx').on(t.billingEntityId, t.issueDate, t.id),
    index('einvoice_sent_deadline_idx').on(t.deadline, t.id).where(sql`${t.status} in ('initial', 'pending', 'error')`),
    // A buyer's message names its document by the upload index.
    index('einvoice_sent_upload_idx').on(t.uploadIndex).where(sql`${t.uploadIndex} is not null`),
  ],
);

/** A sent document's status history (spec 002 section 3, the status-detail records): each move with its text. */
export const eInvoiceSentEvents = pgTable(
  'einvoice_sent_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sentId: integer('sent_id')
      .notNull()
      .references(() => eInvoiceSent.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    text: text('text').notNull(),
    uploadIndex: text('upload_index'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('einvoice_sent_events_sent_idx').on(t.sentId, t.id)],
);

/**
 * A buyer's message about a sent document (issue 26; e-Factura's 'MESAJ CUMPARATOR', a RASP the
 * buyer uploaded naming the document's upload index), kept once by the sync of the company that
 * received it: 1 unread, 2 read (spec 002 section 4.9).
 */
export const eInvoiceSentMessages = pgTable(
  'einvoice_sent_messages',
  {
    id: serial('id').primaryKey(),
    sentId: integer('sent_id')
      .notNull()
      .references(() => eInvoiceSent.id, { onDelete: 'cascade' }),
    billingEntityId: integer('billing_entity_id')
      .notNull()
      .references(() => billingEntities.id, { onDelete: 'cascade' }),
    /** SPV's message id (what descarcare takes). */
    messageId: text('message_id').notNull(),
    /** The RASP's own upload index. */
    uploadIndex: text('upload_index').notNull(),
    text: text('text').notNull(),
    sender: text('sender', { enum: ['client', 'supplier'] }).notNull().default('client'),
    status: smallint('status').notNull().default(1),
    messageAt: timestamp('message_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('einvoice_sent_messages_message_key').on(t.billingEntityId, t.messageId), index('einvoice_sent_messages_sent_idx').on(t.sentId, t.status)],
);
/** The specification's participation request for the invoice form ('Sunt interesat'): once per client. */
export const eInvoiceParticipationRequests = pgTable('einvoice_participation_requests', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
