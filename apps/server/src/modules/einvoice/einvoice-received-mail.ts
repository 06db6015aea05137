import { formatBani, formatBaniAmount, formatDay } from '@colete/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { eInvoiceReceived } from '../../db/schema/einvoice.js';
import { notifyByUserSettings } from '../mail/index.js';
import { entityById } from './einvoice-queries.js';

/** How many invoices the mail lists by name; the rest are counted. */
export const RECEIVED_MAIL_LISTED = 20;

type Told = { kind: 'invoice' | 'creditNote'; number: string; issueDate: string; sellerName: string; totalBani: number; currency: string };

const amount = (bani: number, currency: string) => (currency === 'RON' ? formatBani(bani) : `${formatBaniAmount(bani)} ${currency}`);

/** The mail's words: the company, then each document (seller, number, date, total). */
export function receivedMail(company: string, docs: Told[]) {
  const one = docs.length === 1;
  const lines = docs.slice(0, RECEIVED_MAIL_LISTED).map((d) => `- ${d.sellerName}: ${d.kind === 'creditNote' ? 'nota de creditare' : 'factura'} nr. ${d.number} din ${formatDay(d.issueDate)}, ${amount(d.totalBani, d.currency)}`);
  if (docs.length > RECEIVED_MAIL_LISTED) lines.push(`- si inca ${docs.length - RECEIVED_MAIL_LISTED} documente.`);
  return {
    subject: `${one ? 'O factura noua primita' : `${docs.length} facturi noi primite`} prin e-Factura: ${company}`,
    text: [
      'Buna ziua,',
      '',
      `Firma ${company} a primit prin e-Factura ${one ? 'un document nou' : `${docs.length} documente noi`}:`,
      ...lines,
      '',
      'Le gasiti in Colete Online, la e-Factura > Facturi primite, unde le puteti descarca, accepta sau respinge.',
      '',
      'Echipa Colete Online',
    ].join('\n'),
  };
}

/**
 * Tells the client of the company's received invoices it was not told of yet (issue 25, the
 * 'Facturi primite prin e-Factura' setting, off by default): one mail for what a sync brought, each
 * invoice told once whatever the setting (turning it on later does not mail the old ones). The rows
 * are marked in the mail's own transaction, taken with SKIP LOCKED: two syncs or two instances at
 * once never mail an invoice twice. Answers how many invoices it covered.
 */
export async function notifyReceived(database: Database, billingEntityId: number): Promise<number> {
  const r = eInvoiceReceived;
  return database.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: r.id, kind: r.kind, number: r.number, issueDate: r.issueDate, sellerName: r.sellerName, totalBani: r.totalBani, currency: r.currency })
      .from(r)
      .where(and(eq(r.billingEntityId, billingEntityId), isNull(r.notifiedAt)))
      .orderBy(asc(r.issueDate), asc(r.id))
      .for('update', { skipLocked: true });
    if (rows.length === 0) return 0;
    await tx.update(r).set({ notifiedAt: new Date() }).where(inArray(r.id, rows.map((x) => x.id)));
    const entity = await entityById(tx, billingEntityId);
    if (entity) await notifyByUserSettings(tx, entity.userId, 'sendEInvoiceReceived', receivedMail(entity.name, rows));
    return rows.length;
  });
}
