import { and, count, desc, eq, gt, gte, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { billableCharges, invoices } from '../../db/schema/invoicing.js';
import { annexShipments, isPostpaidShipment } from '../shipments/index.js';
import type { InvoicePayments } from './ports.js';

const original = alias(invoices, 'original');
const creditNotes = alias(invoices, 'credit_notes');

/** The charges (shipments) a document covers: an invoice's, or the one a credit note reverses. */
const coveredBy = (invoiceId: unknown) => sql`(${billableCharges.invoiceId} = ${invoiceId} or ${billableCharges.creditNoteId} = ${invoiceId})`;

/** Whether a document covers a shipment that was postpaid. */
const coversPostpaid = sql`exists (
  select 1 from ${billableCharges} where ${coveredBy(invoices.id)} and ${isPostpaidShipment(billableCharges.shipmentId)})`;

/**
 * What a postpaid invoice still asks: its total less its credit notes (cancelled shipments),
 * against its activated payments less their reverts (the admin's activate and revert, issue 17;
 * payments' `paidBani`).
 */
const paidInFull = (payments: InvoicePayments) => sql`${payments.paidBani(invoices.id)}
  >= ${invoices.totalBani} + (select coalesce(sum(${creditNotes.totalBani}), 0) from ${invoices} as ${creditNotes}
    where ${creditNotes.userId} = ${invoices.userId} and ${creditNotes.creditsInvoiceId} = ${invoices.id})`;

/**
 * One page of a client's invoices and credit notes, newest first, issued between from and to
 * (instants) and made out to one billing entry, through invoices_user_idx or
 * invoices_user_entity_idx. `paid`: an advance (card); a document none of whose shipments was
 * postpaid; an invoice of postpaid shipments once its payments cover it (paidInFull); a credit
 * note of a postpaid shipment never (what it gives back is not paid out). `hasAnnex`: it covers shipments.
 */
export async function invoicePage(db: Executor, payments: InvoicePayments, userId: number, f: { from?: Date; to?: Date; billingEntityId?: number; limit: number; offset: number }) {
  const where = and(
    eq(invoices.userId, userId),
    f.from ? gte(invoices.issuedAt, f.from) : undefined,
    f.to ? lt(invoices.issuedAt, f.to) : undefined,
    f.billingEntityId ? eq(invoices.billingEntityId, f.billingEntityId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        invoice: invoices,
        original: { id: original.id, series: original.series, number: original.number },
        paid: sql<boolean>`(${invoices.kind} = 'prepay' or not ${coversPostpaid} or (${invoices.kind} <> 'credit_note' and ${paidInFull(payments)}))`,
        hasAnnex: sql<boolean>`exists (select 1 from ${billableCharges} where ${coveredBy(invoices.id)} and ${billableCharges.shipmentId} is not null)`,
      })
      .from(invoices)
      .leftJoin(original, and(eq(original.id, invoices.creditsInvoiceId), eq(original.userId, invoices.userId)))
      .where(where)
      .orderBy(desc(invoices.issuedAt), desc(invoices.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(invoices).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/** The annex's rows after `afterId` (keyset pages): the shipments the document covers, in charge order. */
export async function annexRows(db: Executor, invoiceId: number, afterId: number, limit: number) {
  const shipments = annexShipments();
  return db
    .select({
      chargeId: billableCharges.id,
      amountBani: billableCharges.amountBani,
      chargedAt: billableCharges.createdAt,
      credited: sql<boolean>`${billableCharges.creditNoteId} = ${invoiceId}`,
      activatedAt: shipments.activatedAt,
      awb: shipments.awb,
      recipient: shipments.recipient,
      serviceName: shipments.serviceName,
      packages: shipments.packages,
    })
    .from(billableCharges)
    .innerJoin(shipments, eq(shipments.id, billableCharges.shipmentId))
    .where(and(or(eq(billableCharges.invoiceId, invoiceId), eq(billableCharges.creditNoteId, invoiceId)), gt(billableCharges.id, afterId)))
    .orderBy(billableCharges.id)
    .limit(limit);
}
export type AnnexRow = Awaited<ReturnType<typeof annexRows>>[number];

export async function hasAnnex(db: Executor, invoiceId: number) {
  const [row] = await db
    .select({ id: billableCharges.id })
    .from(billableCharges)
    .where(and(coveredBy(invoiceId), sql`${billableCharges.shipmentId} is not null`))
    .limit(1);
  return !!row;
}
