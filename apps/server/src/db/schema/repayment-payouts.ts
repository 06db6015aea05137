import { bigint, bigserial, boolean, date, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/* ---- Repayments (issue 15): the money received by the platform and paid out to the clients ---- */

export const PAYOUT_RUN_KINDS = ['scheduled', 'pay_now'] as const;

/**
 * One run of the payout (the scheduled job, or an admin's "pay now" for one client): the sheets it
 * made and the one pain.001 file with a credit transfer per sheet (null when it paid nothing).
 * `message_id` is the file's GrpHdr/MsgId; `request_key` makes an admin's "pay now" run once.
 */
export const payoutRuns = pgTable(
  'payout_runs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: PAYOUT_RUN_KINDS }).notNull(),
    /** The client paid now (pay_now), null for the scheduled run. */
    clientId: integer('client_id').references(() => users.id, { onDelete: 'set null' }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestKey: text('request_key'),
    messageId: text('message_id').notNull(),
    sheetCount: integer('sheet_count').notNull().default(0),
    totalBani: bigint('total_bani', { mode: 'number' }).notNull().default(0),
    /** The ISO 20022 pain.001.001.03 file of the run (null: nothing to pay). */
    painXml: text('pain_xml'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payout_runs_message_key').on(t.messageId),
    uniqueIndex('payout_runs_request_key').on(t.requestKey),
    index('payout_runs_started_idx').on(t.startedAt),
  ],
);

export const SHEET_STATUSES = ['paid', 'unprocessed'] as const;

/**
 * A sheet (payout batch): one client's repayments paid to one bank account in one credit transfer.
 * `amount_bani` is what was transferred, `repayments_amount_bani` the sum of its repayments (equal
 * when made; the sheets screen warns on a mismatch). Marked unprocessed by an admin (type 1 bank
 * error, type 2 money returned on `returned_on`), its repayments go back to be paid again.
 */
export const repaymentSheets = pgTable(
  'repayment_sheets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    runId: integer('run_id')
      .notNull()
      .references(() => payoutRuns.id, { onDelete: 'restrict' }),
    /** The payout's Bucharest day. */
    sheetDate: date('sheet_date', { mode: 'string' }).notNull(),
    bankAccount: text('bank_account').notNull(),
    bankAccountOwner: text('bank_account_owner').notNull(),
    bankName: text('bank_name').notNull(),
    amountBani: bigint('amount_bani', { mode: 'number' }).notNull(),
    repaymentsAmountBani: bigint('repayments_amount_bani', { mode: 'number' }).notNull(),
    /** The credit transfer's EndToEndId in the run's pain.001. */
    endToEndId: text('end_to_end_id').notNull(),
    status: text('status', { enum: SHEET_STATUSES }).notNull().default('paid'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    /** 1 bank error, 2 money returned to the platform's account. */
    unprocessedType: smallint('unprocessed_type'),
    returnedOn: date('returned_on', { mode: 'string' }),
    markForPayment: boolean('mark_for_payment'),
    unprocessedAt: timestamp('unprocessed_at', { withTimezone: true }),
    unprocessedBy: integer('unprocessed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('repayment_sheets_end_to_end_key').on(t.endToEndId),
    // The sheets list: a client's sheets, newest first.
    index('repayment_sheets_user_date_idx').on(t.userId, t.sheetDate, t.id),
    index('repayment_sheets_run_idx').on(t.runId),
  ],
);

/**
 * One bank statement of the platform's account taken in (ISO 20022 camt.053.001.02): from the
 * bank's API (the daily statement) or an admin's upload. The statement's own id per account is
 * unique, so a statement is matched exactly once whichever way it came.
 */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    source: text('source', { enum: ['api', 'upload'] }).notNull(),
    accountIban: text('account_iban').notNull(),
    /** Stmt/Id. */
    statementId: text('statement_id').notNull(),
    statementDate: date('statement_date', { mode: 'string' }).notNull(),
    openingBani: bigint('opening_bani', { mode: 'number' }),
    closingBani: bigint('closing_bani', { mode: 'number' }),
    fileName: text('file_name'),
    sha256: text('sha256').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    entryCount: integer('entry_count').notNull().default(0),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bank_statements_key').on(t.accountIban, t.statementId), index('bank_statements_date_idx').on(t.statementDate)],
);

export const BANK_LINE_OUTCOMES = ['matched', 'amount_mismatch', 'unknown_reference', 'duplicate', 'debit'] as const;

/** One booking (Ntry) of a statement, with what the matching made of it. */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    statementId: bigint('statement_id', { mode: 'number' })
      .notNull()
      .references(() => bankStatements.id, { onDelete: 'cascade' }),
    /** The statement's account (kept on the line for its unique key). */
    accountIban: text('account_iban').notNull(),
    entryRef: text('entry_ref'),
    /**
     * The booking's identity at its bank (issue 24): 'acct:' and the bank's AcctSvcrRef, else
     * 'ntry:' and the NtryRef (with '#n' for the n-th transaction of a batch entry). Unique per
     * account: a booking is taken in once, whichever statement or file brings it again. Null when
     * the bank gave no reference (then it cannot be recognised), or on a repeat taken in before.
     */
    bookingKey: text('booking_key'),
    amountBani: bigint('amount_bani', { mode: 'number' }).notNull(),
    direction: text('direction', { enum: ['CRDT', 'DBIT'] }).notNull(),
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
    valueDate: date('value_date', { mode: 'string' }),
    /** The payer's reference (RmtInf/Ustrd): the courier's transfer reference. */
    reference: text('reference'),
    debtorName: text('debtor_name'),
    courierId: text('courier_id'),
    /** The sum of the courier report's lines with this reference (null: none known). */
    reportedBani: bigint('reported_bani', { mode: 'number' }),
    outcome: text('outcome', { enum: BANK_LINE_OUTCOMES }).notNull(),
  },
  (t) => [
    index('bank_statement_lines_statement_idx').on(t.statementId),
    index('bank_statement_lines_reference_idx').on(t.reference),
    uniqueIndex('bank_statement_lines_booking_key').on(t.accountIban, t.bookingKey),
  ],
);

export const AWAITING_REASONS = ['no_account', 'invalid_account', 'bank_error', 'money_returned'] as const;
