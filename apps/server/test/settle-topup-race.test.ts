import { messages } from '@colete/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPayments, ledgerEntries, users } from '../src/db/schema.js';
import { simulatedGateway } from '../src/integrations/payments/card-simulator.js';
import type { PaymentGateway } from '../src/integrations/payments/payment-gateway.js';
import { subscriptionsService } from '../src/modules/prepay/subscriptions-service.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const good = { number: '4242424242424242', expiry: '12/30', cvc: '123' };
const pay = (url: string) =>
  ctx.app.inject({ method: 'POST', url, payload: new URLSearchParams(good).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
const balance = async (u: TestUser) => (await as(ctx, u, { method: 'GET', url: '/api/user/prepay/balance' })).json().balance as string;
const settle = (u: TestUser) => as(ctx, u, { method: 'POST', url: '/api/user/settle-account-finances' });

/** The simulator, except that a saved-card charge answers only when the test lets it. */
function heldGateway() {
  const sim = simulatedGateway();
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const gateway: PaymentGateway = { ...sim, name: sim.name, startPayment: (p) => sim.startPayment(p), chargeSavedCard: async (c) => (await released, sim.chargeSavedCard(c)) };
  return { gateway, release };
}

/** A client with a bank account whose subscription (refill 200 below 100) has fallen to 50 lei. */
async function fallenClient() {
  const u = await createUser(ctx);
  await ctx.database.db.update(users).set({ bankAccount: 'RO66BACX0000001234567890' }).where(eq(users.id, u.id));
  const start = await as(ctx, u, { method: 'POST', url: '/api/user/prepay/top-up', payload: { amount: 200, subscription: { recurringAmount: 200, recurringMinBalance: 100 } } });
  expect(start.statusCode, start.body).toBe(200);
  await pay(start.json().url);
  await ctx.database.db.insert(ledgerEntries).values({ userId: u.id, kind: 'charge', amountBani: -15_000, description: 'Expeditie (test)' });
  expect(await balance(u)).toBe('50.00');
  return u;
}

async function until(check: () => Promise<boolean>) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('settling the account while an automatic top-up charge is under way', () => {
  it('is refused with a clear message until the charge’s outcome is recorded; then the credited top-up is returned too', async () => {
    const u = await fallenClient();
    const { gateway, release } = heldGateway();
    const running = subscriptionsService({ database: ctx.database, gateway }).autoTopUp();
    // The charge has started: its payment is written (pending) and the card is being charged.
    await until(async () => (await ctx.database.db.select().from(cardPayments).where(and(eq(cardPayments.userId, u.id), eq(cardPayments.status, 'pending')))).length === 1);

    const refused = await settle(u);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ message: messages.invoicing.topUpInProgress, code: 'topUpInProgress' });
    // Nothing changed: the balance stays and the subscription is still active.
    expect(await balance(u)).toBe('50.00');
    expect((await as(ctx, u, { method: 'GET', url: '/api/user/prepay/subscriptions' })).json().list[0].status).toBe(2);

    release();
    expect(await running).toMatchObject({ charged: 1 });
    expect(await balance(u)).toBe('250.00');

    const settled = await settle(u);
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json()).toMatchObject({ returnedAmount: '250.00' });
    expect(await balance(u)).toBe('0.00');
    // Settled means settled: no top-up arrives afterwards.
    await subscriptionsService({ database: ctx.database, gateway: simulatedGateway() }).autoTopUp();
    expect(await balance(u)).toBe('0.00');
  });

  it('settling first: the top-up that claimed the subscription finds it stopped and charges nothing', async () => {
    const u = await fallenClient();
    const settled = await settle(u);
    expect(settled.statusCode, settled.body).toBe(200);
    const { gateway, release } = heldGateway();
    release();
    expect(await subscriptionsService({ database: ctx.database, gateway }).autoTopUp()).toMatchObject({ charged: 0 });
    expect(await balance(u)).toBe('0.00');
    expect(await ctx.database.db.select().from(cardPayments).where(and(eq(cardPayments.userId, u.id), eq(cardPayments.status, 'pending')))).toEqual([]);
  });

  it('a subscription’s own first payment still open at the processor does not block settling', async () => {
    const u = await createUser(ctx);
    await ctx.database.db.update(users).set({ bankAccount: 'RO66BACX0000001234567890' }).where(eq(users.id, u.id));
    await ctx.database.db.insert(ledgerEntries).values({ userId: u.id, kind: 'topup', amountBani: 10_000, description: 'Reincarcare test' });
    const start = await as(ctx, u, { method: 'POST', url: '/api/user/prepay/top-up', payload: { amount: 200, subscription: { recurringAmount: 200, recurringMinBalance: 100 } } });
    expect(start.statusCode).toBe(200);
    const settled = await settle(u);
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json()).toMatchObject({ returnedAmount: '100.00' });
  });
});
