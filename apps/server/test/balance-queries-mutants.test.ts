import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePayments } from '../src/db/schema.js';
import { invoiceStatementRows, invoiceTotals } from '../src/modules/balance/balance-queries.js';
import { periodOf } from '../src/modules/balance/balance-service.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { invoiceNumbersByIds } from '../src/modules/invoicing/invoice-statement.js';
import { issueInvoice, type InvoicingDeps } from '../src/modules/invoicing/invoicing-service.js';
import { createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { activeCompany } from './support/billing.js';

/*
 * The invoices-and-payments statement's SQL called directly (balance-queries.ts): recorded payments
 * before the period count in the previous sums, a company's statement leaves out the payments of the
 * other seller's invoices, and a page starts at its offset or after its keyset.
 */

const OLD = '11112222';
let ctx: TestContext;
let dan: TestUser;
let ana: TestUser;
const ids = { september: 0, old: 0, current: 0 };
/** Ana's invoices at October's edges (Bucharest): the last instant before it, its first and last, the first after it. */
const EDGES = { before: '2026-09-30T20:59:59.999Z', first: '2026-09-30T21:00:00.000Z', last: '2026-10-31T21:59:59.999Z', after: '2026-10-31T22:00:00.000Z' };
const edgeIds: Record<keyof typeof EDGES, number> = { before: 0, first: 0, last: 0, after: 0 };

const deps = (cui?: string): InvoicingDeps => ({
  seller: cui ? { ...ctx.config.seller, cui, name: 'Firma Veche SRL' } : ctx.config.seller,
  platformIban: ctx.config.platformIban,
  series: ctx.config.invoiceSeries,
  mail: false,
});
const at = (day: string) => new Date(`${day}T09:00:00Z`);
const OCTOBER = periodOf({ fromDate: '2026-10-01', toDate: '2026-10-31' });

beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  dan = await createUser(ctx);
  const company = await activeCompany(ctx, dan);
  await ctx.database.db.transaction(async (tx) => {
    const invoice = (cui: string | undefined, grossBani: number, day: string) =>
      issueInvoice(tx, deps(cui), { userId: dan.id, entity: company, kind: 'orders', lines: [{ description: 'Expedieri', grossBani }], at: at(day) });
    ids.september = (await invoice(undefined, 5_00, '2026-09-10')).id;
    ids.old = (await invoice(OLD, 10_00, '2026-10-01')).id;
    ids.current = (await invoice(undefined, 20_00, '2026-10-02')).id;
    // Recorded transfers: one in September for September's invoice (before the period), two in October.
    await tx.insert(invoicePayments).values([
      { userId: dan.id, invoiceId: ids.september, amountBani: 2_00, active: true, reference: 'OP 1', paidAt: at('2026-09-20') },
      { userId: dan.id, invoiceId: ids.old, amountBani: 4_00, active: true, reference: 'OP 2', paidAt: at('2026-10-05') },
      { userId: dan.id, invoiceId: ids.current, amountBani: 6_00, active: true, reference: 'OP 3', paidAt: at('2026-10-06') },
    ]);
  });
  // Another client: an invoice and a transfer at each edge of October, the invoice of 1, 2, 4 or 8 lei
  // and its transfer a tenth of it.
  ana = await createUser(ctx);
  const anaCompany = await activeCompany(ctx, ana);
  await ctx.database.db.transaction(async (tx) => {
    const grossBani = { before: 1_00, first: 2_00, last: 4_00, after: 8_00 };
    for (const edge of Object.keys(EDGES) as (keyof typeof EDGES)[]) {
      const paidAt = new Date(EDGES[edge]);
      const lines = [{ description: 'Expedieri', grossBani: grossBani[edge] }];
      edgeIds[edge] = (await issueInvoice(tx, deps(), { userId: ana.id, entity: anaCompany, kind: 'orders', lines, at: paidAt })).id;
      await tx.insert(invoicePayments).values({ userId: ana.id, invoiceId: edgeIds[edge], amountBani: grossBani[edge] / 10, active: true, reference: `OP ${edge}`, paidAt });
    }
  });
}, 120_000);
afterAll(async () => ctx?.close());

describe('the invoices statement', () => {
  it('counts a recorded payment before the period in the previous payments', async () => {
    const totals = await invoiceTotals(ctx.database.db, dan.id, OCTOBER);
    // September: its invoice (5 lei, paid from the balance) and its 2 lei transfer; October: two
    // invoices and two transfers (the count is the statement's rows, transfers among them).
    expect(totals).toEqual({ previousInvoices: 5_00, previousPayments: 7_00, previousPrePay: 5_00, totalInvoices: 30_00, totalPayments: 40_00, totalPrePay: 30_00, count: 4 });
  });

  it("a company's statement leaves out the payments of the other seller's invoices", async () => {
    const old = await invoiceTotals(ctx.database.db, dan.id, { ...OCTOBER, company: OLD });
    expect(old).toEqual({ previousInvoices: 0, previousPayments: 0, previousPrePay: 0, totalInvoices: 10_00, totalPayments: 14_00, totalPrePay: 10_00, count: 2 });
    const rows = await invoiceStatementRows(ctx.database.db, dan.id, { ...OCTOBER, company: OLD, limit: 10 });
    expect(rows.map((r) => [r.type, r.invoiceId, r.paidBani])).toEqual([
      ['invoice', ids.old, 10_00],
      ['payment', ids.old, 4_00],
    ]);
  });

  it('a page starts at its offset, or after its keyset', async () => {
    const all = await invoiceStatementRows(ctx.database.db, dan.id, { ...OCTOBER, limit: 10 });
    const order = all.map((r) => [r.type, r.invoiceId]);
    expect(order).toEqual([
      ['invoice', ids.old],
      ['invoice', ids.current],
      ['payment', ids.old],
      ['payment', ids.current],
    ]);
    const second = await invoiceStatementRows(ctx.database.db, dan.id, { ...OCTOBER, limit: 2, offset: 2 });
    expect(second.map((r) => [r.type, r.invoiceId])).toEqual(order.slice(2));
    const first = all[0]!;
    const after = await invoiceStatementRows(ctx.database.db, dan.id, { ...OCTOBER, limit: 10, after: { at: first.at, type: first.type, key: first.key } });
    expect(after.map((r) => [r.type, r.invoiceId])).toEqual(order.slice(1));
  });
});

describe("the period's edges", () => {
  it('counts the first and the last instant of the period in it, the instant before it in the previous sums and not the one after it', async () => {
    const totals = await invoiceTotals(ctx.database.db, ana.id, OCTOBER);
    // Before: the 1 leu invoice (paid from the balance) and its 10 bani; in October: 2 + 4 lei and 20 + 40 bani;
    // November's 8 lei and 80 bani nowhere, nor Dan's documents.
    expect(totals).toEqual({ previousInvoices: 1_00, previousPayments: 1_10, previousPrePay: 1_00, totalInvoices: 6_00, totalPayments: 6_60, totalPrePay: 6_00, count: 4 });
    const rows = await invoiceStatementRows(ctx.database.db, ana.id, { ...OCTOBER, limit: 10 });
    expect(rows.map((r) => [r.type, r.invoiceId, r.at.toISOString(), r.totalBani, r.paidBani])).toEqual([
      ['invoice', edgeIds.first, EDGES.first, 2_00, 2_00],
      ['payment', edgeIds.first, EDGES.first, 0, 20],
      ['invoice', edgeIds.last, EDGES.last, 4_00, 4_00],
      ['payment', edgeIds.last, EDGES.last, 0, 40],
    ]);
  });
});

describe("the invoices' numbers by id (the advances' movements)", () => {
  it("answers each of the client's invoices once, never another client's, and nothing for no id", async () => {
    const [old, current, anas] = await Promise.all([ids.old, ids.current, edgeIds.first].map((id) => ctx.database.db.query.invoices.findFirst({ where: (i, { eq }) => eq(i.id, id) })));
    const numbers = await invoiceNumbersByIds(ctx.database.db, dan.id, [ids.old, ids.current, ids.old, edgeIds.first]);
    expect([...numbers.entries()].sort(([a], [b]) => a - b)).toEqual([
      [ids.old, { series: old!.series, number: old!.number }],
      [ids.current, { series: current!.series, number: current!.number }],
    ]);
    expect(anas!.userId).toBe(ana.id);
    expect((await invoiceNumbersByIds(ctx.database.db, ana.id, [edgeIds.first])).get(edgeIds.first)).toEqual({ series: anas!.series, number: anas!.number });
    expect((await invoiceNumbersByIds(ctx.database.db, dan.id, [])).size).toBe(0);
  });
});
