import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { billingEntities, mailOutbox, userSettings } from '../src/db/schema.js';
import { activeEntity, type InvoiceRow } from '../src/modules/invoicing/invoicing-queries.js';
import { invoiceable, invoiceAttachmentResolver, invoiceMail, invoiceSummary, invoicingDepsOf, invoicingSettings, issueInvoice, type InvoicingDeps } from '../src/modules/invoicing/issue-invoice.js';
import { vatPercentAt } from '../src/lib/vat.js';
import { openTestDatabase } from './helper.js';
import { insertClient } from './support/clients.js';

/**
 * Issuing one invoice (issue-invoice.ts) called directly, at the edges its mutants showed untested
 * (npm run mutate): the buyer's address as printed, the copy of the seller, the invoice's VAT rate
 * with one and with two rates among its lines, the date, the invoice mail (and none when asked),
 * the summary, the attachment's PDF and the client's invoicing settings.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

const db = () => database.db;
const SELLER = { name: 'Colete Online SRL', cui: 'RO41234567', tradeRegister: 'J40/1/2020', address: 'Str. Vanatorilor 1, Bucuresti', county: 'Bucuresti', bank: 'Banca Transilvania', street: 'Str. Vanatorilor 1', city: 'Sectorul 1', countyCode: 'B', postalCode: '010001' };
const series = () => `T${randomUUID().slice(0, 6).toUpperCase()}`;
const depsWith = (extra: Partial<InvoicingDeps> = {}): InvoicingDeps => ({ seller: SELLER, platformIban: 'RO49AAAA1B31007593840000', series: series(), ...extra });
const buyer = { name: 'Pop SRL', identificationCode: 'RO123', isCompany: true, isVatPayer: true, tradeRegister: null, address: 'Str. A 1', county: 'Cluj', countryCode: 'RO' };

/** A billing entry of the client, active, with the address parts given (the rest fixed). */
async function entityOf(userId: number, address: { street: string | null; number: string | null; additionalInfo: string | null }) {
  await db().insert(billingEntities).values({
    userId,
    name: 'Firma Test SRL',
    isCompany: true,
    isVatPayer: false,
    identificationCode: '14399840',
    tradeRegister: 'J12/1234/2010',
    fiscalIdentificationType: 1,
    countyCode: 'CJ',
    county: 'Cluj',
    city: 'Cluj-Napoca',
    postalCode: '400114',
    ...address,
    isActive: true,
    verifyStatus: 'verified',
  });
  return (await activeEntity(db(), userId))!;
}
const mailsOf = (userId: number) => db().select().from(mailOutbox).where(eq(mailOutbox.userId, userId));

describe('issueInvoice', () => {
  it('copies the seller and the billing entry as the buyer, with its address as printed', async () => {
    const cases = [
      { address: { street: 'Strada Memorandumului', number: '28', additionalInfo: 'Bl. A, ap. 3' }, printed: 'Strada Memorandumului 28, Bl. A, ap. 3, Cluj-Napoca, 400114', street: 'Strada Memorandumului 28, Bl. A, ap. 3' },
      { address: { street: 'Strada Memorandumului', number: null, additionalInfo: null }, printed: 'Strada Memorandumului, Cluj-Napoca, 400114', street: 'Strada Memorandumului' },
      { address: { street: null, number: '28', additionalInfo: null }, printed: 'Cluj-Napoca, 400114', street: '' },
    ];
    for (const { address, printed, street } of cases) {
      const userId = await insertClient(db());
      const entity = await entityOf(userId, address);
      const deps = depsWith({ mail: false });
      const row = await db().transaction((tx) => issueInvoice(tx, deps, { userId, entity, kind: 'prepay', lines: [{ description: 'Avans', grossBani: 121_00 }], at: new Date('2025-09-01T10:00:00Z') }));
      // The address as printed, and in parts for the e-invoice.
      expect(row.buyer).toEqual({ name: 'Firma Test SRL', identificationCode: '14399840', isCompany: true, isVatPayer: false, tradeRegister: 'J12/1234/2010', address: printed, county: 'Cluj', countryCode: 'RO', street, city: 'Cluj-Napoca', countyCode: 'CJ', postalCode: '400114' });
      expect(row.seller).toEqual({
        name: SELLER.name,
        identificationCode: SELLER.cui,
        isCompany: true,
        isVatPayer: true,
        tradeRegister: SELLER.tradeRegister,
        address: SELLER.address,
        county: SELLER.county,
        countryCode: 'RO',
        street: SELLER.street,
        city: SELLER.city,
        countyCode: SELLER.countyCode,
        postalCode: SELLER.postalCode,
        iban: 'RO49AAAA1B31007593840000',
        bank: SELLER.bank,
      });
      expect(row).toMatchObject({ userId, billingEntityId: entity.id, series: deps.series, number: 1, kind: 'prepay', creditsInvoiceId: null });
    }
  });

  it('numbers the series one after another and keeps the credited invoice', async () => {
    const userId = await insertClient(db());
    const deps = depsWith({ mail: false });
    const issue = (creditsInvoiceId?: number) => db().transaction((tx) => issueInvoice(tx, deps, { userId, entity: { id: null, buyer }, kind: creditsInvoiceId ? 'credit_note' : 'orders', lines: [{ description: 'x', grossBani: creditsInvoiceId ? -10_00 : 10_00 }], creditsInvoiceId }));
    const first = await issue();
    const second = await issue(first.id);
    expect([first.number, second.number]).toEqual([1, 2]);
    expect(second).toMatchObject({ kind: 'credit_note', creditsInvoiceId: first.id, billingEntityId: null, buyer });
  });

  it('takes the lines\' rate when they share one, else the rate of the invoice\'s date; sums net and VAT', async () => {
    const userId = await insertClient(db());
    const deps = depsWith({ mail: false });
    const at = new Date('2025-08-05T09:00:00Z'); // 21% from 1 August 2025
    const issue = (lines: { description: string; grossBani: number; vatPercent?: number }[]) => db().transaction((tx) => issueInvoice(tx, deps, { userId, entity: { id: null, buyer }, kind: 'orders', lines, at }));
    const old = await issue([{ description: 'iulie', grossBani: 119_00, vatPercent: 19 }, { description: 'iulie', grossBani: 238_00, vatPercent: 19 }]);
    expect(old).toMatchObject({ vatPercent: 19, netBani: 300_00, vatBani: 57_00, totalBani: 357_00 });
    const both = await issue([{ description: 'iulie', grossBani: 119_00, vatPercent: 19 }, { description: 'august', grossBani: 121_00 }]);
    expect(both).toMatchObject({ vatPercent: 21, netBani: 200_00, vatBani: 40_00, totalBani: 240_00 });
    expect(both.lines.map((l) => l.vatPercent)).toEqual([19, 21]);
    expect(both.issuedAt.toISOString()).toBe(at.toISOString());
    // Dated in July 2025 (19%): a line without a rate takes the date's, and so does the invoice of two rates.
    const july = await db().transaction((tx) => issueInvoice(tx, deps, { userId, entity: { id: null, buyer }, kind: 'orders', lines: [{ description: 'august', grossBani: 121_00, vatPercent: 21 }, { description: 'iulie', grossBani: 119_00 }], at: new Date('2025-07-15T09:00:00Z') }));
    expect(july).toMatchObject({ vatPercent: 19, netBani: 200_00, vatBani: 40_00 });
    expect(july.lines.map((l) => l.vatPercent)).toEqual([21, 19]);
  });

  it('without a date is issued now, at today\'s rate', async () => {
    const userId = await insertClient(db());
    const before = Date.now();
    const row = await db().transaction((tx) => issueInvoice(tx, depsWith({ mail: false }), { userId, entity: { id: null, buyer }, kind: 'orders', lines: [{ description: 'x', grossBani: 121_00 }] }));
    expect(row.issuedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.issuedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(row).toMatchObject({ vatPercent: vatPercentAt(new Date()), totalBani: 121_00 });
  });

  it('queues the invoice mail with its PDF, unless mail is false', async () => {
    const userId = await insertClient(db());
    const deps = depsWith();
    const row = await db().transaction((tx) => issueInvoice(tx, deps, { userId, entity: { id: null, buyer }, kind: 'settlement', lines: [{ description: 'Decont', grossBani: 1234_56 }] }));
    const mails = await mailsOf(userId);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'sendInvoiceMail', subject: invoiceMail(row).subject, text: invoiceMail(row).text, attachments: invoiceMail(row).attachments });
    const quiet = await insertClient(db());
    await db().transaction((tx) => issueInvoice(tx, { ...deps, mail: false }, { userId: quiet, entity: { id: null, buyer }, kind: 'orders', lines: [{ description: 'x', grossBani: 1_00 }] }));
    expect(await mailsOf(quiet)).toEqual([]);
  });
});

describe('an invoice\'s mail, summary and PDF', () => {
  const row = { id: 42, series: 'COL', number: 7, kind: 'orders', totalBani: 1234_56, issuedAt: new Date('2025-09-01T10:00:00Z'), buyer: { ...buyer, name: 'Ionescu SRL' } } as InvoiceRow;

  it('words the mail by the invoice\'s kind, number, total and buyer', () => {
    const texts = { prepay: 'reincarcarea contului preplatit', orders: 'serviciile de curierat', settlement: 'decontarea contului', credit_note: 'stornarea unei expedieri anulate' } as const;
    for (const [kind, text] of Object.entries(texts)) {
      const mail = invoiceMail({ ...row, kind: kind as InvoiceRow['kind'] });
      expect(mail.subject).toBe(`Factura COL 000007 - ${text}`);
      expect(mail.text.split('\n')).toEqual([
        'Buna ziua,',
        '',
        `Va transmitem atasat factura COL 000007 pentru ${text}, in valoare de 1.234,56 lei (TVA inclus), emisa pe numele Ionescu SRL.`,
        '',
        'Multumim,',
        'Echipa Colete Online',
      ]);
      expect(mail.attachments).toEqual([{ filename: 'Factura-COL-000007.pdf', contentType: 'application/pdf', invoiceId: 42 }]);
    }
  });

  it('summarises an invoice for the list', () => {
    expect(invoiceSummary(row)).toEqual({ id: 42, series: 'COL', number: 7, fullNumber: 'COL 000007', kind: 'orders', total: '1234.56', issuedAt: '2025-09-01T10:00:00.000Z', buyerName: 'Ionescu SRL', pdfUrl: '/api/user/invoices/42/pdf' });
  });

  it('draws the attachment from the invoice kept in the database; an unknown one throws', async () => {
    const userId = await insertClient(db());
    const issued = await db().transaction((tx) => issueInvoice(tx, depsWith({ mail: false }), { userId, entity: { id: null, buyer }, kind: 'orders', lines: [{ description: 'x', grossBani: 10_00 }] }));
    const pdf = await invoiceAttachmentResolver(database)({ invoiceId: issued.id, filename: 'f.pdf' });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect(invoiceAttachmentResolver(database)({ invoiceId: -1, filename: 'gone.pdf' })).rejects.toThrow('invoice -1 not found for attachment gone.pdf');
  });
});

describe('the rest of the module', () => {
  it('invoices only a verified entry', async () => {
    const userId = await insertClient(db());
    const entity = await entityOf(userId, { street: null, number: null, additionalInfo: null });
    expect(invoiceable(entity)).toBe(true);
    expect(invoiceable({ ...entity, verifyStatus: 'pendingVerification' })).toBe(false);
    expect(invoiceable(null)).toBe(false);
  });

  it('takes the seller, IBAN and series from the config', () => {
    const config = { seller: SELLER, platformIban: 'RO49AAAA1B31007593840000', invoiceSeries: 'COL' } as Pick<Config, 'seller' | 'platformIban' | 'invoiceSeries'>;
    expect(invoicingDepsOf(config)).toEqual({ seller: SELLER, platformIban: 'RO49AAAA1B31007593840000', series: 'COL' });
  });

  it('answers the client\'s invoicing settings, the defaults where none is set', async () => {
    const userId = await insertClient(db());
    expect(await invoicingSettings(db(), userId)).toEqual({ invoiceEveryPrepay: { value: true, modifiedManually: false }, invoiceEveryOrder: { value: false, modifiedManually: false } });
    await db().insert(userSettings).values({ userId, invoiceEveryPrepay: false, invoiceEveryPrepayManual: true, invoiceEveryOrder: true, invoiceEveryOrderManual: true });
    expect(await invoicingSettings(db(), userId)).toEqual({ invoiceEveryPrepay: { value: false, modifiedManually: true }, invoiceEveryOrder: { value: true, modifiedManually: true } });
    const other = await insertClient(db());
    await db().insert(userSettings).values({ userId: other, invoiceEveryOrder: true, invoiceEveryOrderManual: true });
    expect(await invoicingSettings(db(), other)).toEqual({ invoiceEveryPrepay: { value: true, modifiedManually: false }, invoiceEveryOrder: { value: true, modifiedManually: true } });
  });
});
