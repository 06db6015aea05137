import type { TCustomerInvoice } from '@colete/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { eInvoiceSent } from '../../db/schema/einvoice.js';
import { entitiesOfAccount } from '../billing/index.js';

/**
 * The invoices a client issued to one buyer through 'Trimite factura' (the customer book's page,
 * issue 27), newest first: the buyer named by its identification (a CUI without RO, a CNP, a
 * foreign VAT id) or, without one, by its normalised name among the documents without one.
 */
export async function sentInvoicesToBuyer(db: Executor, userId: number, buyer: { identification: string; nameKey: string }, limit = 50): Promise<TCustomerInvoice[]> {
  const who = buyer.identification
    ? eq(eInvoiceSent.buyerIdentification, buyer.identification)
    : and(eq(eInvoiceSent.buyerIdentification, ''), eq(eInvoiceSent.buyerSearch, buyer.nameKey));
  // The client's companies first (a few), then their documents: the codes read from billing's answer.
  const codes = new Map((await entitiesOfAccount(db, userId)).map((e) => [e.id, e.identificationCode]));
  if (codes.size === 0) return [];
  const rows = await db
    .select({
      invoicingSystemId: eInvoiceSent.id,
      number: eInvoiceSent.number,
      issueDate: eInvoiceSent.issueDate,
      kind: eInvoiceSent.kind,
      status: eInvoiceSent.status,
      totalBani: eInvoiceSent.totalBani,
      entityId: eInvoiceSent.billingEntityId,
    })
    .from(eInvoiceSent)
    .where(and(inArray(eInvoiceSent.billingEntityId, [...codes.keys()]), eq(eInvoiceSent.source, 'client'), who))
    .orderBy(desc(eInvoiceSent.issueDate), desc(eInvoiceSent.id))
    .limit(limit);
  return rows.map(({ entityId, ...r }) => ({ ...r, company: codes.get(entityId!)!, issueDate: String(r.issueDate), totalBani: Number(r.totalBani) }));
}
