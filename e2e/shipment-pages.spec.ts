import { LIST_FILTER_DEBOUNCE_MS, messages } from '@colete/contract';
import type { Locator, Page } from '@playwright/test';
import fs from 'node:fs';
import { DEMO, expect, expectAccessible, signIn, test } from './support/fixtures';
import { draft, newShipment } from './support/saturday';

// The new-shipment page, the details page after activation and the list (issue 16, items 6, 7, 15, 18, 24).
const m = messages.shipments;
const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** The form filled up to the offers (support/saturday.ts), with cash on delivery. */
async function fillNewShipment(page: Page) {
  const { options, couriers } = await newShipment(page);
  await options.getByLabel('Ramburs').check();
  await options.getByLabel('Valoare ramburs').fill('150');
  await expect(couriers.getByRole('heading', { name: 'Standard' })).toBeVisible();
  // The offers priced with the cash on delivery: until they arrive, those shown are the ones before it
  // (a price read then is not the one the summary shows once the new offers come).
  await expect(couriers.getByRole('progressbar', { name: 'Se actualizeaza ofertele' })).toHaveCount(0);
  return couriers;
}

/** An activated shipment made through the API (the cheapest valid standard offer); its uniqueId. */
async function activatedShipment(page: Page) {
  const offers = (await (await page.request.post('/api/shipments/offers', { data: draft(false) })).json()).offers as { serviceId: string; type: string; errors: string[] }[];
  const service = offers.find((o) => o.type === 'standard' && o.errors.length === 0);
  expect(service, 'a standard offer').toBeDefined();
  const res = await page.request.post('/api/shipments', { data: { ...draft(false), serviceId: service!.serviceId, pointId: null, requestKey: `e2e${Date.now()}`, activate: true } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { shipment: { uniqueId: string } }).shipment.uniqueId;
}

/** The prices with VAT of a group's offers, in the order shown. */
async function groupPrices(group: Locator) {
  const texts = await group.getByText(/cu TVA$/).allTextContents();
  return texts.map((t) => Number(t.replace(/[^\d,]/g, '').replace(',', '.')));
}

test('on a phone: the short address fields share rows, and the offers are one radio group, cheapest first', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.client);
  const couriers = await fillNewShipment(page);

  // Block, entrance, intercom, floor and apartment two to a row (not one 5,000 px column).
  const recipient = page.getByRole('region', { name: 'Destinatar' });
  const boxes = await Promise.all(['Numar', 'Bloc', 'Scara', 'Interfon', 'Etaj', 'Apartament'].map(async (label) => (await recipient.getByLabel(label, { exact: true }).boundingBox())!));
  const rows = new Set(boxes.map((b) => Math.round(b.y)));
  expect(rows.size, 'rows taken by number, block, entrance, intercom, floor and apartment').toBe(3);
  for (const b of boxes) expect(b.x + b.width).toBeLessThanOrEqual(390);
  await recipient.getByLabel('Numar', { exact: true }).scrollIntoViewIfNeeded();
  await shot(page, 'new-shipment-390-address');

  // Every group cheapest first; the offers are radio buttons, not checkboxes.
  for (const name of ['Standard', 'Express', 'Livrare la punct']) {
    const prices = await groupPrices(couriers.getByRole('region', { name }));
    expect(prices.length, `${name} offers`).toBeGreaterThan(0);
    expect(prices, `${name} prices in order`).toEqual([...prices].sort((a, b) => a - b));
  }
  await expect(couriers.getByRole('radiogroup', { name: 'Oferte curieri' })).toBeVisible();
  await expect(couriers.getByRole('checkbox')).toHaveCount(0);
  const standard = couriers.getByRole('region', { name: 'Standard' }).getByRole('radio');
  expect(await standard.count()).toBeGreaterThan(1);
  // The keyboard moves the one choice: the first standard offer, then the next with the arrow key.
  await standard.first().check();
  await expect(standard.first()).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(standard.nth(1)).toBeChecked();
  await expect(standard.first()).not.toBeChecked();
  await expect(couriers.getByRole('radio', { checked: true })).toHaveCount(1);
  await shot(page, 'new-shipment-390-offers');
  // The focused radio's ripple pulses as long as it has the focus: measured without it.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expectAccessible(page);
});

test('on a phone the details open at the top after activation', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.client);
  const couriers = await fillNewShipment(page);
  await couriers.getByRole('region', { name: 'Standard' }).getByRole('radio').first().check();
  // The button is at the bottom of the page: the page is scrolled down to it.
  await page.getByRole('button', { name: 'Activeaza comanda' }).click();
  await expect(page.getByTestId('awb')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Detalii comanda' })).toBeVisible();
  // The details open at the top: the AWB and its buttons are on screen.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByTestId('awb')).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Copiaza AWB-ul' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Descarca eticheta A4' })).toBeInViewport();
  await shot(page, 'details-after-activation-390');
});

test("a label the server refuses (the shipment was cancelled in another tab) shows the server's reason", async ({ page }) => {
  await signIn(page, DEMO.client);
  const uniqueId = await activatedShipment(page);
  await page.goto(`/profile/details/order/${encodeURIComponent(uniqueId)}`);
  await expect(page.getByRole('button', { name: 'Descarca eticheta A4' })).toBeVisible();
  // Cancelled meanwhile: the page still offers the label; the server answers 409 with its text.
  const cancelled = await page.request.post(`/api/shipments/${encodeURIComponent(uniqueId)}/cancel`, { data: {} });
  expect(cancelled.ok()).toBe(true);
  const label = await page.request.get(`/api/order-auth/print/${encodeURIComponent(uniqueId)}/A4`);
  expect(label.status()).toBe(409);
  await page.getByRole('button', { name: 'Descarca eticheta A4' }).click();
  await expect(page.getByText(m.labelCancelled)).toBeVisible();
  await expect(page.getByText(m.labelError)).toHaveCount(0);
  await expect(page).toHaveURL(/\/profile\/details\/order\//);
});

test('on a wide screen the offers and the summary stay in view while the form scrolls', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.client);
  const couriers = await fillNewShipment(page);
  const standard = couriers.getByRole('region', { name: 'Standard' });
  const cheapest = standard.getByRole('radio').first();
  await cheapest.check();
  const courier = (await cheapest.getAttribute('aria-label'))!;
  const [price] = await standard.getByText(/cu TVA$/).allTextContents();

  const summary = page.getByTestId('shipment-summary');
  for (const y of [0, 10_000]) {
    // Scrolled to the sender at the top, then to the options at the bottom.
    await page.evaluate((to) => window.scrollTo(0, to), y);
    await expect.poll(() => page.evaluate(() => window.scrollY > 0)).toBe(y > 0);
    await expect(couriers.getByRole('heading', { name: 'Lista curieri' })).toBeInViewport();
    await expect(summary).toBeInViewport();
    await expect(summary.getByTestId('summary-price')).toHaveText(price!);
    // '{courier} · {service}' in the summary, '{courier} {service}' as the radio's name.
    await expect.poll(async () => (await summary.getByTestId('summary-courier').textContent())?.replace(' · ', ' ')).toBe(courier);
    await expect(summary.getByTestId('summary-options')).toContainText('Ramburs 150,00 lei');
    await expect(summary.getByRole('button', { name: 'Activeaza comanda' })).toBeInViewport();
    await shot(page, `new-shipment-1440-${y ? 'bottom' : 'top'}`);
  }
  await expectAccessible(page);

  // Activated from the bottom of the form: the details open at the top.
  await summary.getByRole('button', { name: 'Activeaza comanda' }).click();
  // Buying the AWB and drawing its label takes longer than an expectation's 10 s on a busy machine.
  await expect(page.getByTestId('awb')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await shot(page, 'details-after-activation-1440');
});

test('a search typed in the list and a row clicked before the search pause stays off the details page', async ({ page }) => {
  await signIn(page, DEMO.client);
  await page.goto('/profile/orders');
  const table = page.getByRole('table', { name: 'Comenzi' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // The details page's code comes slowly: the list stays drawn past the search pause.
  await page.route('**/assets/shipment-details-page-*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 3 * LIST_FILTER_DEBOUNCE_MS));
    await route.continue();
  });
  // The page's clock stands still while the search is typed and the row clicked, so the click always
  // comes before the search pause ends, however slow the machine; then it runs past the pause.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.getByRole('search', { name: 'Filtre comenzi' }).getByLabel('Cauta').fill('zzz');
  await table.getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/profile\/details\/order\/[^/?]+$/);
  const details = page.url();
  await page.clock.runFor(3 * LIST_FILTER_DEBOUNCE_MS);
  await page.clock.resume();
  await expect(page.getByRole('heading', { name: 'Detalii comanda' })).toBeVisible();
  expect(page.url()).toBe(details);
  expect(new URL(page.url()).search).toBe('');
});
