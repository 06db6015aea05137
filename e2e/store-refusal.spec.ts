import { messages, STORE_REFUSAL_MESSAGES, storeOrderPath, type TStoreOrderResponse } from '@colete/contract';
import type { Page } from '@playwright/test';
import { connectedDemoStore, DEMO, expect, expectAccessible, ownServer, screenshotAtWidths, signIn, test } from './support/fixtures';

/*
 * Issue 24 item 2's tail, as the demo merchant lives it: the shop is down when an order is activated
 * (the AWB is made, the shop is not told), then the order is held in the shop's admin. The order
 * page says the shop refuses, with the hold's reason; a retry while held is refused again; the AWB
 * is cancelled (the money back); once the hold is released the part is activated again, with a new
 * AWB. The simulated shop's admin holds, releases and fakes the outage, as Shopify's admin would.
 */

// A server of its own: this test holds an order and buys two AWBs.
ownServer({ STORE: 'simulator', STORE_E2E_WORKER: 'refusal' });

const SHOP = 'colete-demo.myshopify.com';
const m = STORE_REFUSAL_MESSAGES;

/** A ready demo order of one card among the shop admin's latest 25 (#1072 on), newest first. */
async function readyOrder(page: Page, clientId: number) {
  for (let n = 1096; n >= 1072; n -= 1) {
    const res = await page.request.get(`/api/${storeOrderPath(clientId, `gid://shopify/Order/${n}`)}`);
    if (!res.ok()) continue;
    const { order } = (await res.json()) as TStoreOrderResponse;
    const cards = order.shippingOrders.awaitingFulfillment;
    if (cards.length === 1 && order.shippingTo.errors.length === 0 && cards[0]!.fulfillmentHolds.length === 0 && !order.cancelled) return order;
  }
  throw new Error('no ready demo order among the latest');
}

async function shopAdmin(page: Page, button: string, status: string) {
  await page.goto(`/sim/shopify/admin/orders?shop=${SHOP}`);
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('status')).toHaveText(status);
}

async function activateCard(page: Page) {
  const card = page.getByRole('article', { name: 'Comanda #1' });
  await card.getByRole('button', { name: 'Arata oferte' }).click();
  const offers = card.getByRole('radiogroup', { name: 'Oferte curieri' });
  await offers.locator('input[type=radio]:not([disabled])').first().check();
  await card.getByRole('button', { name: 'Activeaza comanda' }).click();
}

test('the shop refuses an activated order: the page says why, a retry is refused while held, the AWB is cancelled and the part activated again after the release', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.client);
  const clientId = await connectedDemoStore(page);
  const order = await readyOrder(page, clientId);
  const name = order.orderDisplayName;
  const url = `/profile/shopify/order/${encodeURIComponent(order.shopifyGraphQLId)}?clientId=${clientId}`;

  // The shop is down: the AWB is made, the shop is not told yet.
  await shopAdmin(page, 'Simuleaza o pana la expedieri', 'Expedierile esueaza pana la oprirea simularii.');
  await screenshotAtWidths(page, 'sim-admin-outage');
  await page.goto(url);
  await activateCard(page);
  await expect(page.getByText(messages.storeActivation.storePending).first()).toBeVisible({ timeout: 30_000 });
  const part = page.getByTestId('fulfilled-order').filter({ hasText: 'AWB:' });
  const awb = (await part.locator('strong').first().textContent())!.trim();

  // Back up, but the merchant held the order meanwhile: the shop's webhook has the platform try now, and the shop refuses.
  await shopAdmin(page, 'Opreste pana simulata', 'Expedierile functioneaza din nou.');
  await shopAdmin(page, `Blocheaza expedierea comenzii ${name}`, `Expedierea comenzii ${name} a fost blocata.`);
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('In asteptare');
  const text = m.text('onHold', { reason: 'OTHER', reasonNotes: 'Blocata din administrarea magazinului.' });
  const notice = page.getByTestId('store-refusal');
  await expect(async () => {
    await page.goto(url);
    await expect(notice).toContainText(text, { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await expect(notice).toContainText(m.choices);
  await expectAccessible(page);
  await screenshotAtWidths(page, 'store-refusal');

  // Retried while held: refused again, said so.
  await notice.getByRole('button', { name: m.retry }).click();
  await expect(page.getByText(m.stillRefused)).toBeVisible();
  await expect(notice).toBeVisible();

  // The AWB cancelled (asked first): the money back, the part awaits again, held.
  await notice.getByRole('button', { name: m.cancelAwb }).click();
  const dialog = page.getByRole('dialog', { name: m.cancelAwb });
  await expect(dialog).toContainText(m.cancelConfirm);
  await dialog.getByRole('button', { name: m.cancelAwb }).click();
  await expect(page.getByText(m.cancelled)).toBeVisible({ timeout: 20_000 });
  await expect(notice).toHaveCount(0);
  const card = page.getByRole('article', { name: 'Comanda #1' });
  await expect(card.getByTestId('order-hold')).toContainText('Necesita interventie');

  // Released in the shop: activated again, with a new AWB, and the shop told.
  await shopAdmin(page, `Deblocheaza expedierea comenzii ${name}`, `Expedierea comenzii ${name} a fost deblocata.`);
  await page.goto(url);
  await activateCard(page);
  await expect(page.getByText('Comanda a fost activata!')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('article', { name: 'Comanda #1' })).toHaveCount(0);
  const again = page.getByTestId('fulfilled-order').filter({ hasText: 'AWB:' });
  await expect(again).toHaveCount(1);
  const second = (await again.locator('strong').first().textContent())!.trim();
  expect(second).not.toBe(awb);
  await expect(page.getByText(messages.storeActivation.storePending)).toHaveCount(0);
});
