import type { Page } from '@playwright/test';
import { storeOrderPagePath, storeOrderPath, type TStoreAccountsResponse, type TStoreOrderResponse } from '@colete/contract';
import { DEMO, expect, expectAccessible, ownServer, screenshotAtWidths, signIn, test } from './support/fixtures';

/*
 * The order page's saved senders and product dimensions (issue 13), as client@demo.ro on the demo
 * shop: 'Schimba adresa' through 'Alege o adresa' with the association saved (the next order of that
 * location arrives pre-filled), then removed; a product's dimensions saved and seen on another order.
 */

// A server of its own: the store test's uninstall of the demo shop disconnects the demo client's store in its worker's database.
ownServer({ STORE: 'simulator' });


const gid = (n: number) => `gid://shopify/Order/${n}`;

/** The demo store's account id and, through the API, the awaiting cards of a few orders. */
async function demoStore(page: Page) {
  const accounts = (await (await page.request.get('/api/user/integration/shopify/accounts')).json()) as TStoreAccountsResponse;
  const clientId = accounts.list.find((a) => a.shop === 'colete-demo.myshopify.com')!.clientId;
  const cards = async (n: number) => ((await (await page.request.get(`/api/${storeOrderPath(clientId, gid(n))}`)).json()) as TStoreOrderResponse).order.shippingOrders.awaitingFulfillment;
  return { clientId, cards };
}

async function openOrder(page: Page, clientId: number, n: number) {
  await page.goto(storeOrderPagePath(clientId, gid(n)));
  const testing = page.getByRole('button', { name: 'Arata pentru testare' });
  const card = page.getByTestId('awaiting-order').first();
  await expect(card.or(testing)).toBeVisible({ timeout: 20_000 });
  if (await testing.isVisible()) await testing.click();
  await expect(card).toBeVisible();
  return card;
}

test('the sender chosen and saved for a location pre-fills that location’s next order; the association is removed again', async ({ page }) => {
  await signIn(page, DEMO.client);
  const { clientId, cards } = await demoStore(page);
  const location = (await cards(1001))[0]!.fromLocation.shopifyAddress.location.id;
  let next = 0;
  for (const n of [1003, 1006, 1009, 1011, 1013]) {
    if ((await cards(n)).some((fo) => fo.fromLocation.shopifyAddress.location.id === location)) {
      next = n;
      break;
    }
  }
  expect(next, 'another open order of the same location').toBeGreaterThan(0);

  let card = await openOrder(page, clientId, 1001);
  const pickup = card.getByTestId('pickup-address');
  await pickup.getByRole('button', { name: 'Schimba adresa' }).click();
  let dialog = page.getByRole('dialog', { name: 'Alege o adresa' });
  await expect(dialog.getByRole('link', { name: 'Adauga o adresa noua' })).toHaveAttribute('href', '/profile/addresses');
  await expect(dialog.getByRole('button', { name: 'Sterge asociere adresa' })).toHaveCount(0);

  // A typed text that is not an entry of the list is refused.
  const search = dialog.getByLabel('Cautare in agenda');
  await search.fill('nicaieri');
  await dialog.getByRole('button', { name: 'Alege' }).click();
  await expect(dialog.getByText('Va rugam sa alegeti o adresa din lista fara a modifica valoarea acesteia!')).toBeVisible();

  // The search looks through the whole address text, in any case and without diacritics ('Revoluției').
  await search.fill('REVOLUTIEI 1989');
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.getByRole('option', { name: /Magazin Timisoara/ }).click();
  await dialog.getByLabel('Salveaza asocierea si pentru comenzile viitoare').check();
  await screenshotAtWidths(page, 'store-sender-picker');
  await dialog.getByRole('button', { name: 'Alege' }).click();
  await expect(page.getByText('Adresa a fost salvata cu succes!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(pickup.getByText('Andrei Szabo · Demo Logistic SRL')).toBeVisible();
  await expect(pickup.getByText('Asociere salvata pentru aceasta locatie')).toBeVisible();
  await screenshotAtWidths(page, 'store-sender-saved');
  await expectAccessible(page);

  // The next order of the same location arrives with the saved sender.
  card = await openOrder(page, clientId, next);
  const nextCard = page.getByTestId('awaiting-order').filter({ has: page.getByText('Asociere salvata pentru aceasta locatie') });
  await expect(nextCard.getByTestId('pickup-address').getByText('Andrei Szabo · Demo Logistic SRL')).toBeVisible();

  // Chosen for this order only: the card changes, nothing is saved.
  await nextCard.getByRole('button', { name: 'Schimba adresa' }).click();
  dialog = page.getByRole('dialog', { name: 'Alege o adresa' });
  await expect(dialog.getByLabel('Cautare in agenda')).toHaveValue(/^Magazin Timisoara - /);
  await dialog.getByLabel('Cautare in agenda').fill('birou');
  await page.getByRole('option', { name: /Birou Bucuresti/ }).click();
  await dialog.getByRole('button', { name: 'Alege' }).click();
  await expect(page.getByText('Adresa a fost actualizata cu succes!')).toBeVisible();
  const localCard = page.getByTestId('awaiting-order').filter({ has: page.getByText('Aleasa doar pentru aceasta comanda') });
  await expect(localCard.getByText('Elena Ionescu · Demo Logistic SRL')).toBeVisible();

  // 'Sterge asociere adresa': the location goes back to its default sender.
  await localCard.getByRole('button', { name: 'Schimba adresa' }).click();
  await page.getByRole('dialog', { name: 'Alege o adresa' }).getByRole('button', { name: 'Sterge asociere adresa' }).click();
  await expect(page.getByText('Asocierea adresei a fost stearsa!')).toBeVisible();
  await openOrder(page, clientId, 1001);
  await expect(page.getByText('Asociere salvata pentru aceasta locatie')).toHaveCount(0);
});

test('dimensions saved for a product show on another order with that product; bad sizes are refused; for one order only; deleted', async ({ page }) => {
  await signIn(page, DEMO.client);
  const { clientId, cards } = await demoStore(page);
  const [first] = await cards(1001);
  // A product without saved sizes (the demo seed saved some).
  const variantId = first!.lineItems.find((l) => l.variantId && first!.products[l.variantId] && !first!.products[l.variantId]!.productMutation)!.variantId!;
  const name = first!.products[variantId]!.name;
  let other = 0;
  for (let n = 1002; n < 1040 && !other; n++) {
    if ((await cards(n)).some((fo) => !!fo.products[variantId])) other = n;
  }
  expect(other, 'another open order with the same product').toBeGreaterThan(0);

  await openOrder(page, clientId, 1001);
  const row = page.getByRole('row', { name: new RegExp(name) }).first();
  await row.getByRole('button', { name: `Actiuni ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Adauga dimensiuni' }).click();
  let dialog = page.getByRole('dialog', { name: 'Adauga dimensiuni produs' });
  await expect(dialog.getByLabel('Salveaza dimensiuni produs')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Sterge dimensiuni' })).toHaveCount(0);

  // 0 and an empty side are refused with the rule's messages; nothing is sent.
  await dialog.getByLabel('Latime').fill('0');
  await dialog.getByLabel('Inaltime').fill('10');
  await dialog.getByRole('button', { name: 'Modifica' }).click();
  await expect(dialog.getByText('Latimea minima este 1 cm!')).toBeVisible();
  await expect(dialog.getByText('Lungimea este obligatorie!')).toBeVisible();
  await screenshotAtWidths(page, 'store-product-dimensions');

  await dialog.getByLabel('Latime').fill('20');
  await dialog.getByLabel('Lungime').fill('30,5');
  await dialog.getByRole('button', { name: 'Modifica' }).click();
  await expect(page.getByText('Dimensiunile produsului au fost salvate cu succes!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell', { name: '20 cm' })).toBeVisible();
  await expect(row.getByRole('cell', { name: '30,5 cm' })).toBeVisible();
  await screenshotAtWidths(page, 'store-product-table');
  await expectAccessible(page);

  // Another order with the same product arrives with them.
  await openOrder(page, clientId, other);
  const otherRow = page.getByRole('row', { name: new RegExp(name) }).first();
  await expect(otherRow.getByRole('cell', { name: '30,5 cm' })).toBeVisible();
  await otherRow.getByRole('button', { name: `Actiuni ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Modifica dimensiuni' }).click();
  dialog = page.getByRole('dialog', { name: 'Modifica dimensiuni produs' });
  await expect(dialog.getByLabel('Latime')).toHaveValue('20');

  // For this order only: the checkbox unticked, the table changes, the saved ones stay.
  await dialog.getByLabel('Salveaza dimensiuni produs').uncheck();
  await dialog.getByLabel('Latime').fill('25');
  await dialog.getByRole('button', { name: 'Modifica' }).click();
  await expect(otherRow.getByRole('cell', { name: '25 cm' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(name) }).first().getByRole('cell', { name: '20 cm' })).toBeVisible();

  // 'Sterge dimensiuni'.
  await page.getByRole('row', { name: new RegExp(name) }).first().getByRole('button', { name: `Actiuni ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Modifica dimensiuni' }).click();
  await page.getByRole('dialog', { name: 'Modifica dimensiuni produs' }).getByRole('button', { name: 'Sterge dimensiuni' }).click();
  await expect(page.getByText('Dimensiunile produsului au fost sterse!')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) }).first().getByRole('cell', { name: '20 cm' })).toHaveCount(0);
});
