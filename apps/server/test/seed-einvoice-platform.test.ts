import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEntities, eInvoiceReceived, eInvoiceSent, eInvoiceSentEvents, eInvoiceSentMessages, eInvoiceSuppliers, efacturaSimUploads, invoices, users } from '../src/db/schema.js';
import { seedDemo } from '../src/db/seed.js';
import { PLATFORM_ACCOUNT_EMAIL, seedPlatformBuyerMessages, seedPlatformEInvoices, sendPlatformDemoInvoices, sendRounds } from '../src/db/seed-einvoice-platform.js';
import { DEMO_BUYER, seedDemoEInvoices, syncDemoCompany } from '../src/db/seed-einvoice.js';
import { seedClientFormInvoices } from '../src/db/seed-einvoice-client.js';
import { seedDemoPostpaid } from '../src/db/seed-postpaid.js';
import { readUbl } from '../src/lib/ubl-read.js';
import { readXmlTree } from '../src/lib/xml-tree.js';
import type { UserRow } from '../src/types.js';
import { invoiceFullNumber } from '../src/modules/invoicing/index.js';
import { bucharestDateKey } from '../src/lib/dates.js';
import { eInvoiceDeadline } from '../src/lib/working-days.js';
import { deliverLifecycleEvents } from '../src/jobs/lifecycle-events.js';
import { seedDemoShipments } from '../src/db/seed-shipments.js';
import { checkEInvoice } from '../src/integrations/e-invoicing/cius-ro-rules.js';
import { SIM_COURIER_COMPANIES } from '../src/integrations/e-invoicing/simulator-courier-invoices.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { createTestApp, type TestContext } from './helper.js';

/*
 * Issue 25, the demo's 'Internal' account: the platform's company connected for the admins, with its
 * couriers' invoices for the demo's AWBs, each given its verdict by the check on receipt.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  await seedDemo(ctx.database, ctx.app.services);
  await seedDemoShipments(ctx.database, ctx.app.services);
  // The postpaid past holds the demo's credit note (a shipment cancelled after its month's invoice).
  await seedDemoPostpaid(ctx.database, ctx.app.services);
}, 300_000);
afterAll(async () => ctx?.close());

describe('the platform’s company in the demo', () => {
  it('is connected with its couriers’ invoices: accepted by the check, one overcharged, one courier not on file, a haulier', async () => {
    await seedPlatformEInvoices(ctx.app, ctx.database, ctx.config.seller);
    const db = ctx.database.db;
    const [account] = await db.select().from(users).where(eq(users.email, PLATFORM_ACCOUNT_EMAIL));
    const [entity] = await db.select().from(billingEntities).where(eq(billingEntities.userId, account!.id));
    expect([entity?.identificationCode, entity?.verifyStatus]).toEqual([ctx.config.seller.cui, 'verified']);
    const rows = await db.select().from(eInvoiceReceived).where(eq(eInvoiceReceived.billingEntityId, entity!.id)).orderBy(eInvoiceReceived.number);
    const bySeller = new Map(rows.map((r) => [r.sellerIdentification, r]));
    // The courier not on file waits for its supplier; the overcharging one for a person, with the amounts.
    expect(bySeller.get(SIM_COURIER_COMPANIES.postaverde!)?.status).toBe('supplier_missing');
    // The other couriers' invoices bill the demo's AWBs: the overcharging one (when the demo has its AWBs) waits, the others pass.
    for (const r of rows.filter((x) => x.courierCheck?.courierId && x.courierCheck.lines.length > 0)) {
      const over = r.sellerIdentification === SIM_COURIER_COMPANIES.dunarea;
      expect([r.status, r.courierCheck!.problems.length], r.number).toEqual(over ? ['ready_for_interaction', 1] : ['accepted_by_script', 0]);
      if (over) expect(r.courierCheck!.problems[0]).toMatch(/^AWB \w+: facturat [\d.,]+ lei, cost inregistrat [\d.,]+ lei\.$/);
    }
    expect(bySeller.get('4221306')?.status).toBe('ready_for_interaction');
    const statuses = new Set(rows.map((r) => r.status));
    expect([...statuses].sort()).toEqual(['accepted_by_script', 'ready_for_interaction', 'supplier_missing']);
    expect((await db.select().from(eInvoiceSuppliers)).length).toBe(4);
    // Every courier invoice passes the official rules.
    for (const cui of Object.values(SIM_COURIER_COMPANIES)) {
      for (const { xml } of await db.select({ xml: efacturaSimUploads.xml }).from(efacturaSimUploads).where(eq(efacturaSimUploads.cif, cui))) {
        const report = await checkEInvoice(xml);
        expect([report.schemaErrors, report.fatal]).toEqual([[], []]);
      }
    }
    // Seeded once.
    await seedPlatformEInvoices(ctx.app, ctx.database, ctx.config.seller);
    expect(await db.select({ id: eInvoiceReceived.id }).from(eInvoiceReceived).where(eq(eInvoiceReceived.billingEntityId, entity!.id))).toHaveLength(rows.length);
  }, 180_000);

  it('reports every demo invoice of the platform to e-Factura: each passes the official rules and is accepted, but one older invoice that waits for its buyer’s address', async () => {
    await sendPlatformDemoInvoices(ctx.app, () => deliverLifecycleEvents(ctx.database));
    const db = ctx.database.db;
    const issued = await db.select({ id: invoices.id }).from(invoices);
    const sent = await db.select().from(eInvoiceSent);
    expect(issued.length).toBeGreaterThan(3);
    expect(sent.map((x) => x.sourceId).sort((a, b) => a! - b!)).toEqual(issued.map((x) => x.id).sort((a, b) => a - b));
    // The demo client's two oldest invoices name a Bucharest address without its sector: the first was
    // mended ('Retrimite' with the address in parts) and accepted, the second waits in error for an admin.
    const older = sent.filter((x) => x.buyerIdentification === '1800101123450').sort((a, b) => a.sourceId! - b.sourceId!);
    expect(older.map((x) => [x.buyerName, x.status])).toEqual([
      ['Mihai Pop', 'success'],
      ['Mihai Pop', 'error'],
    ]);
    expect(older[1]!.findings).toEqual([{ id: 'DOCUMENT', text: 'Adresa din Bucuresti a cumparatorului Mihai Pop nu are sectorul (Calea Victoriei 120, Bucuresti): corectati adresa si retrimiteti.' }]);
    const steps = await db.select({ status: eInvoiceSentEvents.status, text: eInvoiceSentEvents.text }).from(eInvoiceSentEvents).where(eq(eInvoiceSentEvents.sentId, older[0]!.id)).orderBy(eInvoiceSentEvents.id);
    expect(steps.map((e) => e.status)).toEqual(['initial', 'error', 'initial', 'pending', 'success']);
    expect(steps[2]!.text).toBe('Adresa cumparatorului corectata; pusa din nou la trimis.');
    expect(older[0]!.xml).toContain('<cbc:CityName>SECTOR1</cbc:CityName>');
    for (const x of sent.filter((y) => y.id !== older[1]!.id)) expect([x.number, x.status, x.findings, x.lastError]).toEqual([x.number, 'success', [], null]);
    // Each accepted one uploaded once; the one in error never.
    const uploads = await db.select({ xml: efacturaSimUploads.xml }).from(efacturaSimUploads).where(eq(efacturaSimUploads.cif, ctx.config.seller.cui));
    expect(uploads).toHaveLength(sent.length - 1);
    // The demo's credit note (the postpaid shipment cancelled after its invoice) went as a CreditNote naming that invoice.
    const [note] = await db.select().from(invoices).where(eq(invoices.kind, 'credit_note'));
    const [original] = await db.select().from(invoices).where(eq(invoices.id, note!.creditsInvoiceId!));
    const reported = sent.find((x) => x.sourceId === note!.id)!;
    // Each reported with its invoice's own day (the postpaid months and the credit note included), the deadline from it.
    const days = new Map((await db.select({ id: invoices.id, at: invoices.issuedAt }).from(invoices)).map((i) => [i.id, bucharestDateKey(i.at)]));
    for (const x of sent) expect([x.number, x.issueDate, x.deadline]).toEqual([x.number, days.get(x.sourceId!), eInvoiceDeadline(days.get(x.sourceId!)!)]);
    expect(note!.issuedAt < new Date(Date.now() - 90 * 86_400_000)).toBe(true);
    expect([reported.kind, reported.status, reported.totalBani]).toEqual(['creditNote', 'success', note!.totalBani]);
    expect(reported.xml).toContain('<CreditNote ');
    expect(reported.xml).toMatch(new RegExp(`<cac:BillingReference>\\s*<cac:InvoiceDocumentReference>\\s*<cbc:ID>${invoiceFullNumber(original!)}</cbc:ID>`));
    expect(readUbl(readXmlTree(reported.xml!))!.totals.payableBani).toBe(-note!.totalBani);
  }, 300_000);

  it("the demo client's company writes about two of them: the platform's sync keeps both, unread, once", async () => {
    await seedDemoEInvoices(ctx.app, ctx.database);
    await seedPlatformBuyerMessages(ctx.app, ctx.database, ctx.config.seller.cui);
    const kept = await ctx.database.db.select().from(eInvoiceSentMessages);
    expect(kept.map((k) => [k.sender, k.status])).toEqual([
      ['client', 1],
      ['client', 1],
    ]);
    await seedPlatformBuyerMessages(ctx.app, ctx.database, ctx.config.seller.cui);
    expect(await ctx.database.db.select().from(eInvoiceSentMessages)).toHaveLength(2);
  }, 120_000);

  it("the demo client issued two invoices through 'Trimite factura' (a company in euro, an individual): sent through its company and accepted, once", async () => {
    const db = ctx.database.db;
    const ids = await seedClientFormInvoices(ctx.app, (now) => sendRounds(ctx.app, now));
    expect(ids).toHaveLength(2);
    const [client] = await db.select().from(users).where(eq(users.email, 'client@demo.ro'));
    const rows = await db.select().from(eInvoiceSent).where(eq(eInvoiceSent.source, 'client')).orderBy(eInvoiceSent.id);
    expect(rows.map((r) => [r.number, r.status, r.buyerName, r.buyerIdentification, r.document?.currency])).toEqual([
      ['DLG 1001', 'success', 'Atelier Mobila Cluj SRL', '15900825', 'EUR'],
      ['DLG 1002', 'success', 'Ana Muresan', '2900524123452', 'RON'],
    ]);
    // Uploaded once each, from the demo client's company; the one in euro states its VAT in lei too.
    const uploads = await db.select({ xml: efacturaSimUploads.xml }).from(efacturaSimUploads).where(eq(efacturaSimUploads.cif, DEMO_BUYER));
    const own = uploads.filter((u) => u.xml.includes('<cbc:ID>DLG 100'));
    expect(own).toHaveLength(2);
    expect(rows[0]!.xml).toContain('<cbc:TaxCurrencyCode>RON</cbc:TaxCurrencyCode>');
    for (const { xml } of own) expect((await checkEInvoice(xml)).fatal).toEqual([]);
    // They are the demo client's 'Facturi trimise': 'Transmisa', newest first.
    const list = await ctx.app.services.sentInvoices.list(client as UserRow, { identificationCode: DEMO_BUYER, page: 1, filters: { status: [] } });
    expect(list.list.map((i) => [`${i.serial} ${i.invoiceNumber}`, i.status])).toEqual([
      ['DLG 1002', 4],
      ['DLG 1001', 4],
    ]);
    // Seeded once.
    expect(await seedClientFormInvoices(ctx.app, (now) => sendRounds(ctx.app, now))).toEqual([]);
    expect(await db.select({ id: eInvoiceSent.id }).from(eInvoiceSent).where(eq(eInvoiceSent.source, 'client'))).toHaveLength(2);
  }, 120_000);

  it("the demo client's company finds the platform's invoices in its received list, the credit note among them", async () => {
    const db = ctx.database.db;
    await syncDemoCompany(ctx.app);
    const [entity] = await db.select({ id: billingEntities.id }).from(billingEntities).where(eq(billingEntities.identificationCode, DEMO_BUYER));
    const received = await db
      .select({ number: eInvoiceReceived.number, kind: eInvoiceReceived.kind })
      .from(eInvoiceReceived)
      .where(and(eq(eInvoiceReceived.billingEntityId, entity!.id), eq(eInvoiceReceived.sellerIdentification, ctx.config.seller.cui)));
    const accepted = await db.select({ number: eInvoiceSent.number, kind: eInvoiceSent.kind }).from(eInvoiceSent).where(and(eq(eInvoiceSent.source, 'platform'), eq(eInvoiceSent.status, 'success'), eq(eInvoiceSent.buyerIdentification, DEMO_BUYER)));
    expect(received.map((r) => r.number).sort()).toEqual(accepted.map((a) => a.number).sort());
    expect(received.filter((r) => r.kind === 'creditNote')).toHaveLength(1);
  }, 120_000);
});
