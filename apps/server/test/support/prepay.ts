import { expect } from 'vitest';
import { as, createUser, type TestContext } from '../helper.js';

/**
 * A new client whose first top-up (200 lei, paid with `cardNumber` on the card simulator's page)
 * starts a subscription that refills 200 lei when the balance falls below 100; answers the client
 * and the subscription's identifier once the subscription is active.
 */
export async function subscribedClient(ctx: TestContext, cardNumber: string) {
  const user = await createUser(ctx);
  const start = await as(ctx, user, { method: 'POST', url: '/api/user/prepay/top-up', payload: { amount: 200, subscription: { recurringAmount: 200, recurringMinBalance: 100 } } });
  expect(start.statusCode, start.body).toBe(200);
  const paid = await ctx.app.inject({
    method: 'POST',
    url: start.json().url,
    payload: new URLSearchParams({ number: cardNumber, expiry: '12/30', cvc: '123' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(paid.statusCode).toBe(303);
  const list = (await as(ctx, user, { method: 'GET', url: '/api/user/prepay/subscriptions' })).json().list as { identifier: string; status: number }[];
  expect(list.map((s) => s.status)).toEqual([2]);
  return { user, subscription: list[0]!.identifier };
}
