import { balanceAdminMessages } from '@colete/contract';
import type { Database, Executor } from '../../db/client.js';
import { bucharestDateKey } from '../../lib/dates.js';
import { conflict } from '../../lib/errors.js';
import { vatPercentAt } from '../../lib/vat.js';
import { lockUser } from '../billing/index.js';
import { attachInvoice, uninvoicedTopUps } from '../ledger/index.js';
import { chargeLine } from './invoice-lines.js';
import { activeEntity, markChargesInvoiced, openCharges, usersWithOpenChargesBefore, type InvoiceRow } from './invoicing-queries.js';
import { invoicingSettings, issueInvoice, type InvoicingDeps } from './issue-invoice.js';

const m = balanceAdminMessages;

type Outcome = { invoice: InvoiceRow } | { invoice: null; reason: 'nothing' | 'noBillingData' };

/**
 * The monthly invoice's one path: under the client's lock, every charge no invoice covers yet
 * (those from before `before`, when given) on one 'orders' invoice made out to the verified active
 * billing entry, the charges marked with it in the same transaction. A parallel or repeated call
 * waits for the lock and then finds nothing left: each charge is invoiced once. Issued `at` (now
 * when not given: the demo's past months give their day).
 */
export async function invoiceOpenCharges(tx: Executor, deps: InvoicingDeps, userId: number, before?: Date, at?: Date): Promise<Outcome> {
  await lockUser(tx, userId);
  const charges = (await openCharges(tx, userId)).filter((c) => !before || c.createdAt < before);
  if (charges.length === 0) return { invoice: null, reason: 'nothing' };
  const entity = await activeEntity(tx, userId);
  if (!entity || entity.verifyStatus !== 'verified') return { invoice: null, reason: 'noBillingData' };
  const invoice = await issueInvoice(tx, deps, { userId, entity, kind: 'orders', lines: charges.map(chargeLine), ...(at ? { at } : {}) });
  await markChargesInvoiced(tx, userId, charges.map((c) => c.id), invoice.id);
  return { invoice };
}

/**
 * The monthly invoice run (invoiceEveryOrder off): every charge of a client from before `before`
 * that no invoice covers yet, on one invoice. Clients without verified active billing data are
 * skipped (their charges stay unbilled and show in amountNotInvoicedSum).
 */
export async function invoiceOpenChargesBefore(database: Database, deps: InvoicingDeps, before: Date, limit = 500) {
  const { db } = database;
  const result = { invoiced: 0, skipped: 0 };
  for (const userId of await usersWithOpenChargesBefore(db, before, limit)) {
    const outcome = await db.transaction((tx) => invoiceOpenCharges(tx, deps, userId, before));
    if (outcome.invoice) result.invoiced += 1;
    else result.skipped += 1;
  }
  return result;
}

/** POST admin/trigger-invoice: the monthly invoice of the client, now, for everything not invoiced yet. */
export async function invoiceClientNow(database: Database, deps: InvoicingDeps, userId: number): Promise<InvoiceRow> {
  const outcome = await database.db.transaction((tx) => invoiceOpenCharges(tx, deps, userId));
  if (outcome.invoice) return outcome.invoice;
  throw outcome.reason === 'nothing' ? conflict(m.nothingToInvoice, 'nothingToInvoice') : conflict(m.needsBillingData, 'needsBillingData');
}

/**
 * POST admin/trigger-invoice/pre-pay: one advance ('prepay') invoice for the client's top-ups no
 * invoice covers yet, one line per top-up at the VAT rate of the day it was collected, each top-up
 * linked to it. Only for a client who invoices every top-up (invoiceEveryPrepay): the others'
 * prepaid shipments are invoiced as they are used (billable charges), and an advance would invoice
 * the same money twice. Under the client's lock and the top-ups' row locks: once.
 */
export async function invoiceAdvancesNow(database: Database, deps: InvoicingDeps, userId: number): Promise<InvoiceRow> {
  return database.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (!(await invoicingSettings(tx, userId)).invoiceEveryPrepay.value) throw conflict(m.advanceNeedsPrepayInvoicing, 'advanceNeedsPrepayInvoicing');
    const topUps = await uninvoicedTopUps(tx, userId);
    if (topUps.length === 0) throw conflict(m.nothingToInvoiceAsAdvance, 'nothingToInvoiceAsAdvance');
    const entity = await activeEntity(tx, userId);
    if (!entity || entity.verifyStatus !== 'verified') throw conflict(m.needsBillingData, 'needsBillingData');
    const invoice = await issueInvoice(tx, deps, {
      userId,
      entity,
      kind: 'prepay',
      // Each advance dated the day it was collected (the invoice's delivery period runs from the first).
      lines: topUps.map((t) => ({ description: `Avans servicii de curierat - ${t.description}`, grossBani: t.amountBani, vatPercent: vatPercentAt(t.createdAt), suppliedOn: bucharestDateKey(t.createdAt) })),
    });
    for (const t of topUps) await attachInvoice(tx, t.id, invoice.id);
    return invoice;
  });
}
