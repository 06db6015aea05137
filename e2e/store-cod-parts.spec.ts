import { formatBaniInput, storeOrderPath, type TStoreOrderResponse } from '@colete/contract';
import type { Page } from '@playwright/test';
import { DEMO, connectedDemoStore, expect, expectAccessible, signIn, test } from './support/fixtures';

/*
 * Issue 24 item 1: an order sent from two warehouses collects its cash on delivery once. The order
 * page says which part carries it, the merchant moves it to the other part, activates that part,
 * and the part left says it leaves without cash on delivery (the AWB that collects it named).
 */

/** A demo order with cash on delivery, two parts, a recipient needing no correction, that no other test uses. */
async function twoPartCodOrder(page: Page, clientId: number) {
  for (const n of [1062, 1072, 1052, 1060]) {
    const res = await page.request.get(`/api/${storeOrderPath(clientId, `gid://shopify/Order/${n}`)}`);
    if (!res.ok()) continue;
    const { order } = (await res.json()) as TStoreOrderResponse;
    const cards = order.shippingOrders.awaitingFulfillment;
    if (order.payment.hasCashOnDelivery && cards.length === 2 && order.shippingTo.errors.length === 0 && cards.every((c) => c.fulfillmentHolds.length === 0)) return order;
  }
  throw new Error('no two-part cash-on-delivery demo order');
}
const lei = (bani: number) => `${(bani / 100).toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, '.')} lei`;

test('two warehouses: the cash on delivery on one part, moved to the other by the merchant, the part left says it leaves without it', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO.client);
  const clientId = await connectedDemoStore(page);
  const order = await twoPartCodOrder(page, clientId);
  const total = lei(order.price.totalBani);
  await page.goto(`/profile/shopify/order/${encodeURIComponent(order.shopifyGraphQLId)}?clientId=${clientId}`);

  const first = page.getByRole('article', { name: 'Comanda #1' });
  const second = page.getByRole('article', { name: 'Comanda #2' });
  await expect(second.getByRole('heading', { name: 'Optiuni extra' })).toBeVisible({ timeout: 60_000 });
  await expect(first.getByTestId('cod-part')).toHaveText(`Rambursul comenzii (${total}) se incaseaza o singura data, cu aceasta parte; celelalte parti pleaca fara ramburs.`);
  await expect(second.getByTestId('cod-part')).toContainText(`Aceasta parte pleaca fara ramburs: rambursul comenzii (${total}) se incaseaza cu Comanda #1.`);
  await expect(first.getByRole('switch', { name: 'Ramburs' })).toBeChecked();
  await expect(second.getByRole('switch', { name: 'Ramburs' })).not.toBeChecked();
  // The amount is prefilled as money is typed: two decimals after a comma ('687,00', issue 24).
  await expect(first.getByRole('textbox', { name: 'Valoare ramburs' })).toHaveValue(formatBaniInput(order.price.totalBani));
  await expect(first.getByRole('textbox', { name: 'Valoare ramburs' })).toHaveValue(/^\d+,\d{2}$/);
  await expectAccessible(page);

  // The merchant moves it to the second part.
  const pick = second.getByRole('button', { name: 'Incaseaza rambursul cu aceasta parte' });
  const box = await pick.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(24);
  await pick.click();
  await expect(page.getByText('Rambursul comenzii se incaseaza acum cu aceasta parte.')).toBeVisible();
  await expect(second.getByTestId('cod-part')).toHaveText(`Rambursul comenzii (${total}) se incaseaza o singura data, cu aceasta parte; celelalte parti pleaca fara ramburs.`);
  await expect(first.getByTestId('cod-part')).toContainText(`se incaseaza cu Comanda #2.`);
  await expect(second.getByRole('switch', { name: 'Ramburs' })).toBeChecked();
  await expect(second.getByRole('textbox', { name: 'Valoare ramburs' })).toHaveValue(formatBaniInput(order.price.totalBani));
  await expect(first.getByRole('switch', { name: 'Ramburs' })).not.toBeChecked();

  // The second part activated: the part left names the AWB that collects it, and cannot take it back.
  await second.getByRole('button', { name: 'Arata oferte' }).click();
  const offers = second.getByRole('radiogroup', { name: 'Oferte curieri' });
  await expect(offers).toBeVisible();
  await offers.locator('input[type=radio]:not([disabled])').first().check();
  await second.getByRole('button', { name: 'Activeaza comanda' }).click();
  await expect(page.getByRole('article', { name: 'Comanda #2' })).toHaveCount(0, { timeout: 30_000 });
  const left = page.getByRole('article', { name: 'Comanda #1' });
  await expect(left.getByTestId('cod-part')).toContainText(/Aceasta parte pleaca fara ramburs: rambursul comenzii \(.+ lei\) se incaseaza cu expedierea cu AWB \S+\./);
  await expect(left.getByRole('button', { name: 'Incaseaza rambursul cu aceasta parte' })).toHaveCount(0);
  await expect(left.getByRole('switch', { name: 'Ramburs' })).not.toBeChecked();
});
