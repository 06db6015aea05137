import { messages, type TInvoicingSettingsRequest, type TSettleResponse } from '@colete/contract';
import type { Database, Executor } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { baniToRon } from '../../lib/money.js';
import type { UserRow } from '../../types.js';
import { lockUser } from '../billing/index.js';
import { attachInvoice, balanceBani, invoicedPayoutsBani, invoicedTopUpsBani, payout } from '../ledger/index.js';
import { chargeLine, stornoLines, type InvoiceLineInput } from './invoice-lines.js';
import { invoiceAdvancesNow, invoiceClientNow, invoiceOpenChargesBefore } from './invoice-now.js';
import { invoiceFileName, renderInvoicePdf } from './invoice-pdf.js';
import {
  activeEntity,
  advanceInvoices,
  entityOf,
  findInvoice,
  notInvoicedBani,
  markChargesInvoiced,
  openCharges,
  saveInvoicingSettings,
  type InvoiceRow,
} from './invoicing-queries.js';
import { invoiceAttachmentResolver, invoiceable, invoiceSummary, invoicingSettings, issueInvoice, type InvoicingDeps } from './issue-invoice.js';

export { invoiceAttachmentResolver, invoiceMail, invoiceSummary, invoicingDepsOf, invoicingSettings, issueInvoice } from './issue-invoice.js';
export type { InvoicingDeps } from './issue-invoice.js';

const m = messages.invoicing;

/**
 * A top-up just credited: with invoiceEveryPrepay on and verified active billing data, it gets its
 * advance invoice in the same transaction, linked to the top-up's ledger movement. Returns the
 * invoice, or null when none is due.
 */
async function invoiceTopUp(
  tx: Executor,
  deps: InvoicingDeps,
  p: { userId: number; movementId: number; amountBani: number; description: string; at?: Date; billingEntityId?: number | null; mail?: boolean },
) {
  const settings = await invoicingSettings(tx, p.userId);
  if (!settings.invoiceEveryPrepay.value) return null;
  const own = p.billingEntityId ? await entityOf(tx, p.userId, p.billingEntityId) : null;
  const entity = invoiceable(own) ? own : await activeEntity(tx, p.userId);
  if (!invoiceable(entity)) return null;
  const invoice = await issueInvoice(tx, p.mail === false ? { ...deps, mail: false } : deps, {
    userId: p.userId,
    entity,
    kind: 'prepay',
    // An advance takes the rate in force the day it is collected (the invoice's date).
    lines: [{ description: `Avans servicii de curierat - ${p.description}`, grossBani: p.amountBani }],
    at: p.at,
  });
  await attachInvoice(tx, p.movementId, invoice.id);
  return invoice;
}

export function invoicingService(
  deps: InvoicingDeps & {
    database: Database;
    onInvoiceIssued?: (userId: number, invoice: InvoiceRow) => Promise<void>;
    /** prepay's stopSubscriptions (a port: prepay sits above invoicing): settling stops the automatic top-ups. */
    stopSubscriptions?: (tx: Executor, userId: number) => Promise<number>;
    /** prepay's automaticChargeInProgress: a card charge started by the automatic top-up and not yet settled. */
    automaticChargeInProgress?: (tx: Executor, userId: number) => Promise<boolean>;
  },
) {
  const { db } = deps.database;

  return {
    settings: (client: UserRow) => invoicingSettings(db, client.id),

    /** A credited top-up's advance invoice, in the caller's transaction (see invoiceTopUp). */
    invoiceTopUp: (tx: Executor, p: Parameters<typeof invoiceTopUp>[2]) => invoiceTopUp(tx, deps, p),

    /** The monthly invoice run (see invoiceOpenChargesBefore). */
    invoiceOpenChargesBefore: (before: Date, limit?: number) => invoiceOpenChargesBefore(deps.database, deps, before, limit),

    /** The admin's 'Genereaza factura': the client's monthly invoice now (see invoiceClientNow). */
    invoiceNow: (userId: number) => invoiceClientNow(deps.database, deps, userId),

    /** The admin's 'Genereaza factura avans' (see invoiceAdvancesNow). */
    invoiceAdvancesNow: (userId: number) => invoiceAdvancesNow(deps.database, deps, userId),

    /** amountNotInvoicedSum: what the client owes and has not been invoiced for, in bani. */
    notInvoicedBani: (userId: number) => notInvoicedBani(db, userId),

    /** The mail sender's producer of invoice PDFs attached to mail. */
    resolveAttachment: invoiceAttachmentResolver(deps.database),

    /** Each value the client sends is theirs from now on (modifiedManually). */
    async saveSettings(client: UserRow, input: TInvoicingSettingsRequest['settings']) {
      await saveInvoicingSettings(db, client.id, {
        ...(input.invoiceEveryPrepay ? { invoiceEveryPrepay: input.invoiceEveryPrepay.value, invoiceEveryPrepayManual: true } : {}),
        ...(input.invoiceEveryOrder ? { invoiceEveryOrder: input.invoiceEveryOrder.value, invoiceEveryOrderManual: true } : {}),
      });
      return invoicingSettings(db, client.id);
    },

    /**
     * Settles the account (spec 000 section 4): one invoice for every unbilled charge, and the
     * prepaid balance returned to the client's bank account. When that balance had been invoiced as
     * an advance, the same invoice reverses the returned part. The client's active subscriptions
     * stop in the same transaction, so the automatic top-up never charges the settled account. All
     * or nothing, one at a time per client.
     *
     * An automatic top-up charge already under way would be credited after the settlement: settling
     * is refused until its outcome is recorded. Its payment is written under this same lock while
     * the subscription is active, so either settling sees it here, or the top-up finds the
     * subscription stopped and charges nothing.
     */
    async settle(client: UserRow): Promise<Omit<TSettleResponse, 'success' | 'message'>> {
      const result = await db.transaction(async (tx) => {
        await lockUser(tx, client.id);
        if (await deps.automaticChargeInProgress?.(tx, client.id)) throw conflict(m.topUpInProgress, 'topUpInProgress');
        const charges = await openCharges(tx, client.id);
        const chargedBani = charges.reduce((s, c) => s + c.amountBani, 0);
        const balance = await balanceBani(tx, client.id);
        if (chargedBani <= 0 && balance <= 0) throw conflict(m.alreadySettled, 'alreadySettled');
        const returned = Math.max(balance, 0);
        if (returned > 0 && !client.bankAccount) throw conflict(m.needsBankAccount, 'needsBankAccount');

        // The part of the returned money that was invoiced as an advance and not reversed yet.
        const reversed = await invoicedPayoutsBani(tx, client.id);
        const stornoBani = Math.min(returned, Math.max(0, (await invoicedTopUpsBani(tx, client.id)) - reversed));

        const lines: InvoiceLineInput[] = charges.map(chargeLine);
        if (stornoBani > 0) lines.push(...stornoLines(await advanceInvoices(tx, client.id), reversed, stornoBani));
        let invoice: InvoiceRow | null = null;
        if (lines.length > 0) {
          const entity = await activeEntity(tx, client.id);
          if (!invoiceable(entity)) throw conflict(m.needsBillingData, 'needsBillingData');
          invoice = await issueInvoice(tx, deps, { userId: client.id, entity, kind: 'settlement', lines });
          await markChargesInvoiced(tx, client.id, charges.map((c) => c.id), invoice.id);
        }
        if (returned > 0) {
          await payout(tx, {
            userId: client.id,
            amountBani: returned,
            description: `Returnare sold preplatit in contul ${client.bankAccount}`,
            reference: `settle-${client.id}-${Date.now()}`,
            invoiceId: stornoBani > 0 ? invoice!.id : null,
          });
        }
        await deps.stopSubscriptions?.(tx, client.id);
        return { invoice, returned };
      });
      if (result.invoice) await deps.onInvoiceIssued?.(client.id, result.invoice);
      return {
        invoice: result.invoice ? invoiceSummary(result.invoice) : null,
        returnedAmount: baniToRon(result.returned),
        bankAccount: result.returned > 0 ? client.bankAccount : null,
      };
    },

    /** The PDF of one of the client's invoices; another client's answers 404. */
    async pdf(client: UserRow, id: number) {
      const row = await findInvoice(db, client.id, id);
      if (!row) throw notFound(m.invoiceNotFound);
      return { fileName: invoiceFileName(row), bytes: await renderInvoicePdf(row) };
    },
  };
}

export type InvoicingService = ReturnType<typeof invoicingService>;
