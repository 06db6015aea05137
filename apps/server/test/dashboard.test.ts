import { USER_TYPE } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { connectDemoShop } from '../src/modules/store/index.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { activeCompany } from './support/billing.js';
import { einvoiceCompany, insertInvoice, insertMovements, insertShipments } from './support/dashboard.js';
import { insertRepayments } from './support/repayments-list.js';

/*
 * The dashboard (issue 27): each tile's numbers for the acting client, on the Bucharest calendar
 * (the clock: 15 March 2026, 12:00 in Bucharest, UTC+2; its day began at 22:00 UTC on the 14th; the
 * 30-day window on 14 February, at 22:00 UTC on the 13th), an admin acting for a client, the platform's view.
 */

const NOW = new Date('2026-03-15T10:00:00Z');
const at = (iso: string) => new Date(iso);
let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

const get = async (user: TestUser, path: string) => {
  const res = await as(ctx, user, { method: 'GET', url: `/api/${path}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
  alice = await createUser(ctx, { name: 'Alice Transport SRL' });
  bob = await createUser(ctx, { name: 'Bob Curierat SRL' });
  admin = await createUser(ctx, { name: 'Admin', userType: USER_TYPE.admin });
  await ctx.database.db.update(users).set({ repaymentSendInterval: 7 }).where(eq(users.id, alice.id));

  await insertShipments(ctx, alice.id, [
    // The charts: Bucharest's 15 March began at 22:00 UTC on the 14th; the window's first day at 22:00 UTC on 13 February.
    { courierId: 'rapidcarpati', activatedAt: at('2026-03-14T22:30:00Z') },
    { courierId: 'rapidcarpati', activatedAt: at('2026-03-15T09:00:00Z') },
    { courierId: 'dunarea', activatedAt: at('2026-03-14T21:30:00Z') },
    { courierId: 'rapidcarpati', activatedAt: at('2026-02-13T22:00:00Z') },
    { courierId: 'dunarea', activatedAt: at('2026-02-13T21:59:00Z') },
    { courierId: 'dunarea', status: 'cancelled', activatedAt: at('2026-03-10T10:00:00Z') },
    // Attention: failures since the window's start, the address named by the courier's reason.
    { status: 'returned', statusAt: at('2026-03-01T10:00:00Z'), statusReason: 'Adresa incompleta sau gresita', activatedAt: null },
    { status: 'returned', statusAt: at('2026-02-13T22:00:00Z'), statusReason: 'Destinatar absent la trei incercari de livrare', activatedAt: null },
    { status: 'returned', statusAt: at('2026-02-13T21:59:00Z'), statusReason: 'Adresa incompleta sau gresita', activatedAt: null },
    { status: 'refused', statusAt: at('2026-03-12T10:00:00Z'), statusReason: 'Destinatarul nu mai doreste coletul', activatedAt: null },
    { status: 'created', estimatedPickupDate: '2026-03-14', activatedAt: null },
    { status: 'created', estimatedPickupDate: '2026-03-15', activatedAt: null },
  ]);
  await insertShipments(ctx, bob.id, [{ courierId: 'dunarea', activatedAt: at('2026-03-15T08:00:00Z') }, { status: 'refused', statusAt: at('2026-03-14T10:00:00Z') }]);

  await insertMovements(ctx, alice.id, [
    { kind: 'topup', bani: 10_000, at: at('2026-01-05T10:00:00Z') },
    { kind: 'charge', bani: -2_500, at: at('2026-03-14T22:30:00Z') },
    { kind: 'refund', bani: 500, at: at('2026-03-15T08:00:00Z') },
    // 1 March 00:30 in Bucharest: March's; 28 February 23:30: February's.
    { kind: 'charge', bani: -1_000, at: at('2026-02-28T22:30:00Z') },
    { kind: 'charge', bani: -700, at: at('2026-02-28T21:30:00Z') },
    { kind: 'bonus', bani: 300, at: at('2026-03-02T10:00:00Z') },
  ]);
  await insertInvoice(ctx, alice.id, 1, 5_000, 5_000, at('2026-03-01T10:00:00Z'));
  await insertInvoice(ctx, bob.id, 2, 9_000, 9_000, at('2026-03-01T10:00:00Z'));

  await insertRepayments(ctx, alice.id, [
    // delivered the next day, paid four days after the order.
    { status: 'delivered', lei: 100, orderedAt: at('2026-03-13T21:30:00Z') },
    { status: 'sent_by_courier', lei: 50, orderedAt: at('2026-03-10T10:00:00Z') },
    { status: 'received', lei: 30, orderedAt: at('2026-03-05T10:00:00Z') },
    { status: 'received', lei: 20, orderedAt: at('2026-03-06T10:00:00Z') },
    { status: 'paid', lei: 70, orderedAt: at('2026-03-09T23:00:00Z') },
    { status: 'awaiting_delivery', lei: 900, orderedAt: at('2026-03-14T10:00:00Z') },
  ]);
  await insertRepayments(ctx, bob.id, [{ status: 'received', lei: 400, orderedAt: at('2026-03-05T10:00:00Z') }]);

  const company = await activeCompany(ctx, alice);
  await einvoiceCompany(ctx, alice.id, company.id, ['initial', 'initial', 'rejected'], [1, 1, 2]);
});
afterAll(async () => ctx?.close());

describe('the client dashboard', () => {
  it('money: the prepaid balance and what the invoices leave to pay', async () => {
    expect(await get(alice, 'user/dashboard/money')).toEqual({ success: true, paymentType: 'prepaid', balance: 6_600, leftToPay: 5_000 });
  });

  it('shipments needing attention: failures of the last 30 Bucharest days, AWBs past their pick-up day', async () => {
    expect(await get(alice, 'user/dashboard/shipments')).toEqual({ success: true, since: '2026-02-14', addressErrors: 1, returned: 2, refused: 1, latePickups: 1 });
  });

  it('repayments: the next payment day and the money at the couriers and at the platform', async () => {
    expect(await get(alice, 'user/dashboard/repayments')).toEqual({
      success: true,
      nextPayDate: '2026-03-22',
      atUs: { count: 2, amount: 5_000 },
      atCourier: { count: 2, amount: 15_000 },
    });
  });

  it('e-invoicing: new received invoices and unread buyer messages of the connected companies', async () => {
    expect(await get(alice, 'user/dashboard/einvoice')).toEqual({ success: true, connected: true, newReceived: 2, unreadMessages: 2 });
    expect(await get(bob, 'user/dashboard/einvoice')).toEqual({ success: true, connected: false, newReceived: 0, unreadMessages: 0 });
  });

  it('shipments per Bucharest day and courier: both ends of the window, cancelled ones left out', async () => {
    const chart = await get(alice, 'user/dashboard/charts/shipments');
    expect(chart.days).toHaveLength(30);
    expect(chart.days[0]).toBe('2026-02-14');
    expect(chart.days[29]).toBe('2026-03-15');
    const byId = Object.fromEntries(chart.couriers.map((c: { id: string; counts: number[] }) => [c.id, c.counts]));
    expect(Object.keys(byId).sort()).toEqual(['dunarea', 'rapidcarpati']);
    expect(byId.rapidcarpati[29]).toBe(2);
    expect(byId.rapidcarpati[0]).toBe(1);
    expect(byId.dunarea[28]).toBe(1);
    expect(byId.dunarea.reduce((a: number, b: number) => a + b, 0)).toBe(1);
    expect(chart.couriers.every((c: { name: string }) => c.name.length > 0)).toBe(true);
  });

  it('cash on delivery collected and paid per Bucharest day', async () => {
    const { days } = await get(alice, 'user/dashboard/charts/cod');
    const of = (day: string) => days.find((d: { day: string }) => d.day === day);
    // Ordered 13 March 21:30 UTC, delivered a day later: 14 March 23:30 in Bucharest.
    // Ordered 9 March 23:00 UTC: delivered 11 March 01:00 in Bucharest, paid (four days after the order) 14 March 01:00.
    expect(of('2026-03-14')).toEqual({ day: '2026-03-14', collected: 10_000, paid: 7_000 });
    expect(of('2026-03-13')).toEqual({ day: '2026-03-13', collected: 0, paid: 0 });
    expect(of('2026-03-11')!.collected).toBe(7_000 + 5_000);
    expect(days.reduce((a: number, d: { paid: number }) => a + d.paid, 0)).toBe(7_000);
  });

  it('spending per Bucharest month: charges less refunds, the month boundary in Bucharest', async () => {
    const { months } = await get(alice, 'user/dashboard/charts/spending');
    expect(months).toHaveLength(12);
    expect(months[0].month).toBe('2025-04');
    expect(months.at(-1)).toEqual({ month: '2026-03', amount: 2_500 - 500 + 1_000 });
    expect(months.at(-2)).toEqual({ month: '2026-02', amount: 700 });
  });

  it('a postpaid client’s spending is what its shipments were invoiced, credit notes taken off', async () => {
    await ctx.database.db.update(users).set({ paymentType: 'postpaid' }).where(eq(users.id, bob.id));
    await insertInvoice(ctx, bob.id, 3, -1_000, -1_000, at('2026-03-03T10:00:00Z'), 'credit_note');
    const { months } = await get(bob, 'user/dashboard/charts/spending');
    expect(months.at(-1)).toEqual({ month: '2026-03', amount: 8_000 });
  });

  it('the store tile reads each connected shop’s awaiting orders; none without a store', async () => {
    expect(await get(bob, 'user/dashboard/store')).toEqual({ success: true, stores: [] });
    const id = await connectDemoShop(ctx.database.db, alice.id, ctx.config.tokenEncryptionKey);
    const { stores } = await get(alice, 'user/dashboard/store');
    expect(stores).toHaveLength(1);
    expect(stores[0]).toMatchObject({ clientId: id, shop: expect.stringContaining('.myshopify.com') });
    expect(stores[0].awaiting).toBeGreaterThan(0);
  });
});

describe('whose dashboard', () => {
  it('another client sees only their own numbers and cannot name someone else', async () => {
    expect(await get(bob, 'user/dashboard/shipments')).toMatchObject({ returned: 0, refused: 1, latePickups: 0 });
    expect(await get(bob, 'user/dashboard/repayments')).toMatchObject({ atUs: { count: 1, amount: 40_000 }, atCourier: { count: 0, amount: 0 } });
    const chart = await get(bob, 'user/dashboard/charts/shipments');
    // Bob's own: today's AWB, his refused one (activated 14 March) and his cash on delivery's (5 March), none of Alice's.
    const counts = Object.fromEntries(chart.couriers.map((c: { id: string; counts: number[] }) => [c.id, c.counts.reduce((a, b) => a + b, 0)]));
    expect(counts).toEqual({ dunarea: 1, rapidcarpati: 2 });
    const named = await as(ctx, bob, { method: 'GET', url: `/api/user/dashboard/money?selectedClient=${alice.id}` });
    expect(named.statusCode).toBe(403);
    expect((await as(ctx, bob, { method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(403);
    expect((await as(ctx, null, { method: 'GET', url: '/api/user/dashboard/money' })).statusCode).toBe(401);
  });

  it('an admin acting for a client sees that client’s dashboard', async () => {
    expect(await get(admin, `user/dashboard/money?selectedClient=${alice.id}`)).toEqual(await get(alice, 'user/dashboard/money'));
    expect(await get(admin, `user/dashboard/shipments?selectedClient=${alice.id}`)).toEqual(await get(alice, 'user/dashboard/shipments'));
    expect(await get(admin, `user/dashboard/charts/cod?selectedClient=${bob.id}`)).toEqual(await get(bob, 'user/dashboard/charts/cod'));
    const unknown = await as(ctx, admin, { method: 'GET', url: `/api/user/dashboard/money?selectedClient=${admin.id + 1000}` });
    expect(unknown.statusCode).toBe(404);
  });

  it('an admin without a client sees the platform: clients, shipments, money due, open flags', async () => {
    const platform = await get(admin, 'admin/dashboard');
    expect(platform).toEqual({
      success: true,
      clients: 2,
      // Activated today (Bucharest): alice's two on the 15th and bob's one; in the window also 14 March, 10 March (cancelled counts: an AWB was made) and 14 February, plus the repayments' shipments.
      shipmentsToday: 3,
      shipments30: expect.any(Number),
      moneyDue: { count: 3, amount: 45_000 },
      flagged: 0,
    });
    expect(platform.shipments30).toBeGreaterThanOrEqual(3 + 3 + 7);
  });
});
