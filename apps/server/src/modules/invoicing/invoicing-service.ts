import {
  INVOICING_DEFAULTS,
  formatBani,
  messages,
  type TInvoiceSummary,
  type TInvoicingSettings,
  type TInvoicingSettingsRequest,
  type TSettleResponse,
} from '@colete/contract';
import type { Config } from '../../config.js';
import type { Database, Executor } from '../../db/client.js';
import { invoices, type InvoiceParty } from '../../db/schema.js';
import { notifyByUserSettings } from '../mail/index.js';
import { conflict, notFound } from '../../lib/errors.js';
import { baniToRon } from '../../lib/money.js';
import { vatPercentAt } from '../../lib/vat.js';
import type { UserRow } from '../../types.js';
import { lockUser } from '../billing/index.js';
import { attachInvoice, balanceBani, invoicedPayoutsBani, invoicedTopUpsBani, payout } from '../ledger/index.js';
import { chargeLine, invoiceLines, stornoLines, type InvoiceLineInput } from './invoice-lines.js';
import { invoiceFileName, invoiceFullNumber, renderInvoicePdf } from './invoice-pdf.js';
import {
  activeEntity,
  advanceInvoices,
  entityOf,
  findInvoice,
  insertInvoice,
  invoicingSettingsRow,
  notInvoicedBani,
  markChargesInvoiced,
  nextInvoiceNumber,
  openCharges,
  saveInvoicingSettings,
  usersWithOpenChargesBefore,
  type InvoiceRow,
} from './invoicing-queries.js';
import { eq } from 'drizzle-orm';

const m = messages.invoicing;

type Entity = NonNullable<Awaited<ReturnType<typeof activeEntity>>>;
/** mail: false issues invoices without the invoice mail (the demo seed's history). */
export type InvoicingDeps = { seller: Config['seller']; platformIban: string; series: string; mail?: boolean };
export const invoicingDepsOf = (config: Pick<Config, 'seller' | 'platformIban' | 'invoiceSeries'>): InvoicingDeps => ({
  seller: config.seller,
  platformIban: config.platformIban,
  series: config.invoiceSeries,
});

const buyerOf = (e: Entity): InvoiceParty => ({
  name: e.name,
  identificationCode: e.identificationCode,
  isCompany: e.isCompany,
  isVatPayer: e.isVatPayer,
  tradeRegister: e.tradeRegister,
  address: [e.street && `${e.street}${e.number ? ` ${e.number}` : ''}`, e.additionalInfo, e.city, e.postalCode].filter(Boolean).join(', '),
  county: e.county,
  countryCode: e.countryCode,
});

export const invoiceSummary = (row: InvoiceRow): TInvoiceSummary => ({
  id: row.id,
  series: row.series,
  number: row.number,
  fullNumber: invoiceFullNumber(row),
  kind: row.kind,
  total: baniToRon(row.totalBani),
  issuedAt: row.issuedAt.toISOString(),
  buyerName: row.buyer.name,
  pdfUrl: `/api/user/invoices/${row.id}/pdf`,
});

/** Entries that may be invoiced: the active one, when its data checked out with the tax authority (spec 000 section 4). */
const invoiceable = (e: Entity | null): e is Entity => !!e && e.verifyStatus === 'verified';

/**
 * Issues one invoice inside the caller's transaction: takes the next number of the series, keeps
 * a copy of seller and buyer, and splits each gross line into net and VAT.
 */
export async function issueInvoice(
  tx: Executor,
  deps: InvoicingDeps,
  p: { userId: number; entity: Entity; kind: InvoiceRow['kind']; lines: InvoiceLineInput[]; at?: Date },
) {
  const onInvoiceDate = vatPercentAt(p.at ?? new Date());
  const lines = invoiceLines(p.lines, onInvoiceDate);
  // The invoice's rate: its lines' when they share one; with several (supplies on both sides of a
  // rate change), the rate of the invoice's date, the PDF and the lines keep each one.
  const rates = new Set(lines.map((l) => l.vatPercent ?? onInvoiceDate));
  const vatPercent = rates.size === 1 ? [...rates][0]! : onInvoiceDate;
  const netBani = lines.reduce((s, l) => s + l.netBani, 0);
  const vatBani = lines.reduce((s, l) => s + l.vatBani, 0);
  const number = await nextInvoiceNumber(tx, deps.series);
  const row = await insertInvoice(tx, {
    userId: p.userId,
    billingEntityId: p.entity.id,
    series: deps.series,
    number,
    kind: p.kind,
    seller: {
      name: deps.seller.name,
      identificationCode: deps.seller.cui,
      isCompany: true,
      isVatPayer: true,
      tradeRegister: deps.seller.tradeRegister,
      address: deps.seller.address,
      county: deps.seller.county,
      countryCode: 'RO',
      iban: deps.platformIban,
      bank: deps.seller.bank,
    },
    buyer: buyerOf(p.entity),
    lines,
    vatPercent,
    netBani,
    vatBani,
    totalBani: netBani + vatBani,
    ...(p.at ? { issuedAt: p.at } : {}),
  });
  // The invoice mail is queued in the same transaction: it exists exactly when the invoice does.
  if (deps.mail !== false) await notifyByUserSettings(tx, p.userId, 'sendInvoiceMail', invoiceMail(row));
  return row;
}

const KIND_TEXT: Record<InvoiceRow['kind'], string> = {
  prepay: 'reincarcarea contului preplatit',
  orders: 'serviciile de curierat',
  settlement: 'decontarea contului',
};

/** The sendInvoiceMail notification of one invoice, with its PDF attached (rendered when the mail is sent). */
export function invoiceMail(row: InvoiceRow) {
  return {
    subject: `Factura ${invoiceFullNumber(row)} - ${KIND_TEXT[row.kind]}`,
    text: [
      'Buna ziua,',
      '',
      `Va transmitem atasat factura ${invoiceFullNumber(row)} pentru ${KIND_TEXT[row.kind]}, in valoare de ${formatBani(row.totalBani)} (TVA inclus), emisa pe numele ${row.buyer.name}.`,
      '',
      'Multumim,',
      'Echipa Colete Online',
    ].join('\n'),
    attachments: [{ filename: invoiceFileName(row), contentType: 'application/pdf', invoiceId: row.id }],
  };
}

/** The mail sender's attachment producer: an invoice's PDF, drawn from the invoice's copy in the database. */
export const invoiceAttachmentResolver =
  (database: Database) =>
  async (ref: { invoiceId: number; filename: string }): Promise<Buffer> => {
    const [row] = await database.db.select().from(invoices).where(eq(invoices.id, ref.invoiceId)).limit(1);
    if (!row) throw new Error(`invoice ${ref.invoiceId} not found for attachment ${ref.filename}`);
    return Buffer.from(await renderInvoicePdf(row));
  };

export async function invoicingSettings(db: Executor, userId: number): Promise<TInvoicingSettings> {
  const row = await invoicingSettingsRow(db, userId);
  return {
    invoiceEveryPrepay: { value: row?.invoiceEveryPrepay ?? INVOICING_DEFAULTS.invoiceEveryPrepay, modifiedManually: row?.invoiceEveryPrepayManual ?? false },
    invoiceEveryOrder: { value: row?.invoiceEveryOrder ?? INVOICING_DEFAULTS.invoiceEveryOrder, modifiedManually: row?.invoiceEveryOrderManual ?? false },
  };
}

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

/**
 * The monthly invoice (invoiceEveryOrder off): every charge of a client from before `before` that
 * no invoice covers yet, on one invoice. Clients without verified active billing data are skipped
 * (their charges stay unbilled and show in amountNotInvoicedSum).
 */
async function invoiceOpenChargesBefore(database: Database, deps: InvoicingDeps, before: Date, limit = 500) {
  const { db } = database;
  const result = { invoiced: 0, skipped: 0 };
  const clients = await usersWithOpenChargesBefore(db, before, limit);
  for (const userId of clients) {
    const invoice = await db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const charges = (await openCharges(tx, userId)).filter((c) => c.createdAt < before);
      const entity = await activeEntity(tx, userId);
      if (charges.length === 0 || !invoiceable(entity)) return null;
      const row = await issueInvoice(tx, deps, {
        userId,
        entity,
        kind: 'orders',
        lines: charges.map(chargeLine),
      });
      await markChargesInvoiced(tx, userId, charges.map((c) => c.id), row.id);
      return row;
    });
    if (invoice) result.invoiced += 1;
    else result.skipped += 1;
  }
  return result;
}
