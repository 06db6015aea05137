import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEntities, eInvoiceReceived, eInvoiceSent, eInvoiceSentEvents, eInvoiceSentMessages, eInvoiceSuppliers, efacturaSimUploads, invoices, users } from '../src/db/schema.js';
import { seedDemo } from '../src/db/seed.js';
import { PLATFORM_ACCOUNT_EMAIL, seedPlatformBuyerMessages, seedPlatformEInvoices, sendPlatformDemoInvoices } from '../src/db/seed-einvoice-platform.js';
import { seedDemoEInvoices } from '../src/db/seed-einvoice.js';
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
  await seedDemoShipments(ctx.database, ctx.app.services.network, ctx.app.services.shipmentBilling);
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
});
