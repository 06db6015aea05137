import { DEMO, connectedDemoStore, expect, expectAccessible, screenshotAtWidths, signIn, test, registerClient } from './support/fixtures';

/*
 * The store order page (issue 13, spec 002 section 2.1): the demo client's demo shop orders (two
 * locations, a hold, fulfilled elsewhere), the account-configuration dialog of a client without
 * billing data ('Arata pentru testare'), and an order the shop does not have.
 */


const orderUrl = (clientId: number, number: number | string) => `/profile/shopify/order/${encodeURIComponent(`gid://shopify/Order/${number}`)}?clientId=${clientId}`;


test('the demo client opens the demo shop’s orders: two warehouses, a hold, one fulfilled elsewhere; an unknown order shows the error screen', async ({ page }) => {
  await signIn(page, DEMO.client);
  const clientId = await connectedDemoStore(page);

  // #1002: products from two warehouses, one card each.
  await page.goto(orderUrl(clientId, 1002));
  await expect(page.getByRole('heading', { name: 'Detalii comanda', level: 1 })).toBeVisible();
  await expect(page.getByText('Produsele acestei comenzi se afla in mai multe depozite', { exact: false })).toBeVisible();
  await expect(page.getByText('Adresa pentru livrarea produselor')).toBeVisible();
  const first = page.getByRole('article', { name: 'Comanda #1' });
  const second = page.getByRole('article', { name: 'Comanda #2' });
  await expect(first.getByRole('heading', { name: 'Adrese de expeditie' })).toBeVisible();
  await expect(first.getByRole('heading', { name: 'Pachete comanda' })).toBeVisible();
  await expect(first.getByRole('heading', { name: 'Optiuni extra' })).toBeVisible();
  await expect(first.getByText('Depozit Bucuresti').first()).toBeVisible();
  await expect(second.getByText('Depozit Cluj').first()).toBeVisible();
  await expectAccessible(page);
  await screenshotAtWidths(page, 'store-order-two-warehouses');

  // #1004: on hold, its note as a warning.
  await page.goto(orderUrl(clientId, 1004));
  await expect(page.getByRole('article', { name: 'Comanda #1' }).getByRole('alert').filter({ hasText: 'Clientul a cerut livrarea dupa data de 15.' })).toBeVisible();
  await expect(page.getByText('mai multe depozite', { exact: false })).toHaveCount(0);
  await screenshotAtWidths(page, 'store-order-hold');

  // #1007: fulfilled elsewhere: no address card, the part with its products.
  await page.goto(orderUrl(clientId, 1007));
  const part = page.getByTestId('fulfilled-order');
  await expect(part.getByRole('heading', { name: '#1007-F1' })).toBeVisible();
  await expect(part.getByText('Comanda nu este facuta pe platforma!')).toBeVisible();
  await expect(part.getByText(/^x\d$/).first()).toBeVisible();
  await expect(page.getByText('Adresa pentru livrarea produselor')).toHaveCount(0);
  await expectAccessible(page);
  await screenshotAtWidths(page, 'store-order-fulfilled');

  // An order the shop does not have: the fetch error screen, with its retry.
  await page.goto(orderUrl(clientId, 999999));
  await expect(page.getByText('A intervenit o eroare in procesarea datelor, va rugam reincercati!')).toBeVisible();
  await expect(page.getByText('A aparut o eroare. Va rugam reincercati!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reincearca' })).toBeVisible();
  await screenshotAtWidths(page, 'store-order-error');
});

test('a client without billing data sees the account-configuration dialog, then the order for testing', async ({ page }) => {
  await registerClient(page, 'Magazin Test SRL', 'comanda', '+40722555999');
  await page.goto('/profile/integration');
  await page.getByRole('button', { name: 'Conecteaza un magazin' }).first().click();
  await page.getByRole('dialog', { name: 'Conecteaza un magazin Shopify' }).getByRole('button', { name: 'Continua in Shopify' }).click();
  await page.waitForURL(/\/sim\/shopify\/admin\/oauth\/authorize\?/);
  await page.getByRole('button', { name: 'Instaleaza aplicatia' }).click();
  await expect(page.getByText('Magazinul a fost conectat cu succes!')).toBeVisible();
  const clientId = await connectedDemoStore(page);

  await page.goto(orderUrl(clientId, 1002));
  const dialog = page.getByRole('dialog', { name: 'Configuratia contului dumneavoastra este invalida' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Nu aveti date de facturare active. Adaugati-le din pagina Date facturare.')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Vezi documentatia' }).first()).toBeVisible();
  // Clicking outside does not close it.
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await screenshotAtWidths(page, 'store-order-account-config');
  await dialog.getByRole('button', { name: 'Arata pentru testare' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Comanda #2' })).toBeVisible();
});
