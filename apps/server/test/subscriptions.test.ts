import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ledgerEntries, users } from '../src/db/schema.js';
import { simulatedGateway } from '../src/integrations/payments/card-simulator.js';
import { subscriptionsService } from '../src/modules/prepay/subscriptions-service.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const good = { number: '4242424242424242', expiry: '12/30', cvc: '123' };
const pay = (url: string, form: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url, payload: new URLSearchParams(form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
const balance = async (u: TestUser) => (await as(ctx, u, { method: 'GET', url: '/api/user/prepay/balance' })).json().balance as string;
const list = async (u: TestUser) => (await as(ctx, u, { method: 'GET', url: '/api/user/prepay/subscriptions' })).json().list;
const spend = (u: TestUser, bani: number) =>
  ctx.database.db.insert(ledgerEntries).values({ userId: u.id, kind: 'charge', amountBani: -bani, description: 'Expeditie (test)' });
const autoTopUp = () => subscriptionsService({ database: ctx.database, gateway: simulatedGateway() }).autoTopUp();

/** A client whose first top-up (200 lei) starts a subscription: refill 200 when below 100. */
async function subscribedClient(card = good.number) {
  const u = await createUser(ctx);
  const start = await as(ctx, u, {
    method: 'POST',
    url: '/api/user/prepay/top-up',
    payload: { amount: 200, subscription: { recurringAmount: 200, recurringMinBalance: 100 } },
  });
  expect(start.statusCode).toBe(200);
  await pay(start.json().url, { ...good, number: card });
  return u;
}

describe('card subscriptions', () => {
  it('a top-up with a subscription activates it with the saved card', async () => {
    const u = await subscribedClient();
    const [sub] = await list(u);
    expect(sub).toMatchObject({
      status: 2,
      paymentAmount: '200.00',
      triggerAmount: '100.00',
      activatedDatetime: expect.any(String),
      userFinancialSubaccount: { name: u.name },
      cardData: { cardBrand: 'Visa', lastDigits: '4242', expiryDate: '12/30', imageString: expect.stringMatching(/^data:image\/svg\+xml;base64,/) },
    });
  });

  it('the refill rules answer the spec’s error keys in Romanian', async () => {
    const u = await createUser(ctx);
    const start = (subscription: object) => as(ctx, u, { method: 'POST', url: '/api/user/prepay/top-up', payload: { amount: 100, subscription } });
    const low = await start({ recurringAmount: 40, recurringMinBalance: 20 });
    expect(low.statusCode).toBe(400);
    expect(low.json().errors['subscription.recurringAmount']).toBe('Suma de reincarcare trebuie sa fie de minim 50 lei!');
    const belowTrigger = await start({ recurringAmount: 100, recurringMinBalance: 150 });
    expect(belowTrigger.json().errors['subscription.recurringAmount']).toBe('Suma de reincarcare nu poate fi mai mica decat pragul de declansare!');
    expect((await start({ recurringAmount: 100 })).statusCode).toBe(400);
    expect(await list(u)).toEqual([]);
  });

  it('a declined first payment leaves the subscription inactive', async () => {
    const u = await subscribedClient('4000000000000002');
    expect((await list(u))[0]).toMatchObject({ status: 0, cardData: null });
  });

  it('edit changes the amounts of an active subscription; bad values and other users are refused', async () => {
    const u = await subscribedClient();
    const [sub] = await list(u);
    const edit = (who: TestUser, body: object) => as(ctx, who, { method: 'PATCH', url: `/api/user/prepay/subscription/${sub.identifier}`, payload: body });
    const ok = await edit(u, { recurringAmount: 500, recurringMinBalance: 250 });
    expect(ok.json()).toMatchObject({ message: 'Abonamentul a fost actualizat cu succes!', subscription: { paymentAmount: '500.00', triggerAmount: '250.00' } });
    expect((await edit(u, { recurringAmount: 49, recurringMinBalance: 10 })).statusCode).toBe(400);
    const other = await createUser(ctx);
    expect((await edit(other, { recurringAmount: 500, recurringMinBalance: 250 })).statusCode).toBe(404);
    expect((await as(ctx, other, { method: 'DELETE', url: `/api/user/prepay/subscription/${sub.identifier}` })).statusCode).toBe(404);
    expect((await list(u))[0]).toMatchObject({ status: 2, paymentAmount: '500.00' });
  });

  it('charges the saved card once per fall below the trigger, and again after the next fall', async () => {
    const u = await subscribedClient();
    await autoTopUp();
    expect(await balance(u)).toBe('200.00');

    await spend(u, 15_000); // 50 lei left, below the 100 trigger
    const [a, b] = await Promise.all([autoTopUp(), autoTopUp()]);
    expect(a.charged + b.charged).toBe(1);
    expect(await balance(u)).toBe('250.00');
    await autoTopUp();
    expect(await balance(u)).toBe('250.00');

    await spend(u, 20_000); // 50 lei again: a new fall
    await autoTopUp();
    expect(await balance(u)).toBe('250.00');
    const movements = (await as(ctx, u, { method: 'GET', url: '/api/user/prepay/balance' })).json().movements;
    expect(movements.filter((m: { description: string }) => m.description.startsWith('Reincarcare automata'))).toHaveLength(2);
  });

  it('a saved card that is declined later is tried once for that fall and changes nothing', async () => {
    const u = await subscribedClient('4000000000000341');
    expect((await list(u))[0].status).toBe(2);
    await spend(u, 15_000);
    await autoTopUp();
    await autoTopUp();
    expect(await balance(u)).toBe('50.00');
  });

  it('a deactivated subscription is not charged; it can be re-enabled from the prepay page', async () => {
    const u = await subscribedClient();
    const [sub] = await list(u);
    const off = await as(ctx, u, { method: 'DELETE', url: `/api/user/prepay/subscription/${sub.identifier}` });
    expect(off.json()).toMatchObject({ message: 'Abonamentul a fost dezactivat!', subscription: { status: 0 } });
    await spend(u, 15_000);
    await autoTopUp();
    expect(await balance(u)).toBe('50.00');

    const editInactive = await as(ctx, u, { method: 'PATCH', url: `/api/user/prepay/subscription/${sub.identifier}`, payload: { recurringAmount: 200, recurringMinBalance: 100 } });
    expect(editInactive.statusCode).toBe(409);
    const back = await as(ctx, u, { method: 'PATCH', url: '/api/user/prepay/subscription', payload: { subscriptionId: sub.identifier, data: { recurringAmount: 200, recurringMinBalance: 100 } } });
    expect(back.json()).toMatchObject({ message: 'Abonamentul a fost reactivat!', subscription: { status: 2 } });
    await autoTopUp();
    expect(await balance(u)).toBe('250.00');
    const again = await as(ctx, u, { method: 'PATCH', url: '/api/user/prepay/subscription', payload: { subscriptionId: sub.identifier, data: { recurringAmount: 200, recurringMinBalance: 100 } } });
    expect(again.statusCode).toBe(409);
  });

  it('settling the account stops its active subscriptions in the same step; the top-up charges nothing afterwards', async () => {
    const u = await subscribedClient();
    await ctx.database.db.update(users).set({ bankAccount: 'RO66BACX0000001234567890' }).where(eq(users.id, u.id));
    const settled = await as(ctx, u, { method: 'POST', url: '/api/user/settle-account-finances' });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json()).toMatchObject({ returnedAmount: '200.00' });
    expect((await list(u)).map((s: { status: number }) => s.status)).toEqual([0]);
    expect(await balance(u)).toBe('0.00');
    await autoTopUp();
    await autoTopUp();
    expect(await balance(u)).toBe('0.00');
    expect((await as(ctx, u, { method: 'GET', url: '/api/user/billing/data' })).json().settled).toBe(true);
  });

  it('a subscription that never had a card cannot be re-enabled', async () => {
    const u = await subscribedClient('4000000000000002');
    const [sub] = await list(u);
    const res = await as(ctx, u, { method: 'PATCH', url: '/api/user/prepay/subscription', payload: { subscriptionId: sub.identifier, data: { recurringAmount: 200, recurringMinBalance: 100 } } });
    expect(res.statusCode).toBe(409);
  });
});
