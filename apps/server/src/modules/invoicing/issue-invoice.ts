import { INVOICING_DEFAULTS, formatBani, type TInvoiceSummary, type TInvoicingSettings } from '@colete/contract';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Database, Executor } from '../../db/client.js';
import { writeEvent } from '../../db/outbox.js';
import { invoices, type InvoiceParty } from '../../db/schema/invoicing.js';
import { baniToRon } from '../../lib/money.js';
import { vatPercentAt } from '../../lib/vat.js';
import { notifyByUserSettings } from '../mail/index.js';
import { INVOICE_ISSUED, invoiceIssuedOf } from './invoice-events.js';
import { invoiceLines, type InvoiceLineInput } from './invoice-lines.js';
import { invoiceFileName, invoiceFullNumber, renderInvoicePdf } from './invoice-pdf.js';
import { activeEntity, insertInvoice, invoicingSettingsRow, nextInvoiceNumber, type InvoiceRow } from './invoicing-queries.js';

/* Issuing one invoice (every kind goes through issueInvoice), its mail and the client's invoicing settings. */

export type Entity = NonNullable<Awaited<ReturnType<typeof activeEntity>>>;
/** mail: false issues invoices without the invoice mail (the demo seed's history). */
export type InvoicingDeps = { seller: Config['seller']; platformIban: string; series: string; mail?: boolean };
export const invoicingDepsOf = (config: Pick<Config, 'seller' | 'platformIban' | 'invoiceSeries'>): InvoicingDeps => ({
  seller: config.seller,
  platformIban: config.platformIban,
  series: config.invoiceSeries,
});

/** A billing entry as an invoice's party (the platform's buyer, or a client company as the seller of its own invoice). */
export const buyerOf = (e: Entity): InvoiceParty => ({
  name: e.name,
  identificationCode: e.identificationCode,
  isCompany: e.isCompany,
  isVatPayer: e.isVatPayer,
  tradeRegister: e.tradeRegister,
  address: [e.street && `${e.street}${e.number ? ` ${e.number}` : ''}`, e.additionalInfo, e.city, e.postalCode].filter(Boolean).join(', '),
  county: e.county,
  countryCode: e.countryCode,
  // The parts the e-invoice needs (the street line with its number and what else the client wrote).
  street: [e.street && `${e.street}${e.number ? ` ${e.number}` : ''}`, e.additionalInfo].filter(Boolean).join(', '),
  city: e.city,
  countyCode: e.countyCode,
  postalCode: e.postalCode,
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
export const invoiceable = (e: Entity | null): e is Entity => !!e && e.verifyStatus === 'verified';

/**
 * Issues one invoice inside the caller's transaction: takes the next number of the series, keeps
 * a copy of seller and buyer, and splits each gross line into net and VAT.
 */
export async function issueInvoice(
  tx: Executor,
  deps: InvoicingDeps,
  p: {
    userId: number;
    /** The buyer: the billing entry (copied now), or a copy kept on another invoice (a credit note's original). */
    entity: Entity | { id: number | null; buyer: InvoiceParty };
    kind: InvoiceRow['kind'];
    lines: InvoiceLineInput[];
    at?: Date;
    creditsInvoiceId?: number;
  },
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
    creditsInvoiceId: p.creditsInvoiceId ?? null,
    seller: {
      name: deps.seller.name,
      identificationCode: deps.seller.cui,
      isCompany: true,
      isVatPayer: true,
      tradeRegister: deps.seller.tradeRegister,
      address: deps.seller.address,
      county: deps.seller.county,
      countryCode: 'RO',
      street: deps.seller.street,
      city: deps.seller.city,
      countyCode: deps.seller.countyCode,
      postalCode: deps.seller.postalCode,
      iban: deps.platformIban,
      bank: deps.seller.bank,
    },
    buyer: 'buyer' in p.entity ? p.entity.buyer : buyerOf(p.entity),
    lines,
    vatPercent,
    netBani,
    vatBani,
    totalBani: netBani + vatBani,
    ...(p.at ? { issuedAt: p.at } : {}),
  });
  // Reported to e-Factura (issue 26): the event is written with the invoice, so each is sent once.
  await writeEvent(tx, { type: INVOICE_ISSUED, payload: invoiceIssuedOf(row) });
  // The invoice mail is queued in the same transaction: it exists exactly when the invoice does.
  if (deps.mail !== false) await notifyByUserSettings(tx, p.userId, 'sendInvoiceMail', invoiceMail(row));
  return row;
}

const KIND_TEXT: Record<InvoiceRow['kind'], string> = {
  prepay: 'reincarcarea contului preplatit',
  orders: 'serviciile de curierat',
  settlement: 'decontarea contului',
  credit_note: 'stornarea unei expedieri anulate',
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

