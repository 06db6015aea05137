import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billableCharges, billingEntities, invoices, ledgerEntries, users } from '../src/db/schema.js';
import { checkEInvoice } from '../src/integrations/e-invoicing/cius-ro-rules.js';
import { seedDemo } from '../src/db/seed.js';
import { startOfMonthInBucharest } from '../src/jobs/monthly-invoices.js';
import { readUbl } from '../src/lib/ubl-read.js';
import { readXmlTree } from '../src/lib/xml-tree.js';
import { invoiceUblOf } from '../src/modules/invoicing/index.js';
import { cancelShipmentCharge } from '../src/modules/invoicing/credit-notes.js';
import { invoicingService, type InvoicingDeps } from '../src/modules/invoicing/invoicing-service.js';
import { creditCardTopUp } from '../src/modules/prepay/index.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { activeCompany } from './support/billing.js';

/*
 * Invoices issued the way the platform issues them (a card top-up, the month's charges, settling
 * the account, a cancelled shipment's credit note), each one's e-invoice checked with the official
 * rules and read back (issue 26).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const deps = (): InvoicingDeps => ({ seller: ctx.config.seller, platformIban: ctx.config.platformIban, series: ctx.config.invoiceSeries });
const invoicing = () => invoicingService({ database: ctx.database, ...deps() });
const lastMonth = () => new Date(Date.now() - 40 * 86_400_000);

/** An individual in Bucharest, sector 3, active and verified. */
const activeIndividual = (user: TestUser) =>
  ctx.database.db
    .insert(billingEntities)
    .values({ userId: user.id, name: 'Ion Popescu', isCompany: false, identificationCode: '1800101123450', fiscalIdentificationType: 6, countyCode: 'B', county: 'București', city: 'Sectorul 3', postalCode: '030167', street: 'Bulevardul Unirii', number: '15', additionalInfo: 'bl. 7, ap. 12', isActive: true, verifyStatus: 'verified' })
    .returning();

async function expectValid(row: typeof invoices.$inferSelect) {
  const ubl = await invoiceUblOf(ctx.database.db, row);
  const report = await checkEInvoice(ubl.xml);
  expect(report.schemaErrors, ubl.xml).toEqual([]);
  expect(report.fatal, ubl.xml).toEqual([]);
  const doc = readUbl(readXmlTree(ubl.xml))!;
  const sign = row.kind === 'credit_note' ? -1 : 1;
  expect(doc.number).toBe(`${row.series} ${String(row.number).padStart(6, '0')}`);
  expect(doc.totals).toMatchObject({ lineExtensionBani: sign * row.netBani, taxInclusiveBani: sign * row.totalBani, payableBani: sign * row.totalBani });
  expect(doc.taxBani).toBe(sign * row.vatBani);
  expect(doc.lines.map((l) => l.netBani)).toEqual(row.lines.map((l) => sign * l.netBani));
  return { ubl, doc };
}

describe('the e-invoices of issued invoices', () => {
  it('a company\'s advance, its month of charges and a cancelled shipment\'s credit note', { timeout: 300_000 }, async () => {
    const alice = await createUser(ctx);
    await activeCompany(ctx, alice);
    await ctx.database.db.transaction((tx) => creditCardTopUp(tx, { userId: alice.id, amountBani: 100_00, paymentIdentifier: randomUUID(), cardBrand: 'Visa', lastDigits: '4242' }, invoicing()));
    const references = [randomUUID(), randomUUID(), randomUUID()];
    for (const [i, bani] of [18_00, 18_00, 23_45].entries()) {
      await ctx.database.db.insert(billableCharges).values({ userId: alice.id, amountBani: bani, description: `Expediere AWB ${i}`, reference: references[i]!, createdAt: new Date(lastMonth().getTime() + i * 86_400_000) });
    }
    expect(await invoicing().invoiceOpenChargesBefore(startOfMonthInBucharest())).toMatchObject({ invoiced: 1 });
    const note = await ctx.database.db.transaction((tx) => cancelShipmentCharge(tx, deps(), { userId: alice.id, reference: references[2]! }));
    expect(note).not.toBeNull();

    const rows = await ctx.database.db.select().from(invoices).where(eq(invoices.userId, alice.id)).orderBy(invoices.number);
    expect(rows.map((r) => r.kind)).toEqual(['prepay', 'orders', 'credit_note']);
    // The addresses in parts, kept at issue time.
    expect(rows[0]!.buyer).toMatchObject({ street: 'Strada Memorandumului 28', city: 'Cluj-Napoca', countyCode: 'CJ', postalCode: '400114' });
    expect(rows[0]!.seller).toMatchObject({ street: ctx.config.seller.street, city: ctx.config.seller.city, countyCode: ctx.config.seller.countyCode });
    const [prepay, orders, credit] = [await expectValid(rows[0]!), await expectValid(rows[1]!), await expectValid(rows[2]!)];
    expect(prepay.ubl).toMatchObject({ standard: 'UBL', b2c: false });
    expect(prepay.doc.totals.payableBani).toBe(100_00);
    expect(orders.ubl.xml).toContain('<cac:InvoicePeriod>');
    expect(credit.ubl.standard).toBe('CN');
    expect(credit.ubl.xml).toContain(`<cbc:ID>${orders.doc.number}</cbc:ID>`);
    expect(credit.doc.totals.payableBani).toBe(23_45);
  });

  it('an individual in Bucharest settling the account: charges and the storno of an advance, B2C', { timeout: 300_000 }, async () => {
    const bob = await createUser(ctx);
    await activeIndividual(bob);
    await ctx.database.db.update(users).set({ bankAccount: 'RO66BACX0000001234567890' }).where(eq(users.id, bob.id));
    await ctx.database.db.transaction((tx) => creditCardTopUp(tx, { userId: bob.id, amountBani: 119_00, paymentIdentifier: randomUUID(), cardBrand: 'Visa', lastDigits: '4242' }, invoicing()));
    await ctx.database.db.insert(billableCharges).values({ userId: bob.id, amountBani: 23_80, description: 'Expediere AWB 9', reference: randomUUID() });
    await ctx.database.db.insert(ledgerEntries).values({ userId: bob.id, kind: 'charge', amountBani: -47_60, description: 'Expediere', reference: randomUUID() });
    const res = await as(ctx, bob, { method: 'POST', url: '/api/user/settle-account-finances' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await ctx.database.db.select().from(invoices).where(eq(invoices.userId, bob.id)).orderBy(invoices.number);
    expect(rows.map((r) => r.kind)).toEqual(['prepay', 'settlement']);
    for (const row of rows) {
      const { ubl, doc } = await expectValid(row);
      expect(ubl.b2c).toBe(true);
      expect(doc.buyer).toMatchObject({ identification: '1800101123450', city: 'SECTOR3', street: 'Bulevardul Unirii 15, bl. 7, ap. 12' });
    }
  });

  it('the demo\'s invoices: every one written, one of each kind checked', { timeout: 300_000 }, async () => {
    expect(await seedDemo(ctx.database, { invoicing: invoicing() })).toBe(true);
    const rows = await ctx.database.db.select().from(invoices).orderBy(invoices.id);
    const written = await Promise.all(rows.map(async (row) => ({ row, ubl: await invoiceUblOf(ctx.database.db, row) })));
    const kinds = new Map(written.map((w) => [`${w.row.kind}|${w.ubl.b2c}`, w.row]));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of kinds.values()) await expectValid(row);
  });
});
