import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, screenshot, signIn, test } from './support/fixtures';

/*
 * The store orders list (issue 13, spec 002 section 2.2) as the demo client sees it: the demo shop's
 * orders awaiting activation (10, then up to 4 automatic fetches while the list's end is in view,
 * then 'Incarca mai multe comenzi'), the sort, the two platform tabs with their date range, the
 * selection bar, and an order opened in its dialog.
 */

const rows = (page: Page) => page.getByRole('table', { name: 'Lista comenzi' }).locator('tbody tr');

/** Scrolls to the list's end until the button shows (the automatic fetches run while the end is in view). */
async function scrollUntilLoadMore(page: Page) {
  const button = page.getByRole('button', { name: 'Incarca mai multe comenzi' });
  for (let i = 0; i < 20 && !(await button.isVisible()); i++) {
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(300);
  }
  await expect(button).toBeVisible();
}

async function shots(page: Page, name: string) {
  await screenshot(page, name);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await screenshot(page, `${name}-${width}`);
  }
  // The phone's first screen as a person sees it (a full page of 60 cards is too tall to look at).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `e2e/.artifacts/screens/${name}-390-top.png` });
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('the demo client opens the orders list from the integration page: automatic fetches then load more, sort, tabs with dates, an order in its dialog', async ({ page }) => {
  // A long walk (five shop reads, three tabs, a dialog): more than the default minute on a busy machine.
  test.setTimeout(120_000);
  await signIn(page, DEMO.client);
  await page.getByRole('navigation', { name: 'Navigare principala' }).getByRole('link', { name: 'Magazine online' }).click();
  await page.getByRole('article', { name: 'Colete Demo' }).getByRole('link', { name: 'Comenzi' }).click();
  await expect(page).toHaveURL(/\/profile\/shopify\/orders\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Lista comenzi' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'In asteptare activare', selected: true })).toBeVisible();
  // The date range is hidden on the awaiting tab.
  await expect(page.getByLabel('De la')).toHaveCount(0);

  // The first page: newest first, with the columns and the verdict chip.
  await expect(rows(page).first()).toContainText('#1096');
  expect(await rows(page).count()).toBeGreaterThanOrEqual(10);
  for (const column of ['ID', 'Data', 'Client', 'Pret', 'Tip plata', 'Status plata', 'Status comanda', 'Produse']) await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  await expect(page.getByText(/^(Necesita interventie|Gata de activare)$/).first()).toBeVisible();

  // Four automatic fetches (50 rows), then the button; it loads 10 more.
  await scrollUntilLoadMore(page);
  await expect(rows(page)).toHaveCount(50);
  await page.getByRole('button', { name: 'Incarca mai multe comenzi' }).click();
  await expect(rows(page)).toHaveCount(60);

  // Selection: the bulk bar (bulk activation itself: store-bulk.spec.ts).
  await page.getByRole('checkbox', { name: 'Selecteaza comanda #1096' }).check();
  await page.getByRole('checkbox', { name: 'Selecteaza comanda #1095' }).check();
  await expect(page.getByRole('button', { name: 'Activeaza comenzi (2 comenzi selectate)' })).toBeEnabled();
  await page.mouse.wheel(0, -20000);
  await expectAccessible(page);
  await shots(page, 'store-orders-awaiting');

  // Oldest first: a new list (the selection is cleared).
  await page.getByLabel('Ordoneaza comenzile in functie de data').click();
  await page.getByRole('option', { name: 'Crescator', exact: true }).click();
  await expect(rows(page).first()).toContainText('#1001');
  await expect(page.getByRole('button', { name: /Activeaza comenzi/ })).toHaveCount(0);

  // The platform tabs: the date range (one month back); the demo's order sent through the platform awaits its pick-up.
  await page.getByRole('tab', { name: 'Neridicate' }).click();
  await expect(page.getByLabel('De la')).toBeVisible();
  await expect(page.getByLabel('Pana la')).toBeVisible();
  // (Orders this worker's other tests activated are listed too: the demo's is one row among them.)
  await expect(rows(page).filter({ hasText: '#1089' })).toHaveCount(1);
  await shots(page, 'store-orders-not-picked-up');
  await page.getByRole('tab', { name: 'Ridicate si nelivrate' }).click();
  await expect(page.getByText('Nu exista date pentru filtrele selelectate')).toBeVisible();

  // Back on the first tab (newest first again is not assumed: the sort stays as chosen), an order in its dialog.
  await page.getByRole('tab', { name: 'In asteptare activare' }).click();
  await expect(page.getByLabel('De la')).toHaveCount(0);
  await expect(rows(page).first()).toContainText('#1001');
  await rows(page).first().getByText('#1001').click();
  const dialog = page.getByRole('dialog', { name: /Detalii comanda #1001/ });
  await expect(dialog).toBeVisible();
  await shots(page, 'store-orders-dialog');
  await dialog.getByRole('button', { name: 'Inchide' }).first().click();
  await expect(dialog).toHaveCount(0);
  await expect(rows(page).first()).toContainText('#1001');
});

test('at 390 px the list shows cards and the order opens full screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.client);
  await page.goto('/profile/integration');
  await page.getByRole('article', { name: 'Colete Demo' }).getByRole('link', { name: 'Comenzi' }).click();
  const cards = page.getByRole('list', { name: 'Lista comenzi' }).getByRole('listitem');
  await expect(cards.first()).toContainText('#1096');
  await expect(page.getByRole('button', { name: 'Incarca mai multe comenzi' })).toHaveCount(0);
  await cards.first().getByText('#1096').click();
  await expect(page.getByRole('dialog', { name: /Detalii comanda #1096/ })).toBeVisible();
  await screenshot(page, 'store-orders-phone-dialog');
});
