import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, bigserial, boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { AWAITING_REASONS, bankStatementLines, repaymentSheets } from './repayment-payouts.js';
import { shipments } from './shipments.js';
import { users } from './users.js';

/* ---- Repayments (issue 15): the cash on delivery's journey from the courier to the client ---- */

export const REPAYMENT_STATUSES = ['awaiting_delivery', 'delivered', 'sent_by_courier', 'received', 'paid', 'cancelled'] as const;
export type RepaymentStatus = (typeof REPAYMENT_STATUSES)[number];

/**
 * One shipment's cash on delivery (exactly one per shipment: the unique shipment_id). Made when
 * the shipment is activated with cash on delivery, moved by the shipment's lifecycle events
 * (delivered; refused, returned or cancelled cancel it), then by the courier's report (sent by the
 * courier, with the transfer's date), the bank statement (received) and the sheet (paid).
 */
export const repayments = pgTable(
  'repayments',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courierId: text('courier_id').notNull(),
    awb: text('awb').notNull(),
    /** The shipment's cash on delivery, integer bani. */
    amountBani: bigint('amount_bani', { mode: 'number' }).notNull(),
    status: text('status', { enum: REPAYMENT_STATUSES }).notNull().default('awaiting_delivery'),
    /** The order's date (the shipment's activation). */
    orderedAt: timestamp('ordered_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The courier's transfer date (its report's), a Bucharest calendar day. */
    sentByCourierOn: date('sent_by_courier_on', { mode: 'string' }),
    /** The report line that matched it. */
    reportLineId: bigint('report_line_id', { mode: 'number' }),
    receivedOn: date('received_on', { mode: 'string' }),
    /** The bank statement line (the courier's transfer) that brought it to the platform's account. */
    receivedLineId: bigint('received_line_id', { mode: 'number' }),
    /** The live sheet that paid it (repayment_sheet_items holds every sheet it was ever in). */
    sheetId: integer('sheet_id').references((): AnyPgColumn => repaymentSheets.id, { onDelete: 'set null' }),
    /** The account this one repayment is paid to, when changed for it (change-order-repayment); null: the client's. */
    bankAccount: text('bank_account'),
    bankAccountOwner: text('bank_account_owner'),
    bankName: text('bank_name'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('repayments_shipment_key').on(t.shipmentId),
    // The reconciliation finds a report line's repayment by its courier and AWB.
    uniqueIndex('repayments_awb_key').on(t.courierId, t.awb),
    // The list's pages, newest first, and its totals with a search or a sheet: an index-only walk
    // (the period's rows are scattered over the heap) with every column the status and account
    // filters and the sums read, after the client and the order (date, id).
    index('repayments_user_ordered_idx').on(t.userId, t.orderedAt, t.id, t.status, t.amountBani, t.sheetId, t.bankAccount),
    index('repayments_user_status_ordered_idx').on(t.userId, t.status, t.orderedAt),
    // The not-reported check: delivered, still waiting for the courier's report.
    index('repayments_delivered_idx').on(t.deliveredAt).where(sql`${t.status} = 'delivered'`),
    // The payout: received and not yet paid, per client.
    index('repayments_received_idx').on(t.userId, t.receivedOn).where(sql`${t.status} = 'received'`),
    // The dashboard's cash on delivery chart (migration 0070, with amount_bani INCLUDEd): collected and paid per day.
    index('repayments_user_delivered_idx').on(t.userId, t.deliveredAt).where(sql`${t.deliveredAt} is not null`),
    index('repayments_user_paid_idx').on(t.userId, t.paidAt).where(sql`${t.paidAt} is not null`),
    index('repayments_sheet_idx').on(t.sheetId),
    index('repayments_report_line_idx').on(t.reportLineId),
  ],
);

/**
 * One courier report taken in: a day's report from the courier's API (key: the day) or an
 * uploaded file (key: the file's SHA-256). The unique key makes each one reconciled exactly once.
 */
export const courierReports = pgTable(
  'courier_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    courierId: text('courier_id').notNull(),
    source: text('source', { enum: ['api', 'upload'] }).notNull(),
    key: text('key').notNull(),
    /** The report's day (api) or null (a file may span days). */
    reportDate: date('report_date', { mode: 'string' }),
    fileName: text('file_name'),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    lineCount: integer('line_count').notNull().default(0),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('courier_reports_key').on(t.courierId, t.source, t.key)],
);

export const REPORT_LINE_OUTCOMES = ['matched', 'amount_mismatch', 'unknown_awb', 'duplicate', 'cancelled'] as const;

/** One line of a courier report, with what the reconciliation made of it. */
export const courierReportLines = pgTable(
  'courier_report_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reportId: bigint('report_id', { mode: 'number' })
      .notNull()
      .references(() => courierReports.id, { onDelete: 'cascade' }),
    /** The report's courier (kept on the line for its unique key). */
    courierId: text('courier_id').notNull(),
    awb: text('awb').notNull(),
    /**
     * What makes the line one transfer of its AWB, whatever file brought it (issue 24): 'ref:' and
     * the transfer reference, or 'day:' and the transfer day when the courier gives none. Unique
     * with the courier and the AWB: a line seen before is not taken in again. Null only on lines
     * taken in before the key existed that repeated an earlier one.
     */
    lineKey: text('line_key'),
    amountBani: bigint('amount_bani', { mode: 'number' }).notNull(),
    transferDate: date('transfer_date', { mode: 'string' }).notNull(),
    /** The courier's reference of the transfer (FAN's reimbursementAwbNumber, Cargus's DeductionId). */
    transferReference: text('transfer_reference'),
    repaymentId: integer('repayment_id').references(() => repayments.id, { onDelete: 'set null' }),
    outcome: text('outcome', { enum: REPORT_LINE_OUTCOMES }).notNull(),
  },
  (t) => [
    index('courier_report_lines_report_idx').on(t.reportId),
    index('courier_report_lines_awb_idx').on(t.awb),
    index('courier_report_lines_reference_idx').on(t.transferReference),
    uniqueIndex('courier_report_lines_key').on(t.courierId, t.awb, t.lineKey),
  ],
);

/** transfer_mismatch / unknown_transfer: a bank statement's line (the courier's transfer) that does not match its report. */
export const RECONCILIATION_FLAG_KINDS = ['amount_mismatch', 'unknown_awb', 'not_reported', 'duplicate', 'cancelled', 'transfer_mismatch', 'unknown_transfer'] as const;
export type ReconciliationFlagKind = (typeof RECONCILIATION_FLAG_KINDS)[number];

/** What the reconciliation could not settle, for the admins' page (resolved with a note). */
export const reconciliationFlags = pgTable(
  'reconciliation_flags',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: RECONCILIATION_FLAG_KINDS }).notNull(),
    courierId: text('courier_id').notNull(),
    awb: text('awb').notNull(),
    repaymentId: integer('repayment_id').references(() => repayments.id, { onDelete: 'cascade' }),
    reportLineId: bigint('report_line_id', { mode: 'number' }).references(() => courierReportLines.id, { onDelete: 'cascade' }),
    /** The bank statement's line of a transfer flag (the `awb` then holds the transfer's reference). */
    bankLineId: bigint('bank_line_id', { mode: 'number' }).references((): AnyPgColumn => bankStatementLines.id, { onDelete: 'cascade' }),
    /** What we expected (the repayment's amount) and what the courier reported, in bani. */
    expectedBani: bigint('expected_bani', { mode: 'number' }),
    reportedBani: bigint('reported_bani', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
  },
  (t) => [
    // The admin page: open flags by courier and kind, newest first.
    index('reconciliation_flags_open_idx').on(t.courierId, t.kind, t.createdAt).where(sql`${t.resolvedAt} is null`),
    // A repayment is flagged "not reported" once.
    uniqueIndex('reconciliation_flags_not_reported_key').on(t.repaymentId).where(sql`${t.kind} = 'not_reported'`),
  ],
);

/* ---- Their links to the payouts (tables of repayment-payouts.ts refer to no repayment) ---- */

/**
 * Which repayments a sheet paid. A repayment is in at most one live sheet (the partial unique
 * index: the claim two workers cannot both win); marking the sheet unprocessed releases its rows.
 */
export const repaymentSheetItems = pgTable(
  'repayment_sheet_items',
  {
    sheetId: integer('sheet_id')
      .notNull()
      .references(() => repaymentSheets.id, { onDelete: 'cascade' }),
    repaymentId: integer('repayment_id')
      .notNull()
      .references(() => repayments.id, { onDelete: 'cascade' }),
    amountBani: bigint('amount_bani', { mode: 'number' }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.sheetId, t.repaymentId] }),
    uniqueIndex('repayment_sheet_items_live_key').on(t.repaymentId).where(sql`${t.releasedAt} is null`),
  ],
);

/**
 * A repayment waiting for its client's bank account to be fixed (no valid account when it was to
 * be paid, or its sheet came back): left out of the payouts until the account is changed
 * (change-order-repayment), which resolves it.
 */
export const repaymentsAwaiting = pgTable(
  'repayments_awaiting',
  {
    repaymentId: integer('repayment_id')
      .primaryKey()
      .references(() => repayments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: AWAITING_REASONS }).notNull(),
    /** The account it could not be paid to (null: none). */
    bankAccount: text('bank_account'),
    bankAccountOwner: text('bank_account_owner'),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('repayments_awaiting_open_idx').on(t.userId, t.since).where(sql`${t.resolvedAt} is null`)],
);

/**
 * How far an admin's large upload has come (issue 24), kept here so that any instance answers the
 * page's polls (issue 28): under the browser's id for the upload, the admin's only.
 */
export const uploadProgress = pgTable(
  'upload_progress',
  {
    uploadId: text('upload_id').primaryKey(),
    adminId: integer('admin_id').notNull(),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsTotal: integer('rows_total'),
    rowsWritten: integer('rows_written').notNull().default(0),
    done: boolean('done').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('upload_progress_updated_idx').on(t.updatedAt)],
);
