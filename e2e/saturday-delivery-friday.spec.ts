import { messages } from '@colete/contract';
import { DEMO, expect, expectAccessible, ownServer, signIn, test } from './support/fixtures';
import { FRIDAY, draft, newShipment, offerNames } from './support/saturday';

/** Saturday delivery on a Friday (the Thursday side is in saturday-delivery-thursday.spec.ts). */
ownServer({ TEST_CLOCK: FRIDAY });

test('the client may ask for Saturday delivery and gets every courier’s Saturday offer', async ({ page }) => {
  await signIn(page, DEMO.client);
  await page.clock.setFixedTime(new Date(FRIDAY));
  const { options, couriers } = await newShipment(page);
  const saturday = options.getByLabel('Livrare sambata');
  await expect(saturday).not.toBeChecked();
  await expect(couriers.getByRole('heading', { name: 'Livrare sambata' })).toHaveCount(0);

  await saturday.check();
  const group = couriers.getByRole('region', { name: 'Livrare sambata' });
  await expect(group).toBeVisible();
  // Exactly the Saturday offers the server makes for this shipment, none of them refused at 09:00.
  const offered = (await (await page.request.post('/api/shipments/offers', { data: draft(true) })).json()).offers as { type: string; courierName: string; serviceName: string; price: string; errors: string[] }[];
  // Shown cheapest first.
  const expected = offered.filter((o) => o.type === 'saturday').sort((a, b) => Number(a.price) - Number(b.price));
  expect(expected.length).toBeGreaterThan(0);
  expect(expected.every((o) => o.errors.length === 0)).toBe(true);
  await expect.poll(() => offerNames(group)).toEqual(expected.map((o) => `${o.courierName} ${o.serviceName}`));
  await expectAccessible(page);

  // Activated with a Saturday service: the server agrees it is Friday.
  await group.getByRole('radio').first().check();
  await couriers.getByRole('button', { name: 'Activeaza comanda' }).click();
  await expect(page.getByText(messages.shipments.activated)).toBeVisible();
  await expect(page.getByText(expected[0]!.courierName).first()).toBeVisible();
  await expect(page.getByTestId('awb')).toBeVisible();
});
