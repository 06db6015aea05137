import { randomUUID } from 'node:crypto';
import type { TShipmentDraft } from '@colete/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billableCharges, invoices, users } from '../src/db/schema.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { renderInvoicePdf } from '../src/modules/invoicing/invoice-pdf.js';
import { invoicingService } from '../src/modules/invoicing/invoicing-service.js';
import { creditCardTopUp } from '../src/modules/prepay/index.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { activeCompany } from './support/billing.js';
import { NO_OPTIONS, RECIPIENT, SENDER } from './support/parties.js';
import { readInvoicePdf } from './support/pdf-tools.js';

/*
 * VAT is a dated rule (Law 141/2025): 21% standard since 1 August 2025, 19% before; the rate in
 * force on the day of the supply applies. Offers carry the rate of the day they are quoted, a
 * shipment's invoice line the rate of the day it was activated, whenever the invoice is issued.
 */
let ctx: TestContext;
/** The app's shipping clock: the real one, except where a test sets a day (and puts it back). */
let clock: (() => Date) | null = null;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => (clock ? clock() : new Date()) });
  await loadNomenclature(ctx.database);
});
afterAll(async () => ctx?.close());

const draft = (): TShipmentDraft => ({
  sender: SENDER,
  recipient: RECIPIENT,
  packages: [{ type: 'parcel', weight: 2.5, length: 30, width: 20, height: 15 }],
  content: 'Carti',
  clientReference: null,
  options: NO_OPTIONS,
});
/** Runs `fn` with the app's clock at `iso`, then puts the real clock back. */
async function at<T>(iso: string, fn: () => Promise<T>): Promise<T> {
  clock = () => new Date(iso);
  try {
    return await fn();
  } finally {
    clock = null;
  }
}
const bani = (ron: string) => Math.round(Number(ron) * 100);
type OfferView = { serviceId: string; type: string; price: string; priceNoVat: string; errors: string[] };

async function quote(user: TestUser) {
  const res = await as(ctx, user, { method: 'POST', url: '/api/shipments/offers', payload: draft() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().offers as OfferView[];
}

/** A postpaid client's standard shipment, activated on the clock's day. */
async function activate(user: TestUser) {
  const offer = (await quote(user)).find((o) => o.type === 'standard' && o.errors.length === 0)!;
  const res = await as(ctx, user, { method: 'POST', url: '/api/shipments', payload: { ...draft(), serviceId: offer.serviceId, requestKey: randomUUID().replace(/-/g, ''), activate: true } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().shipment as { uniqueId: string; awb: string; price: string; priceNoVat: string };
}

async function postpaidClient() {
  const user = await createUser(ctx);
  await ctx.database.db.update(users).set({ paymentType: 'postpaid' }).where(eq(users.id, user.id));
  await activeCompany(ctx, user);
  return user;
}

async function settledInvoice(user: TestUser) {
  const res = await as(ctx, user, { method: 'POST', url: '/api/user/settle-account-finances' });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await ctx.database.db.select().from(invoices).where(and(eq(invoices.userId, user.id), eq(invoices.id, res.json().invoice.id)));
  return row!;
}

describe('offers carry the VAT of the day they are quoted', () => {
  it('today: price = price without VAT plus 21%, half up to the ban', async () => {
    const alice = await createUser(ctx);
    const list = await quote(alice);
    expect(list.length).toBeGreaterThan(0);
    for (const o of list.filter((x) => x.errors.length === 0)) {
      expect(bani(o.price), `${o.serviceId} ${o.priceNoVat} -> ${o.price}`).toBe(Math.round((bani(o.priceNoVat) * 121) / 100));
    }
  });

  it('on 31 July 2025 (Bucharest) still 19%, from midnight of 1 August 21%', async () => {
    const alice = await createUser(ctx);
    const before = await at('2025-07-31T20:59:00Z', () => quote(alice)); // Thursday 23:59 in Bucharest
    const after = await at('2025-07-31T21:01:00Z', () => quote(alice)); // Friday 1 August 00:01 in Bucharest
    expect(before.filter((x) => x.errors.length === 0).length).toBeGreaterThan(0);
    for (const o of before.filter((x) => x.errors.length === 0)) expect(bani(o.price), o.serviceId).toBe(Math.round((bani(o.priceNoVat) * 119) / 100));
    for (const o of after.filter((x) => x.errors.length === 0)) expect(bani(o.price), o.serviceId).toBe(Math.round((bani(o.priceNoVat) * 121) / 100));
  });
});

describe('invoices take each supply’s rate', () => {
  it('a shipment activated before 1 August 2025 keeps 19% on an invoice issued today, next to today’s at 21%', async () => {
    const bob = await postpaidClient();
    const july = await at('2025-07-30T07:00:00Z', () => activate(bob)); // Wednesday 10:00 in Bucharest
    expect(bani(july.price)).toBe(Math.round((bani(july.priceNoVat) * 119) / 100));
    const [charge] = await ctx.database.db.select().from(billableCharges).where(eq(billableCharges.userId, bob.id));
    expect(charge!.createdAt.toISOString()).toBe('2025-07-30T07:00:00.000Z');
    const today = await activate(bob);

    const invoice = await settledInvoice(bob);
    const gross = [bani(july.price), bani(today.price)];
    const nets = [Math.round((gross[0]! * 100) / 119), Math.round((gross[1]! * 100) / 121)];
    expect(invoice.lines.map((l) => ({ vatPercent: l.vatPercent, netBani: l.netBani, vatBani: l.vatBani }))).toEqual([
      { vatPercent: 19, netBani: nets[0], vatBani: gross[0]! - nets[0]! },
      { vatPercent: 21, netBani: nets[1], vatBani: gross[1]! - nets[1]! },
    ]);
    // The July line's net is the price without VAT the shipment was sold at.
    expect(nets[0]).toBe(bani(july.priceNoVat));
    // The invoice's own rate is the one of its date; the lines keep theirs.
    expect(invoice).toMatchObject({ vatPercent: 21, netBani: nets[0]! + nets[1]!, totalBani: gross[0]! + gross[1]! });

    // The PDF names both rates and totals the VAT of each.
    const pdf = await readInvoicePdf(await renderInvoicePdf(invoice));
    expect(pdf.header.join(' ')).toContain('Cota TVA: 19%, 21%');
    const ron = (bani: number) => `${bani < 0 ? '-' : ''}${String(Math.floor(Math.abs(bani) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(Math.abs(bani) % 100).padStart(2, '0')}`;
    expect(pdf.totals.slice(0, 4)).toEqual([
      `Total fara TVA ${ron(nets[0]! + nets[1]!)} lei`,
      `TVA 19% ${ron(gross[0]! - nets[0]!)} lei`,
      `TVA 21% ${ron(gross[1]! - nets[1]!)} lei`,
      `Total de plata ${ron(gross[0]! + gross[1]!)} lei`,
    ]);
  });

  it('an invoice of July 2025 shipments only is a 19% invoice', async () => {
    const carol = await postpaidClient();
    await at('2025-07-29T08:00:00Z', () => activate(carol));
    const invoice = await settledInvoice(carol);
    expect(invoice.vatPercent).toBe(19);
    expect(invoice.lines.map((l) => l.vatPercent)).toEqual([19]);
  });

  it('a top-up today is an advance at 21%; returning an advance of July 2025 reverses it at its 19%', async () => {
    const dan = await createUser(ctx);
    await activeCompany(ctx, dan);
    await ctx.database.db.update(users).set({ bankAccount: 'RO66BACX0000001234567890' }).where(eq(users.id, dan.id));
    const invoicing = invoicingService({ database: ctx.database, seller: ctx.config.seller, platformIban: ctx.config.platformIban, series: ctx.config.invoiceSeries });
    const topUp = (amountBani: number, paidAt?: Date) =>
      ctx.database.db.transaction((tx) =>
        creditCardTopUp(tx, { userId: dan.id, amountBani, paymentIdentifier: randomUUID(), cardBrand: 'Visa', lastDigits: '4242', ...(paidAt ? { at: paidAt } : {}) }, invoicing),
      );
    const july = (await topUp(11_900, new Date('2025-07-15T09:00:00Z'))).invoice!;
    expect(july).toMatchObject({ vatPercent: 19, netBani: 10_000, vatBani: 1900 });
    const now = (await topUp(12_100)).invoice!;
    expect(now).toMatchObject({ vatPercent: 21, netBani: 10_000, vatBani: 2100 });

    const invoice = await settledInvoice(dan);
    // Oldest advance first: the July one at 19%, then today's at 21%.
    expect(invoice.lines.map((l) => ({ vatPercent: l.vatPercent, netBani: l.netBani, vatBani: l.vatBani }))).toEqual([
      { vatPercent: 19, netBani: -10_000, vatBani: -1900 },
      { vatPercent: 21, netBani: -10_000, vatBani: -2100 },
    ]);
    expect(invoice.totalBani).toBe(-24_000);
  });
});

describe('GET user/invoicing-system/vat/values', () => {
  it('answers the rates in force today, the standard 21% first', async () => {
    const alice = await createUser(ctx);
    const res = await as(ctx, alice, { method: 'GET', url: '/api/user/invoicing-system/vat/values' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, list: [{ id: 21, value: 21, label: '21%' }, { id: 11, value: 11, label: '11%' }] });
  });

  it('answers the rates of the server’s day (19% before August 2025), and needs a session', async () => {
    const alice = await createUser(ctx);
    const res = await at('2025-07-31T20:00:00Z', () => as(ctx, alice, { method: 'GET', url: '/api/user/invoicing-system/vat/values' }));
    expect(res.json().list.map((v: { value: number }) => v.value)).toEqual([19, 9, 5]);
    expect((await as(ctx, null, { method: 'GET', url: '/api/user/invoicing-system/vat/values' })).statusCode).toBe(401);
  });
});
