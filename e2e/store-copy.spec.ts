import { expect, expectAccessible, ownServer, registerClient, screenshotAtWidths, test } from './support/fixtures';

/*
 * Issue 28 §4: the platform keeps its own copy of a connected shop's orders. A merchant connecting a
 * large shop (the simulator's 10,000-order shop) sees the awaiting tab at once, read from the shop,
 * with the copy's progress ('N din M', a bar) until it is whole; disconnecting stops it.
 */

// A server of its own: the large shop's copy is made beside this test only (its sync reads thousands of orders).
ownServer({ E2E_SERVER: 'store-copy' });

test('a merchant connects a large shop: the awaiting tab shows its orders and the copy’s progress', async ({ page }) => {
  test.setTimeout(120_000);
  await registerClient(page, 'Magazin Mare SRL', 'magazin-mare', '+40722555889');
  await page.getByRole('navigation', { name: 'Navigare principala' }).getByRole('link', { name: 'Magazine online' }).click();

  await page.getByRole('button', { name: 'Conecteaza un magazin' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Conecteaza un magazin Shopify' });
  await dialog.getByLabel('Adresa magazinului').fill('bench-10k');
  await dialog.getByRole('button', { name: 'Continua in Shopify' }).click();
  await page.waitForURL(/\/sim\/shopify\/admin\/oauth\/authorize\?/);
  await page.getByRole('button', { name: 'Instaleaza aplicatia' }).click();
  await page.waitForURL(/\/profile\/integration$/);
  const store = page.getByRole('article', { name: 'Bench 10k' });
  await expect(store.getByText('bench-10k.myshopify.com')).toBeVisible();

  await page.goto((await store.getByRole('link', { name: 'Comenzi' }).getAttribute('href'))!);
  await expect(page.getByRole('heading', { name: 'Lista comenzi' })).toBeVisible();
  // The shop's newest orders, read from the shop while the copy is made.
  const rows = page.getByRole('table', { name: 'Lista comenzi' }).locator('tbody tr');
  await expect(rows.first()).toContainText('#11000', { timeout: 30_000 });
  const progress = page.getByTestId('store-copy-progress');
  await expect(progress).toContainText(/Copiem comenzile magazinului pe platforma: \d+ (din \d+|pana acum)\./);
  await expect(progress).toContainText('Pana la final, lista se citeste direct din magazin si poate raspunde mai greu.');
  await expect(progress.getByRole('progressbar', { name: 'Copierea comenzilor magazinului' })).toBeVisible();
  // The count comes from the shop (its orders left to fulfil); the copied part grows.
  await expect(progress).toContainText(/din \d{3,}\./, { timeout: 60_000 });
  await expectAccessible(page);
  await screenshotAtWidths(page, 'store-copy-progress');

  // Disconnected: the copy stops (and is erased: no other account uses the shop).
  await page.goto('/profile/integration');
  await store.getByRole('button', { name: 'Deconecteaza' }).click();
  await page.getByRole('dialog', { name: 'Deconectare magazin' }).getByRole('button', { name: 'Deconecteaza' }).click();
  await expect(store.getByText('Deconectat', { exact: true })).toBeVisible();
});
