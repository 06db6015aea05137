import type { Page } from '@playwright/test';
import { expect, expectAccessible, registerClient, screenshotAtWidths, test } from './support/fixtures';


async function freshClient(page: Page) {
  await registerClient(page, 'Magazin Online SRL', 'magazin');
  await page.getByRole('navigation', { name: 'Navigare principala' }).getByRole('link', { name: 'Magazine online' }).click();
  await expect(page.getByRole('heading', { name: 'Magazine online' })).toBeVisible();
}

/** 'Conecteaza un magazin', the demo shop pre-filled, on to the simulator's consent page. */
async function openConsent(page: Page) {
  await page.getByRole('button', { name: 'Conecteaza un magazin' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Conecteaza un magazin Shopify' });
  await expect(dialog.getByLabel('Adresa magazinului')).toHaveValue('colete-demo.myshopify.com');
  await dialog.getByRole('button', { name: 'Continua in Shopify' }).click();
  await page.waitForURL(/\/sim\/shopify\/admin\/oauth\/authorize\?/);
  await expect(page.getByRole('heading', { name: 'Instalati aplicatia Colete Online?' })).toBeVisible();
  await expect(page.getByText('Magazin de test: simulator Shopify')).toBeVisible();
  await expect(page.getByText('colete-demo.myshopify.com')).toBeVisible();
}

test('a merchant connects the demo shop through its consent page (refusing once), sees it listed, disconnects it; an uninstall in the shop shows', async ({ page }) => {
  // Two consent round trips (refused, then granted), the disconnect and the uninstall: longer than one walk's 60 s.
  test.setTimeout(180_000);
  await freshClient(page);
  await expect(page.getByText('Nu aveti niciun magazin conectat.')).toBeVisible();
  await expectAccessible(page);
  await screenshotAtWidths(page, 'store-empty');

  // Refused on the consent page: back on the list, nothing connected.
  await openConsent(page);
  await expectAccessible(page);
  await screenshotAtWidths(page, 'store-consent');
  await page.getByRole('button', { name: 'Anuleaza' }).click();
  await page.waitForURL(/\/profile\/integration$/);
  // Said on the page, not only in a passing message: the store was not connected, and why.
  const notice = page.getByRole('alert').filter({ hasText: 'Magazinul nu a fost conectat.' });
  await expect(notice).toBeVisible();
  await expect(notice.getByText('Conectarea magazinului a fost anulata: aplicatia nu a fost instalata. Nu s-a modificat nimic.')).toBeVisible();
  await expect(page.getByText('Nu aveti niciun magazin conectat.')).toBeVisible();
  await notice.getByRole('button', { name: 'Inchide' }).click();
  await expect(notice).toBeHidden();

  // The shop sends the browser back with an error and no code (as an OAuth server may, unsigned): the same notice.
  await openConsent(page);
  const state = new URL(page.url()).searchParams.get('state')!;
  await page.goto(`/api/user/integration/shopify/callback?error=access_denied&state=${encodeURIComponent(state)}&shop=colete-demo.myshopify.com`);
  await page.waitForURL(/\/profile\/integration$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Magazinul nu a fost conectat.' })).toBeVisible();
  await expect(page.getByText('Nu aveti niciun magazin conectat.')).toBeVisible();

  // Approved: the store is listed, connected today.
  await openConsent(page);
  await page.getByRole('button', { name: 'Instaleaza aplicatia' }).click();
  await page.waitForURL(/\/profile\/integration$/);
  await expect(page.getByText('Magazinul a fost conectat cu succes!')).toBeVisible();
  const store = page.getByRole('article', { name: 'Colete Demo' });
  await expect(store.getByText('colete-demo.myshopify.com')).toBeVisible();
  await expect(store.getByText('Conectat', { exact: true })).toBeVisible();
  const today = new Intl.DateTimeFormat('ro-RO', { timeZone: 'Europe/Bucharest', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
  await expect(store.getByText(`Conectat din ${today}`)).toBeVisible();
  await expectAccessible(page);
  await screenshotAtWidths(page, 'store-list');

  // Disconnect, after the confirmation.
  await store.getByRole('button', { name: 'Deconecteaza' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deconectare magazin' });
  await expect(confirm.getByText('Deconectati magazinul Colete Demo (colete-demo.myshopify.com)?', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await screenshotAtWidths(page, 'store-disconnect-confirm');
  await confirm.getByRole('button', { name: 'Deconecteaza' }).click();
  await expect(page.getByText('Magazinul a fost deconectat!')).toBeVisible();
  await expect(store.getByText('Deconectat', { exact: true })).toBeVisible();
  await expect(store.getByText(`Deconectat pe ${today}`)).toBeVisible();

  // Connected again from its row; then the merchant uninstalls the app in the shop, which tells the platform.
  await store.getByRole('button', { name: 'Reconecteaza' }).click();
  await page.waitForURL(/\/sim\/shopify\/admin\/oauth\/authorize\?/);
  await page.getByRole('button', { name: 'Instaleaza aplicatia' }).click();
  await expect(store.getByText('Conectat', { exact: true })).toBeVisible();
  await store.getByRole('link', { name: 'Aplicatiile magazinului (simulator)' }).click();
  await page.getByRole('button', { name: 'Dezinstaleaza Colete Online' }).click();
  await expect(page.getByText('Aplicatia Colete Online a fost dezinstalata.')).toBeVisible();
  await page.goto('/profile/integration');
  await expect(store.getByText(`Aplicatia a fost dezinstalata din magazin pe ${today}`)).toBeVisible();
  await expect(store.getByText('Deconectat', { exact: true })).toBeVisible();
  await screenshotAtWidths(page, 'store-uninstalled');
});
