import { messages } from '@colete/contract';
import { DEMO, expect, ownServer, signIn, test } from './support/fixtures';
import { THURSDAY, draft, newShipment } from './support/saturday';

/** No Saturday delivery on a Thursday (the Friday side is in saturday-delivery-friday.spec.ts). */
ownServer({ TEST_CLOCK: THURSDAY });

test('the client is not offered Saturday delivery, and the server refuses it', async ({ page }) => {
  await signIn(page, DEMO.client);
  await page.clock.setFixedTime(new Date(THURSDAY));
  const { options, couriers } = await newShipment(page);
  await expect(options.getByLabel('Ramburs')).toBeVisible();
  await expect(options.getByLabel('Livrare sambata')).toHaveCount(0);
  await expect(couriers.getByRole('heading', { name: 'Livrare sambata' })).toHaveCount(0);

  // Asked for directly, the server refuses it with the field's message.
  const refused = await page.request.post('/api/shipments/offers', { data: draft(true) });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).errors).toEqual({ 'options.saturdayDelivery': messages.shipments.saturdayOnlyFriday });
  const plain = (await (await page.request.post('/api/shipments/offers', { data: draft(false) })).json()).offers as { type: string }[];
  expect(plain.filter((o) => o.type === 'saturday')).toEqual([]);
});
