import { INVOICE_ANNEX_COLUMNS, formatBani } from '@colete/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billableCharges, invoices, ledgerEntries, users } from '../src/db/schema.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { invoicingDepsOf, shipmentBilling } from '../src/modules/invoicing/index.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { activatedShipment, postpaidClient, xlsxRows } from './support/invoices.js';
import { readInvoicePdf } from './support/pdf-tools.js';
import { randomUUID } from 'node:crypto';
import { activeCompany } from './support/billing.js';
import { dailyTotalsDrift, NO_DRIFT } from './support/daily-totals.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
}, 120_000);
afterAll(async () => ctx?.close());

type Item = { id: number; fullNumber: string; kind: string; netBani: number; totalBani: number; paid: boolean; hasAnnex: boolean; annexUrl: string | null; pdfUrl: string; creditsInvoice: { id: number; fullNumber: string } | null };
const listOf = async (u: TestUser) => (await as(ctx, u, { method: 'GET', url: '/api/user/invoices' })).json().list as Item[];
const cancel = (u: TestUser, uniqueId: string) => as(ctx, u, { method: 'POST', url: `/api/shipments/${uniqueId}/cancel` });
const creditNotesOf = (u: TestUser) => ctx.database.db.select().from(invoices).where(and(eq(invoices.userId, u.id), eq(invoices.kind, 'credit_note')));

describe('cancelling an invoiced shipment issues a credit note', () => {
  it('once, under parallel cancels, negative, referencing the invoice, in the same series, with its PDF and annex', async () => {
    const alice = await createUser(ctx);
    await postpaidClient(ctx, alice, true);
    const shipment = await activatedShipment(ctx, alice);
    const [invoice] = await listOf(alice);
    expect(invoice).toMatchObject({ kind: 'orders', hasAnnex: true, paid: false });

    const answers = await Promise.all([cancel(alice, shipment.uniqueId), cancel(alice, shipment.uniqueId), cancel(alice, shipment.uniqueId)]);
    expect(answers.map((r) => r.statusCode)).toContain(200);
    for (const r of answers) expect([200, 409]).toContain(r.statusCode);
    // A retry after the cancel: still one credit note.
    expect((await cancel(alice, shipment.uniqueId)).statusCode).toBe(409);
    expect(await creditNotesOf(alice)).toHaveLength(1);

    const [note, original] = await listOf(alice);
    expect(original!.id).toBe(invoice!.id);
    expect(note).toMatchObject({
      kind: 'credit_note',
      totalBani: -invoice!.totalBani,
      netBani: -invoice!.netBani,
      creditsInvoice: { id: invoice!.id, fullNumber: invoice!.fullNumber },
      hasAnnex: true,
      paid: false,
    });
    // Gap-free: the next number of the invoices' series.
    const [series, number] = invoice!.fullNumber.split(' ');
    expect(note!.fullNumber).toBe(`${series} ${String(Number(number) + 1).padStart(6, '0')}`);

    const pdf = await as(ctx, alice, { method: 'GET', url: note!.pdfUrl });
    expect(pdf.statusCode).toBe(200);
    const read = await readInvoicePdf(pdf.rawPayload);
    expect(read.header.join(' ')).toContain('Factura storno (expediere anulata)');
    expect(read.header.join(' ')).toContain('Cota TVA: 21%');
    expect(read.descriptions).toContain(`Stornare factura ${invoice!.fullNumber} din`);
    expect(read.descriptions).toContain(shipment.awb);
    expect(read.totals.join(' ')).toContain(`Total de plata ${formatBani(-invoice!.totalBani)}`);
    expect(read.buyer.join(' ')).toContain(`${(await userName(alice))} Firma`);

    const annex = await as(ctx, alice, { method: 'GET', url: note!.annexUrl! });
    expect(annex.statusCode).toBe(200);
    const { rows } = await xlsxRows(annex.rawPayload);
    expect(rows[0]).toEqual([...INVOICE_ANNEX_COLUMNS]);
    expect(rows).toHaveLength(2);
    expect(rows[1]![1]).toBe(shipment.awb);
    expect(rows[1]![6]).toBe(-Number(shipment.price));
  });

  it('takes the VAT rate of the original supply, and a prepaid refund marks it paid', async () => {
    const bob = await createUser(ctx);
    await activeCompany(ctx, bob);
    // A prepaid client whose top-ups are not invoiced as advances: each shipment is invoiced when activated.
    await as(ctx, bob, { method: 'POST', url: '/api/user/settings/invoicing', payload: { settings: { invoiceEveryPrepay: { value: false }, invoiceEveryOrder: { value: true } } } });
    await ctx.database.db.insert(ledgerEntries).values({ userId: bob.id, kind: 'topup', amountBani: 500_00, description: 'Reincarcare test', reference: randomUUID() });
    const shipment = await activatedShipment(ctx, bob);
    // The supply happened before 1 August 2025 (19%): the charge and its invoice line say so.
    const [charge] = await ctx.database.db.select().from(billableCharges).where(eq(billableCharges.userId, bob.id));
    await ctx.database.db.update(billableCharges).set({ createdAt: new Date('2025-07-20T10:00:00Z') }).where(eq(billableCharges.id, charge!.id));
    expect((await cancel(bob, shipment.uniqueId)).statusCode).toBe(200);
    const [note] = await creditNotesOf(bob);
    expect(note!.vatPercent).toBe(19);
    expect(note!.lines).toHaveLength(1);
    expect(note!.lines[0]).toMatchObject({ vatPercent: 19, netBani: -Math.round((charge!.amountBani * 100) / 119) });
    const [item] = await listOf(bob);
    expect(item).toMatchObject({ kind: 'credit_note', paid: true });
    // The prepaid charge went back to the balance.
    const balance = (await as(ctx, bob, { method: 'GET', url: '/api/user/prepay/balance' })).json().balance as string;
    expect(balance).toBe('500.00');
  });

  it("the charge's own lock issues one credit note even when cancellations race past the shipment's lock", async () => {
    const dan = await createUser(ctx);
    await postpaidClient(ctx, dan, true);
    await activatedShipment(ctx, dan);
    const [charge] = await ctx.database.db.select().from(billableCharges).where(eq(billableCharges.userId, dan.id));
    const billing = shipmentBilling({ ...invoicingDepsOf(ctx.config), mail: false });
    // Three transactions at once (on PostgreSQL, three connections), each straight to the port.
    await Promise.all([1, 2, 3].map(() => ctx.database.db.transaction((tx) => billing.cancelCharge(tx, { userId: dan.id, reference: charge!.reference }))));
    const notes = await creditNotesOf(dan);
    expect(notes).toHaveLength(1);
    const [after] = await ctx.database.db.select().from(billableCharges).where(eq(billableCharges.id, charge!.id));
    expect(after!.creditNoteId).toBe(notes[0]!.id);
  });

  it('a shipment not invoiced yet only drops its charge: no credit note', async () => {
    const carol = await createUser(ctx);
    await postpaidClient(ctx, carol, false);
    const shipment = await activatedShipment(ctx, carol);
    expect((await cancel(carol, shipment.uniqueId)).statusCode).toBe(200);
    expect(await creditNotesOf(carol)).toHaveLength(0);
    expect(await ctx.database.db.select().from(billableCharges).where(eq(billableCharges.userId, carol.id))).toHaveLength(0);
  });
});

async function userName(u: TestUser) {
  const [row] = await ctx.database.db.select({ name: users.name }).from(users).where(eq(users.id, u.id));
  return row!.name;
}

describe('the balance views’ per-day sums', () => {
  it('after the invoices and credit notes above, each invoice’s postpaid part and the per-day sums are the rows’', async () => {
    expect(await dailyTotalsDrift(ctx.database)).toEqual(NO_DRIFT);
  });
});
