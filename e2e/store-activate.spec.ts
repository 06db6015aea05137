import { storeOrderPath, type TStoreOrderResponse } from '@colete/contract';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { pdfText } from '../apps/server/test/support/pdf-tools';
import { DEMO, connectedDemoStore, expect, expectAccessible, screenshot, screenshotAtWidths, signIn, test } from './support/fixtures';

/*
 * Offers, activation and the public tracking page of a store order (issue 14, spec 002 sections
 * 2.1, 4.4): the demo client changes an option and watches the countdown, saves the card for later
 * and finds it again, activates it, sees the fulfilled block with the AWB and downloads its label;
 * the public tracking page at 390 px.
 */

/** An open demo order (one card, a recipient needing no correction, no hold) that no other test uses. */
async function openOrder(page: Page, clientId: number) {
  for (let n = 1051; n < 1089; n += 1) {
    const res = await page.request.get(`/api/${storeOrderPath(clientId, `gid://shopify/Order/${n}`)}`);
    if (!res.ok()) continue;
    const { order } = (await res.json()) as TStoreOrderResponse;
    const cards = order.shippingOrders.awaitingFulfillment;
    if (cards.length === 1 && order.shippingTo.errors.length === 0 && cards[0]!.fulfillmentHolds.length === 0 && !order.cancelled) return order;
  }
  throw new Error('no open demo order');
}

test('change an option, see the countdown, save for later and reopen, activate, the fulfilled block and its label; the public tracking page', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.client);
  const clientId = await connectedDemoStore(page);
  const order = await openOrder(page, clientId);
  const url = `/profile/shopify/order/${encodeURIComponent(order.shopifyGraphQLId)}?clientId=${clientId}`;
  await page.goto(url);
  const card = page.getByRole('article', { name: 'Comanda #1' });
  await expect(card.getByRole('heading', { name: 'Lista curieri' })).toBeVisible();
  await card.getByRole('button', { name: 'Arata oferte' }).click();
  const offers = card.getByRole('radiogroup', { name: 'Oferte curieri' });
  await expect(offers).toBeVisible();
  // Nothing chosen yet: no buttons.
  await expect(card.getByRole('button', { name: 'Activeaza comanda' })).toHaveCount(0);

  // An option changed: the countdown, then the offers again.
  await card.getByLabel('Deschidere la livrare').check();
  await expect(card.getByText(/^Datele au fost modificate! Ofertele vor fi afisate in [1-3] secunde$/)).toBeVisible();
  await expect(card.getByText(/Datele au fost modificate!/)).toHaveCount(0, { timeout: 8_000 });
  await expect(offers).toBeVisible();

  // A standard offer chosen: both buttons.
  const choice = offers.locator('input[type=radio]:not([disabled])').first();
  await choice.check();
  await expect(card.getByRole('button', { name: 'Activeaza comanda' })).toBeVisible();
  await expectAccessible(page);
  await screenshotAtWidths(page, 'store-activate-offers');

  // Saved for later, and found again as saved.
  await card.getByRole('button', { name: 'Salveaza pentru activare ulterioara' }).click();
  await expect(page.getByText('Comanda a fost salvata pentru mai tarziu!')).toBeVisible();
  await page.reload();
  const reopened = page.getByRole('article', { name: 'Comanda #1' });
  await expect(reopened.getByLabel('Deschidere la livrare')).toBeChecked();
  await expect(reopened.getByRole('radiogroup', { name: 'Oferte curieri' })).toBeVisible();
  await expect(reopened.locator('input[type=radio]:checked')).toHaveCount(1);
  await expect(reopened.getByRole('button', { name: 'Activeaza comanda' })).toBeVisible();

  // Activated: the card leaves, the fulfilled block shows the AWB.
  await reopened.getByRole('button', { name: 'Activeaza comanda' }).click();
  await expect(page.getByText('Comanda a fost activata!')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('article', { name: 'Comanda #1' })).toHaveCount(0);
  const part = page.getByTestId('fulfilled-order').filter({ hasText: 'AWB:' });
  await expect(part).toBeVisible();
  const awb = (await part.locator('strong').first().textContent())!.trim();
  expect(awb).toMatch(/^[A-Z0-9-]{4,}$/);
  await expectAccessible(page);
  await screenshotAtWidths(page, 'store-activate-fulfilled');

  // The label, read back.
  const [label] = await Promise.all([page.waitForEvent('download'), part.getByRole('button', { name: /^Descarca eticheta A[46]$/ }).click()]);
  const pdf = fs.readFileSync(await label.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const [first] = await pdfText(pdf);
  expect(first).toContain(`AWB ${awb}`);

  // The public tracking page, signed out, on a phone.
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guest = await visitor.newPage();
  await guest.goto(`/tracking/${awb}`);
  await expect(guest.getByRole('heading', { name: 'Urmarire colet' })).toBeVisible();
  await expect(guest.getByText(`AWB ${awb}`)).toBeVisible();
  await expect(guest.getByText(order.shippingTo.internalAddress.address.city, { exact: true })).toBeVisible();
  await expect(guest.getByText(order.shippingTo.internalAddress.contact.name)).toHaveCount(0);
  await expect(guest.getByRole('list', { name: 'Istoric' }).getByRole('listitem').first()).toBeVisible();
  expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(guest);
  await screenshot(guest, 'public-tracking-390');
  await guest.setViewportSize({ width: 1440, height: 900 });
  await screenshot(guest, 'public-tracking-1440');
  await guest.goto('/tracking/NUEXISTA123');
  await expect(guest.getByText('Nu am gasit niciun colet cu acest AWB.')).toBeVisible();
  await visitor.close();
});
