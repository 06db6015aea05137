import { messages, storeOrderPath, type TStoreOrderResponse } from '@colete/contract';
import fs from 'node:fs';
import { pdfText } from '../apps/server/test/support/pdf-tools';
import { DEMO, connectedDemoStore, expect, expectAccessible, screenshotAtWidths, signIn, test } from './support/fixtures';

/*
 * A demo shop order sent through the platform (issue 13; the demo seed with the store simulator):
 * #1089's fulfilled part shows its platform shipment (status, parties, courier, AWB with copy and
 * tracking, the label), and the orders list's 'Neridicate' tab lists it.
 */

const ORDER = 'gid://shopify/Order/1089';



test('the demo order sent through the platform: its fulfilled part with the shipment, the AWB copied and tracked, the label; listed as not picked up', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, DEMO.client);
  const clientId = await connectedDemoStore(page);
  const detail = ((await (await page.request.get(`/api/${storeOrderPath(clientId, ORDER)}`)).json()) as TStoreOrderResponse).order;
  const internal = detail.shippingOrders.fulfilled[0]!.internalOrder!;
  const awb = internal.awb.main!;

  await page.goto(`/profile/shopify/order/${encodeURIComponent(ORDER)}?clientId=${clientId}`);
  const part = page.getByTestId('fulfilled-order');
  await expect(part.getByRole('heading', { name: '#1089-F1' })).toBeVisible();
  await expect(part.getByText(internal.status.text, { exact: true })).toBeVisible();
  await expect(part.getByText('De la:')).toBeVisible();
  await expect(part.getByText(`${internal.addresses.from.contactName} / Cluj-Napoca`)).toBeVisible();
  await expect(part.getByText('Pana la:')).toBeVisible();
  await expect(part.getByText('Ioana Dumitru / Iași')).toBeVisible();
  await expect(part.getByText(internal.forwarder.name, { exact: false })).toBeVisible();
  await expect(part.getByText(awb, { exact: true })).toBeVisible();
  await expect(page.getByText('Adresa pentru livrarea produselor')).toHaveCount(0);
  await expect(part.getByText('Comanda nu este facuta pe platforma!')).toHaveCount(0);
  await expectAccessible(page);
  await screenshotAtWidths(page, 'store-fulfilled-order');

  // The AWB copied.
  await part.getByRole('button', { name: 'Copiaza AWB-ul' }).click();
  await expect(page.getByText('AWB-ul a fost copiat cu success!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(awb);

  // Tracking.
  await part.getByRole('button', { name: 'Urmareste comanda' }).click();
  const tracking = page.getByRole('dialog', { name: 'Urmarire comanda' });
  await expect(tracking.getByText(`AWB ${awb}`, { exact: false })).toBeVisible();
  await expectAccessible(page);
  await screenshotAtWidths(page, 'store-fulfilled-tracking');
  await tracking.getByRole('button', { name: 'Inchide' }).click();
  await expect(tracking).toHaveCount(0);

  // The label: the AWB and the recipient on it.
  const [label] = await Promise.all([page.waitForEvent('download'), part.getByRole('button', { name: 'Descarca eticheta A4' }).click()]);
  const pdf = fs.readFileSync(await label.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const [first] = await pdfText(pdf);
  for (const t of [`AWB ${awb}`, 'Ioana Dumitru']) expect(first).toContain(t);
  await part.getByRole('button', { name: 'Alte formate de eticheta' }).click();
  await expect(page.getByRole('menuitem', { name: 'Descarca eticheta A6' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(messages.shipments.awbCopied).toBe('AWB-ul a fost copiat cu success!');

  // The list: not on the awaiting tab, listed on 'Neridicate' with its shipment's status.
  await page.goto(`/profile/shopify/orders/${clientId}`);
  await expect(page.getByRole('table', { name: 'Lista comenzi' }).locator('tbody tr').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Neridicate' }).click();
  const row = page.getByRole('table', { name: 'Lista comenzi' }).locator('tbody tr').filter({ hasText: '#1089' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Ioana Dumitru');
  await expect(row).toContainText(internal.status.text);
  await expectAccessible(page);
  await screenshotAtWidths(page, 'store-fulfilled-list');
});

test('the merchant cancels an order in the simulated shop’s admin: the order page says so', async ({ page }) => {
  await signIn(page, DEMO.client);
  const clientId = await connectedDemoStore(page);
  await page.goto('/sim/shopify/admin/orders?shop=colete-demo.myshopify.com');
  await expect(page.getByRole('heading', { name: 'Comenzi' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Ultimele comenzi' }).getByRole('row')).toHaveCount(26);
  await screenshotAtWidths(page, 'sim-admin-orders');
  // #1073: an open order no other test relies on.
  await page.getByRole('button', { name: 'Anuleaza comanda #1073' }).click();
  await expect(page.getByRole('status')).toHaveText('Comanda #1073 a fost anulata.');
  await expect(page.getByRole('button', { name: 'Anuleaza comanda #1073' })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: '#1073' })).toContainText('Anulata');

  await page.goto(`/profile/shopify/order/${encodeURIComponent('gid://shopify/Order/1073')}?clientId=${clientId}`);
  await expect(page.getByText('Comanda a fost anulata in magazin.')).toBeVisible();
});
