import type { Page } from '@playwright/test';
import { storeOrderPagePath, storeOrderPath, type TStoreOrderResponse } from '@colete/contract';
import { DEMO, expect, expectAccessible, screenshotAtWidths, signIn, test } from './support/fixtures';


/** A demo order with one awaiting fulfillment order that another warehouse can take: its id, where it is, where it can go. */
async function movableOrder(page: Page, clientId: number) {
  for (let n = 1096; n > 1000; n -= 1) {
    const orderId = `gid://shopify/Order/${n}`;
    const res = await page.request.get(`/api/${storeOrderPath(clientId, orderId)}`);
    if (!res.ok()) continue;
    const awaiting = ((await res.json()) as TStoreOrderResponse).order.shippingOrders.awaitingFulfillment;
    const fo = awaiting.length === 1 ? awaiting[0]! : null;
    const target = fo?.fromLocation.possibleLocationsForMove.find((l) => l.movable);
    if (fo && target && fo.status === 'OPEN') return { orderId, name: `#${n}`, from: fo.fromLocation.shopifyAddress.name, to: target.name };
  }
  throw new Error('no demo order can move');
}

test('a merchant moves a demo order’s products to the other warehouse: the card shows the new location', async ({ page }) => {
  await signIn(page, DEMO.client);
  const accounts = (await (await page.request.get('/api/user/integration/shopify/accounts')).json()) as { list: { clientId: number; shop: string }[] };
  const clientId = accounts.list.find((a) => a.shop === 'colete-demo.myshopify.com')!.clientId;
  const order = await movableOrder(page, clientId);

  await page.goto(storeOrderPagePath(clientId, order.orderId));
  const card = page.getByTestId('awaiting-order');
  await expect(card.getByText(order.from, { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Optiuni comanda' }).click();
  await page.getByRole('menuitem', { name: 'Muta produsele intr-un alt depozit' }).click();

  const dialog = page.getByRole('dialog', { name: 'Alegeti o locatie' });
  await expect(dialog.getByRole('button', { name: 'Muta' })).toBeDisabled();
  await expect(dialog.getByRole('radio', { name: /Magazin Iasi/ })).toBeDisabled();
  await expect(dialog.getByText('Locatia nu livreaza comenzi online.')).toBeVisible();
  await expect(dialog.getByRole('radio', { name: new RegExp(order.from) })).toHaveCount(0);
  await dialog.getByRole('radio', { name: new RegExp(order.to) }).check();
  await expectAccessible(page);
  await screenshotAtWidths(page, 'store-move-dialog');

  await dialog.getByRole('button', { name: 'Muta' }).click();
  await expect(page.getByText('Produsele au fost mutate cu success!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(order.to, { exact: true })).toBeVisible();
  await expect(card.getByText(order.from, { exact: true })).toBeHidden();
  await screenshotAtWidths(page, 'store-move-done');
});
