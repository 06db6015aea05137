import { messages } from '@colete/contract';
import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, screenshot, signIn, test } from './support/fixtures';

/*
 * The dashboard (issue 27): where a client lands after signing in. Every figure links to the page
 * where it is dealt with; each tile loads on its own, so one failing call leaves the others; the
 * charts have a text table each and fit a phone; an admin without a client sees the platform's.
 */

const T = messages.dashboard;
const heading = (page: Page) => page.getByRole('heading', { name: T.title, level: 1, exact: true });
const tile = (page: Page, title: string) => page.getByRole('region', { name: title });

/** Every tile has answered (no skeleton left) and the charts are drawn. */
async function settled(page: Page) {
  await expect(heading(page)).toBeVisible();
  await expect(page.getByRole('status', { name: /se incarca/ })).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('[data-testid^="chart-"] svg').first()).toBeVisible({ timeout: 30_000 });
}

test('a client lands on the dashboard and every figure leads to its page (1440 px)', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.client, { landing: 'dashboard' });
  await expect(page).toHaveURL(/\/profile\/dashboard$/);
  await settled(page);
  for (const title of [T.money.title, T.attention.title, T.repayments.title, T.store.title, T.einvoice.title, T.charts.shipments, T.charts.cod, T.charts.spending]) {
    await expect(tile(page, title)).toBeVisible();
  }
  // Each chart's text equivalent: its data as a table (30 days, 12 months) for screen readers.
  await expect(page.getByRole('table', { name: new RegExp(`^${T.charts.shipments}`) }).getByRole('row')).toHaveCount(31);
  await expect(page.getByRole('table', { name: new RegExp(`^${T.charts.cod}`) }).getByRole('row')).toHaveCount(31);
  await expect(page.getByRole('table', { name: new RegExp(`^${T.charts.spending}`) }).getByRole('row')).toHaveCount(13);
  await expectAccessible(page);
  await screenshot(page, 'dashboard-1440');

  // Every link of the tiles, clicked through: its page opens (its address, its heading), then back.
  const links = page.getByRole('main').getByRole('link');
  const targets = await links.evaluateAll((els) => els.map((a) => ({ name: a.textContent!.trim(), href: a.getAttribute('href')! })));
  expect(targets.length).toBeGreaterThanOrEqual(10);
  for (const { name, href } of targets) {
    await page.getByRole('main').getByRole('link', { name, exact: true }).first().click();
    await expect(page, `${name} leads to ${href}`).toHaveURL((url) => url.pathname + url.search === href || url.pathname === href.split('?')[0]);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(heading(page)).toHaveCount(0);
    await page.goBack();
    await expect(heading(page)).toBeVisible();
  }
});

test('at 390 px the dashboard fits the phone, charts included', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.client, { landing: 'dashboard' });
  await settled(page);
  await expect(page.locator('[data-testid="chart-spending"] svg').first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  for (const chart of ['chart-shipments', 'chart-cod', 'chart-spending']) {
    const box = (await page.getByTestId(chart).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await expectAccessible(page);
  await screenshot(page, 'dashboard-390');
});

test('a failing tile shows its own error and retry; the other tiles keep their figures', async ({ page }) => {
  await page.route('**/api/user/dashboard/repayments*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: messages.common.serverError }) }));
  await page.route('**/api/user/dashboard/charts/cod*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: messages.common.serverError }) }));
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.client, { landing: 'dashboard' });
  const failed = tile(page, T.repayments.title);
  await expect(failed.getByRole('alert')).toContainText(T.tileError, { timeout: 30_000 });
  await expect(tile(page, T.charts.cod).getByRole('alert')).toContainText(T.tileError);
  // The others answered as usual.
  await expect(tile(page, T.money.title).getByRole('link', { name: T.money.balance })).toBeVisible();
  await expect(tile(page, T.attention.title).getByRole('link', { name: T.attention.refused })).toBeVisible();
  await expect(page.getByRole('table', { name: new RegExp(`^${T.charts.shipments}`) })).toHaveCount(1);
  await expectAccessible(page);
  await screenshot(page, 'dashboard-tile-error-1440');

  // The source is back: the tile's retry brings its figures.
  await page.unroute('**/api/user/dashboard/repayments*');
  await failed.getByRole('button', { name: T.retry }).click();
  await expect(failed.getByRole('link', { name: T.repayments.next, exact: true })).toBeVisible();
  await expect(failed.getByRole('alert')).toHaveCount(0);
});

test('an admin sees the platform without a client, and the chosen client’s dashboard with one', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.admin, { landing: 'dashboard' });
  await expect(page).toHaveURL(/\/profile\/dashboard$/);
  const platform = tile(page, T.platformTitle);
  await expect(platform.getByRole('link', { name: T.platform.clients, exact: true })).toBeVisible();
  await expect(platform.getByRole('link', { name: T.platform.flagged })).toHaveAttribute('href', '/profile/admin/reconciliation');
  await expectAccessible(page);
  await screenshot(page, 'dashboard-platform-1440');

  await page.getByRole('combobox', { name: 'Client selectat' }).fill('client@demo');
  await page.getByRole('option', { name: 'Demo Logistic SRL (client@demo.ro)' }).click();
  await expect(heading(page)).toBeVisible();
  await expect(tile(page, T.money.title).getByRole('link', { name: T.money.balance })).toBeVisible();
  await settled(page);
  await screenshot(page, 'dashboard-admin-client-1440');
});
