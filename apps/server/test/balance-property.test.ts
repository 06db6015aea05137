import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePayments } from '../src/db/schema.js';
import { bucharestDayStart } from '../src/lib/dates.js';
import { issueInvoice, type InvoicingDeps } from '../src/modules/invoicing/invoicing-service.js';
import { attachInvoice, balanceBani, bonus, chargeShipment, correction, creditTopUp, refundShipment } from '../src/modules/ledger/index.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { activeCompany } from './support/billing.js';
import { dailyTotalsDrift, NO_DRIFT } from './support/daily-totals.js';

/*
 * For random histories (top-ups with and without their advance invoice, shipments charged and
 * cancelled, bonuses, corrections, invoices, recorded payments active or not, partly reverted) and
 * a random period, every balance view's totals equal the sums of its rows over all its pages, the
 * period's balance is the previous balance plus its movements, and the balance never changes
 * without a movement (the day after the history, and the general summary, say the ledger's sum).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 120_000);
afterAll(async () => ctx?.close());

const deps = (): InvoicingDeps => ({ seller: ctx.config.seller, platformIban: ctx.config.platformIban, series: ctx.config.invoiceSeries, mail: false });
const START = '2026-06-01';
const dayOf = (d: number) => new Date(Date.parse(`${START}T12:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
const atOf = (d: number, minute: number) => new Date(bucharestDayStart(dayOf(d)).getTime() + minute * 60_000);

const AMOUNT = fc.integer({ min: 1, max: 500_00 });
const EVENT = fc.record({
  kind: fc.constantFrom('topup', 'topupInvoiced', 'charge', 'cancel', 'bonus', 'correction', 'invoice', 'payment'),
  amount: AMOUNT,
  day: fc.integer({ min: 0, max: 60 }),
  minute: fc.integer({ min: 0, max: 1439 }),
  sign: fc.boolean(),
  active: fc.boolean(),
  reverted: fc.integer({ min: 0, max: 100 }),
});

let n = 0;
type Model = { at: Date; amount: number; bonus: boolean }[];

type Event = typeof EVENT extends fc.Arbitrary<infer T> ? T : never;

async function play(user: TestUser, events: Event[]): Promise<Model> {
  const company = await activeCompany(ctx, user);
  const model: Model = [];
  const charges: { ref: string; amount: number; day: number }[] = [];
  const invoiceIds: number[] = [];
  await ctx.database.db.transaction(async (tx) => {
    for (const e of events) {
      n += 1;
      const at = atOf(e.day, e.minute);
      const ref = `p${user.id}-${n}`;
      if (e.kind === 'topup' || e.kind === 'topupInvoiced') {
        const row = await creditTopUp(tx, { userId: user.id, amountBani: e.amount, reference: ref, description: 'Reincarcare', at });
        if (e.kind === 'topupInvoiced') {
          const inv = await issueInvoice(tx, deps(), { userId: user.id, entity: company, kind: 'prepay', lines: [{ description: 'Avans', grossBani: e.amount }], at });
          await attachInvoice(tx, row!.id, inv.id);
          invoiceIds.push(inv.id);
        }
        model.push({ at, amount: e.amount, bonus: false });
      } else if (e.kind === 'charge') {
        await chargeShipment(tx, { userId: user.id, amountBani: e.amount, reference: `shipment:${n}`, description: 'Expediere', at });
        charges.push({ ref: `shipment:${n}`, amount: e.amount, day: e.day });
        model.push({ at, amount: -e.amount, bonus: false });
      } else if (e.kind === 'cancel') {
        const charge = charges.shift();
        if (!charge) continue;
        const when = atOf(Math.max(charge.day, e.day), 1439);
        await refundShipment(tx, { userId: user.id, amountBani: charge.amount, reference: charge.ref, description: 'Expediere anulata', at: when });
        model.push({ at: when, amount: charge.amount, bonus: false });
      } else if (e.kind === 'bonus') {
        await bonus(tx, { userId: user.id, amountBani: e.amount, reference: ref, description: 'Bonus', at });
        model.push({ at, amount: e.amount, bonus: true });
      } else if (e.kind === 'correction') {
        const signed = e.sign ? e.amount : -e.amount;
        await correction(tx, { userId: user.id, signedBani: signed, reference: ref, description: 'Corectie', at });
        model.push({ at, amount: signed, bonus: false });
      } else if (e.kind === 'invoice') {
        const inv = await issueInvoice(tx, deps(), { userId: user.id, entity: company, kind: e.sign ? 'orders' : 'settlement', lines: [{ description: 'Servicii', grossBani: e.amount }], at });
        invoiceIds.push(inv.id);
      } else if (invoiceIds.length > 0) {
        const reverted = Math.floor((e.amount * e.reverted) / 100);
        await tx.insert(invoicePayments).values({ userId: user.id, invoiceId: invoiceIds[e.amount % invoiceIds.length]!, amountBani: e.amount, revertedBani: e.active ? reverted : 0, active: e.active, reference: ref, paidAt: at });
      }
    }
  });
  return model;
}

const post = (u: TestUser, view: string, payload: object) => as(ctx, u, { method: 'POST', url: `/api/user/balance/${view}`, payload });

/** Every page of a view for the period (200 a page), checking the count. */
async function allRows<T>(u: TestUser, view: string, period: object) {
  const rows: T[] = [];
  let body: { transactions: T[]; count: number; amounts: Record<string, number> };
  for (let page = 1; ; page += 1) {
    const res = await post(u, view, { ...period, page, limit: 200 });
    expect(res.statusCode, res.body).toBe(200);
    body = res.json();
    rows.push(...body.transactions);
    if (body.transactions.length < 200) break;
  }
  expect(rows).toHaveLength(body!.count);
  return { rows, amounts: body!.amounts };
}

const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);

describe('balance views over random histories', () => {
  it('totals are the sums of the rows; the balance moves only with a movement', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(EVENT, { minLength: 1, maxLength: 14 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 30 }), async (events, a, len) => {
        const user = await createUser(ctx);
        const model = await play(user, events);
        const period = { fromDate: dayOf(a), toDate: dayOf(Math.min(60, a + len)) };
        const from = bucharestDayStart(period.fromDate);
        const to = bucharestDayStart(dayOf(Math.min(60, a + len) + 1));

        type Tx = { amount: number; isRevert: boolean };
        const available = await allRows<Tx>(user, 'available', period);
        const bonuses = await allRows<Tx>(user, 'bonus', period);
        const t = available.amounts;
        expect(sum(available.rows, (r) => r.amount)).toBe(t.totalPrepaid! - t.totalTransactions! + t.totalReturnedTransactions! + t.totalOther!);
        expect(sum(available.rows.filter((r) => r.isRevert), (r) => r.amount)).toBe(t.totalReturnedTransactions);
        expect(sum(bonuses.rows, (r) => r.amount)).toBe(t.totalBonus);
        expect(bonuses.amounts).toEqual(t);
        expect(t.previousLeft! + sum(available.rows, (r) => r.amount) + sum(bonuses.rows, (r) => r.amount)).toBe(t.totalLeft);
        // The model's own sums: before the period, at its end, bonuses before it.
        expect(t.previousLeft).toBe(sum(model.filter((m) => m.at < from), (m) => m.amount));
        expect(t.totalLeft).toBe(sum(model.filter((m) => m.at < to), (m) => m.amount));
        expect(t.previousBonus).toBe(sum(model.filter((m) => m.bonus && m.at < from), (m) => m.amount));

        type ITx = { invoiceAmount: number; paymentAmount: number; difference: number; prePayAmount: number };
        const inv = await allRows<ITx>(user, 'invoices', period);
        const i = inv.amounts;
        expect(sum(inv.rows, (r) => r.invoiceAmount)).toBe(i.totalInvoices);
        expect(sum(inv.rows, (r) => r.paymentAmount)).toBe(i.totalPayments);
        expect(sum(inv.rows, (r) => r.difference)).toBe(i.totalDifference);
        expect(sum(inv.rows, (r) => r.prePayAmount)).toBe(i.totalPrePay);
        expect(i.previousDifference).toBe(i.previousInvoices! - i.previousPayments!);
        // The whole history read as pages of the statement: previous (nothing) plus every row is the general summary.
        const whole = await allRows<ITx>(user, 'invoices', {});
        const general = (await post(user, 'general', {})).json();
        expect(whole.amounts.previousInvoices).toBe(0);
        expect(general.invoices.totalInvoices).toBe(sum(whole.rows, (r) => r.invoiceAmount));
        expect(general.invoices.totalDifference).toBe(sum(whole.rows, (r) => r.difference));

        // No movement after the history: the day after it starts and ends at the ledger's balance.
        const after = (await post(user, 'available', { fromDate: dayOf(62), toDate: dayOf(62) })).json();
        const ledger = await balanceBani(ctx.database.db, user.id);
        expect(after.transactions).toEqual([]);
        expect(after.amounts.previousLeft).toBe(ledger);
        expect(after.amounts.totalLeft).toBe(ledger);
        expect(general.amounts.totalLeft).toBe(ledger);
        expect(ledger).toBe(sum(model, (m) => m.amount));

        // The per-day sums the views read are the source rows' sums per Bucharest day, nothing stale.
        expect(await dailyTotalsDrift(ctx.database)).toEqual(NO_DRIFT);
      }),
      { numRuns: 12 },
    );
  }, 300_000);
});
