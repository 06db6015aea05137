import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEntities, eInvoiceConnections, eInvoiceReceived, eInvoiceReceivedMessages, efacturaSimMessages, efacturaSimUploads } from '../src/db/schema.js';
import { seedDemo } from '../src/db/seed.js';
import { seedDemoEInvoices } from '../src/db/seed-einvoice.js';
import { checkEInvoice } from '../src/integrations/e-invoicing/cius-ro-rules.js';
import { supplierXml, totalsOf } from '../src/integrations/e-invoicing/simulator-suppliers.js';
import { readXmlTree } from '../src/lib/xml-tree.js';
import { readUbl } from '../src/lib/ubl-read.js';
import { RECEIVED_WARNINGS, warningsOf } from '../src/modules/einvoice/ubl-warnings.js';
import { createTestApp, type TestContext } from './helper.js';

/*
 * Issue 25, the demo: the demo client's company connected to the e-Factura simulator as a user
 * connects it, its suppliers' invoices of the last 55 days issued through the simulator and synced
 * once; the ones made wrong on purpose carry their warning, the others none.
 */

/**
 * The demo's documents made wrong on purpose that the official rules refuse, with the fatal rules
 * they break: the totals that do not add up (BR-CO-10 the lines' sum, BR-CO-13 the amount without
 * VAT). The others made wrong (a due date before the issue date, the 19% rate after 01.08.2025, a
 * seller CUI with a bad check digit) pass CIUS-RO 1.0.9, which checks none of them: our warnings do.
 */
const WRONG_ON_PURPOSE: Record<string, string[]> = { 'EXC-1043': ['BR-CO-10', 'BR-CO-13'] };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemo(ctx.database, ctx.app.services);
}, 120_000);
afterAll(async () => ctx?.close());

describe('the suppliers’ documents', () => {
  it('add up: VAT per rate on the rate’s taxable total, lines to totals, and read back without a warning', () => {
    const lines = [
      { name: 'Cutii', quantity: 3, unitPriceBani: 333, vatPercent: 21 },
      { name: 'Carte', quantity: 1, unitPriceBani: 4_999, vatPercent: 11 },
      { name: 'Folie', quantity: 7, unitPriceBani: 101, vatPercent: 21 },
    ];
    const t = totalsOf(lines);
    // 999 + 707 at 21% = 1706 -> 358,26 rounded to 358; 4999 at 11% -> 549,89 rounded to 550.
    expect(t.perRate).toEqual([{ rate: 21, taxable: 1706, tax: 358 }, { rate: 11, taxable: 4999, tax: 550 }]);
    expect([t.net, t.tax, t.gross]).toEqual([6705, 908, 7613]);
    const doc = readUbl(readXmlTree(supplierXml({ kind: 'invoice', sellerCui: '4221306', buyerCui: '14399840', number: 'TRR-1', issueDate: '2026-11-02', dueDate: '2026-12-02', lines })))!;
    expect(doc.totals.payableBani).toBe(7613);
    expect(warningsOf(doc)).toEqual([]);
  });
});

describe('the demo', () => {
  it('connects the demo company and keeps its suppliers’ invoices, each problem with its warning', async () => {
    await seedDemoEInvoices(ctx.app, ctx.database);
    const db = ctx.database.db;
    const [entity] = await db.select().from(billingEntities).where(eq(billingEntities.identificationCode, '14399840')).limit(1);
    const [connection] = await db.select().from(eInvoiceConnections).where(eq(eInvoiceConnections.billingEntityId, entity!.id));
    expect(connection?.state).toBe('ACTIVE');
    expect(connection?.lastSyncAt).not.toBeNull();
    const rows = await db.select().from(eInvoiceReceived).where(eq(eInvoiceReceived.billingEntityId, entity!.id)).orderBy(eInvoiceReceived.issueDate);
    expect(rows).toHaveLength(14);
    expect(rows.filter((r) => r.kind === 'creditNote')).toHaveLength(1);
    expect(rows.filter((r) => r.hasPdf === 1).length).toBeGreaterThanOrEqual(2);
    const all = rows.flatMap((r) => r.warnings);
    expect(all.some((w) => w.startsWith('Suma liniilor'))).toBe(true);
    expect(all.some((w) => w.startsWith('Data scadentei'))).toBe(true);
    expect(all.some((w) => w.startsWith('Cota de TVA de 19%'))).toBe(true);
    expect(all.some((w) => w.startsWith('Codul fiscal al furnizorului'))).toBe(true);
    expect(all.some((w) => w.startsWith('Furnizorul a mai trimis'))).toBe(true);
    expect(all.filter((w) => w === RECEIVED_WARNINGS.duplicate(rows.find((r) => r.warnings.some((x) => x.startsWith('Furnizorul')))!.number))).toHaveLength(1);
    // Nine of them are as they should be.
    expect(rows.filter((r) => r.warnings.length === 0)).toHaveLength(9);
    // The last 55 days only (SPV keeps about 60).
    for (const r of rows) expect(Date.now() - r.messageAt.getTime()).toBeLessThan(56 * 86_400_000);

    // One rejected with a comment, sent to its supplier (the seller's SPV list has it).
    const rejected = rows.filter((r) => r.status !== 'initial');
    expect(rejected.map((r) => [r.number, r.status])).toEqual([['EXC-1046', 'rejected_with_message']]);
    const [sent] = await db.select().from(eInvoiceReceivedMessages).where(eq(eInvoiceReceivedMessages.receivedInvoiceId, rejected[0]!.id));
    expect(sent, sent?.lastError ?? '').toMatchObject({ status: 'uploadSuccessful', message: 'Factura emisa pe alt punct de lucru decat cel din comanda.' });
    const inSpv = await db.select().from(efacturaSimMessages).where(eq(efacturaSimMessages.uploadIndex, Number(sent!.uploadIndex))).orderBy(efacturaSimMessages.id);
    expect(inSpv.map((m) => [m.cif, m.type])).toEqual([
      [rejected[0]!.sellerIdentification, 'MESAJ CUMPARATOR PRIMIT / MESAJ CUMPARATOR TRANSMIS'],
      ['14399840', 'MESAJ CUMPARATOR PRIMIT / MESAJ CUMPARATOR TRANSMIS'],
    ]);

    // Every document the simulator made for the demo passes the official rules (the UBL schema and
    // CIUS-RO 1.0.9's Schematron), except the ones made wrong on purpose where a rule covers it.
    const uploads = await db.select({ xml: efacturaSimUploads.xml }).from(efacturaSimUploads).where(eq(efacturaSimUploads.standard, 'UBL'));
    const credits = await db.select({ xml: efacturaSimUploads.xml }).from(efacturaSimUploads).where(eq(efacturaSimUploads.standard, 'CN'));
    const verdicts = new Map<string, string[]>();
    for (const { xml } of [...uploads, ...credits]) {
      const report = await checkEInvoice(xml);
      expect(report.schemaErrors).toEqual([]);
      const number = /<cbc:ID>([^<]+)<\/cbc:ID>/.exec(xml)![1]!;
      verdicts.set(number, [...(verdicts.get(number) ?? []), ...report.fatal.map((f) => f.id)]);
    }
    expect(verdicts.size).toBe(13);
    for (const [number, fatal] of verdicts) expect(fatal, number).toEqual(WRONG_ON_PURPOSE[number] ?? []);

    // Seeded once.
    await seedDemoEInvoices(ctx.app, ctx.database);
    expect(await db.select({ id: eInvoiceReceived.id }).from(eInvoiceReceived).where(eq(eInvoiceReceived.billingEntityId, entity!.id))).toHaveLength(14);
  }, 120_000);
});
