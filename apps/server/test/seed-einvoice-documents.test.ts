import { ZInvoiceFormRequest } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEntities, invoices } from '../src/db/schema.js';
import { seedDemo } from '../src/db/seed.js';
import { seedDemoPostpaid } from '../src/db/seed-postpaid.js';
import { seedDemoShipments } from '../src/db/seed-shipments.js';
import { seedDemoStoreShipment } from '../src/db/seed-store-shipment.js';
import { DEMO_BUYER } from '../src/db/seed-einvoice.js';
import { demoFormInvoices } from '../src/db/seed-einvoice-client.js';
import { checkEInvoice } from '../src/integrations/e-invoicing/cius-ro-rules.js';
import { readUbl } from '../src/lib/ubl-read.js';
import { readXmlTree } from '../src/lib/xml-tree.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { formInvoiceUbl, invoiceUblOf, partyOfEntity } from '../src/modules/invoicing/index.js';
import { createTestApp, type TestContext } from './helper.js';

/*
 * Issue 26, "every document the platform issues in the demo passes the official rules and the
 * schema": the demo seeded as the server seeds it (its accounts and top-ups, its shipments with a
 * cancelled one, the postpaid months with the shipment cancelled after its invoice, the shop's order
 * when the shop is the simulator), then every invoice and credit note the platform issued in it built
 * as its e-invoice and checked with the UBL 2.1 schema and the CIUS-RO Schematron (each about a
 * second); and the demo client's two invoices of its own ('Trimite factura'), as its company's.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  const { services } = ctx.app;
  await loadNomenclature(ctx.database);
  await seedDemo(ctx.database, services);
  await seedDemoShipments(ctx.database, services);
  await seedDemoPostpaid(ctx.database, services);
  if (ctx.config.store === 'simulator') await seedDemoStoreShipment(ctx.database, services);
}, 300_000);
afterAll(async () => ctx?.close());

describe('the demo’s documents', () => {
  it('every invoice and credit note the platform issued passes the schema and every fatal rule, and reads back as issued', { timeout: 600_000 }, async () => {
    const rows = await ctx.database.db.select().from(invoices).orderBy(invoices.id);
    const failures: { number: string; schema: string[]; fatal: string[] }[] = [];
    const kinds = new Set<string>();
    for (const row of rows) {
      const ubl = await invoiceUblOf(ctx.database.db, row);
      const report = await checkEInvoice(ubl.xml);
      const number = `${row.series} ${String(row.number).padStart(6, '0')}`;
      if (report.schemaErrors.length > 0 || report.fatal.length > 0) failures.push({ number, schema: report.schemaErrors, fatal: report.fatal.map((f) => `${f.id}: ${f.text}`) });
      const doc = readUbl(readXmlTree(ubl.xml))!;
      const sign = row.kind === 'credit_note' ? -1 : 1;
      expect([doc.number, doc.totals.payableBani, doc.taxBani], number).toEqual([number, sign * row.totalBani, sign * row.vatBani]);
      kinds.add(`${row.kind}${ubl.b2c ? ' b2c' : ''}`);
    }
    expect(failures).toEqual([]);
    console.log(`the demo's ${rows.length} documents checked: ${[...kinds].sort().join(', ')}`);
    expect(rows.length).toBeGreaterThan(3);
    // The demo's credit note (the postpaid shipment cancelled after its month's invoice) is among them.
    expect(kinds).toContain('credit_note');
  });

  it("the demo client's two 'Trimite factura' invoices (a company in euro, an individual) pass the schema and every fatal rule", { timeout: 120_000 }, async () => {
    const [company] = await ctx.database.db.select().from(billingEntities).where(eq(billingEntities.identificationCode, DEMO_BUYER));
    const docs = demoFormInvoices(DEMO_BUYER, new Date());
    expect(docs.map((d) => [d.currency, d.buyer.type])).toEqual([
      ['EUR', 'company'],
      ['RON', 'individual'],
    ]);
    for (const body of docs) {
      const doc = ZInvoiceFormRequest.parse(body);
      const ubl = formInvoiceUbl(doc, partyOfEntity(company!));
      const report = await checkEInvoice(ubl.xml);
      expect([report.schemaErrors, report.fatal], `${doc.series} ${doc.number}`).toEqual([[], []]);
      expect(readUbl(readXmlTree(ubl.xml))!.number).toBe(`${doc.series} ${doc.number}`);
    }
  });
});
