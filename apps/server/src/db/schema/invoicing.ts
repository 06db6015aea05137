import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { billingEntities } from './billing.js';
import { users } from './users.js';

/* ---- Invoices: fiscal documents with a gap-free number per series ---- */

/** The last number used in each series; taking the next one locks the row until the transaction ends. */
export const invoiceSeries = pgTable('invoice_series', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

export type InvoiceParty = {
  name: string;
  identificationCode: string;
  isCompany: boolean;
  isVatPayer: boolean;
  tradeRegister: string | null;
  address: string;
  county: string;
  countryCode: string;
  /**
   * The address in parts, as the e-invoice needs it (CIUS-RO: street, city, ISO 3166-2 county):
   * kept from e-Invoicing 2 on; invoices issued before have only `address` and `county`.
   * countyCode: 'B', 'CJ'...; city: for Bucharest the sector ('Sectorul 2').
   */
  street?: string;
  city?: string;
  countyCode?: string;
  postalCode?: string;
};
/**
 * vatPercent: the line's rate (the VAT of its supply date); lines of invoices issued before it was
 * kept take the invoice's. suppliedOn: the Bucharest day of the supply ('YYYY-MM-DD') when known
 * (a shipment's charge); without it the supply is dated the invoice's day.
 */
export type InvoiceLine = { description: string; quantity: number; unitNetBani: number; netBani: number; vatBani: number; vatPercent?: number; suppliedOn?: string };

/** An issued invoice. Buyer and lines are copied at issue time: later edits of billing data never change it. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    billingEntityId: integer('billing_entity_id').references(() => billingEntities.id, { onDelete: 'set null' }),
    series: text('series').notNull(),
    number: integer('number').notNull(),
    /**
     * prepay: a card top-up (advance); orders: shipments; settlement: the settle-account invoice;
     * credit_note: the storno of an invoiced shipment that was cancelled (negative, same series).
     */
    kind: text('kind', { enum: ['prepay', 'orders', 'settlement', 'credit_note'] }).notNull(),
    /** A credit note's original invoice (the one it reverses part of). */
    creditsInvoiceId: integer('credits_invoice_id'),
    seller: jsonb('seller').$type<InvoiceParty & { iban: string; bank: string }>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    /** The lines' VAT rate; with lines at several rates (supplies on both sides of a rate change), the rate on the invoice's date. */
    vatPercent: smallint('vat_percent').notNull(),
    netBani: bigint('net_bani', { mode: 'number' }).notNull(),
    vatBani: bigint('vat_bani', { mode: 'number' }).notNull(),
    totalBani: bigint('total_bani', { mode: 'number' }).notNull(),
    /**
     * What the invoice leaves to pay: the charges it covers (reverses, for a credit note: negative)
     * of postpaid shipments; 0 for an advance. Kept by a trigger on billable_charges (migration 0031).
     */
    postpaidBani: bigint('postpaid_bani', { mode: 'number' }).notNull().default(0),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_series_number_key').on(t.series, t.number),
    index('invoices_user_idx').on(t.userId, t.issuedAt),
    // The invoices page filtered by billing entity, newest first.
    index('invoices_user_entity_idx').on(t.userId, t.billingEntityId, t.issuedAt),
    // The platform's companies that issued invoices (GET admin/companies walks it one company at a time).
    index('invoices_seller_code_idx').on(sql`(${t.seller}->>'identificationCode')`),
  ],
);

/**
 * What a client owes and has not been invoiced for yet (one row per shipment, written with it).
 * amountNotInvoicedSum is the sum of the rows without an invoice.
 */
export const billableCharges = pgTable(
  'billable_charges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    /** Gross amount (VAT included), integer bani. */
    amountBani: bigint('amount_bani', { mode: 'number' }).notNull(),
    /** What it is for (a shipment): one charge per reference. */
    reference: text('reference').notNull(),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    /** The shipment charged (the invoice annex's rows); null for rows written before it was kept. */
    shipmentId: integer('shipment_id'),
    /** The credit note that reversed this charge after its shipment was cancelled: at most one. */
    creditNoteId: integer('credit_note_id').references(() => invoices.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billable_charges_reference_key').on(t.reference),
    index('billable_charges_open_idx').on(t.userId, t.createdAt).where(sql`${t.invoiceId} is null`),
    // An invoice's annex: the charges (shipments) it covers; a credit note's, the one it reverses.
    index('billable_charges_invoice_idx').on(t.invoiceId),
    index('billable_charges_credit_note_idx').on(t.creditNoteId),
  ],
);
