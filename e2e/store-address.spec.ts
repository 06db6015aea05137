import type { Page } from '@playwright/test';
import { storeOrderPagePath, type TStoreAccountsResponse } from '@colete/contract';
import { DEMO, expect, expectAccessible, screenshotAtWidths, signIn, test } from './support/fixtures';


/** The demo client's connected demo shop (the seed connects it). */
async function demoStore(page: Page) {
  const answer = (await (await page.request.get('/api/user/integration/shopify/accounts')).json()) as TStoreAccountsResponse;
  const store = answer.list.find((s) => s.shop === 'colete-demo.myshopify.com');
  if (!store) throw new Error('the demo shop is not connected');
  return store.clientId;
}

/*
 * Order #1019 of the demo shop goes to Vlad Georgescu, 'Strada Lungă 150', Brașov, with Timisoara's
 * postal code 300001: the server keeps Brașov (the city typed) and offers Timișoara (the postal
 * code's) as the alternative.
 */
test('the delivery address card: a Brasov address with Timisoara postal code is corrected, a suggestion clears the error, an invalid postal code is refused', async ({ page }) => {
  await signIn(page, DEMO.client);
  const clientId = await demoStore(page);
  await page.goto(storeOrderPagePath(clientId, 'gid://shopify/Order/1019'));

  const card = page.getByRole('region', { name: 'Adresa pentru livrarea produselor' });
  await expect(card).toBeVisible({ timeout: 15_000 });
  // The shop's address, read-only: what the buyer typed.
  const shop = card.getByRole('definition');
  await expect(shop.filter({ hasText: 'Vlad' })).toBeVisible();
  await expect(shop.filter({ hasText: '300001' })).toBeVisible();
  await expect(shop.filter({ hasText: 'Strada Lungă 150' })).toBeVisible();
  await expect(card.getByLabel('Persoana de contact')).toHaveValue('Vlad Georgescu');

  // The conflict is highlighted: the alert with its suggestions, the fields in red.
  const conflict = card.getByTestId('correction-CITY_COUNTY_POSTAL_CODE_COMBINATION_ERROR');
  await expect(conflict).toContainText('Judetul, localitatea si codul postal nu se potrivesc. Alegeti varianta corecta:');
  await expect(conflict.getByRole('button', { name: /Timișoara/ })).toBeVisible();
  const applied = conflict.getByRole('button', { name: /Brașov.*\(aplicat\)/ });
  await expect(applied).toBeVisible();
  await expect(card.getByText('Verificati judetul, localitatea si codul postal')).toBeVisible();
  await expect(card.getByLabel('Localitate')).toHaveValue('Brașov');
  await expectAccessible(page);
  await screenshotAtWidths(page, 'store-address-conflict');

  // The applied suggestion is confirmed: the error and its highlight are gone.
  await applied.click();
  await expect(conflict).toBeHidden();
  await expect(card.getByText('Verificati judetul, localitatea si codul postal')).toBeHidden();
  await expect(card.getByLabel('Localitate')).toHaveValue('Brașov');
  const postalCode = card.getByLabel('Cod postal');
  await expect(postalCode).toHaveValue(/^\d{6}$/);
  const code = await postalCode.inputValue();

  // A postal code that does not exist is refused; the right one is taken back.
  await postalCode.fill('999999');
  await expect(card.getByText('Cod postal invalid!')).toBeVisible();
  await screenshotAtWidths(page, 'store-address-invalid-code');
  await postalCode.fill(code);
  await expect(card.getByText('Cod postal invalid!')).toBeHidden();
  await expect(card.getByLabel('Localitate')).toHaveValue('Brașov');

  // The contact: the name is required, a phone the server refuses is invalid.
  const name = card.getByLabel('Persoana de contact');
  await name.fill('');
  await expect(card.getByText('Numele persoanei de contact este obligatoriu!')).toBeVisible();
  await name.fill('Vlad Georgescu');
  const phone = card.getByLabel('Telefon');
  await phone.fill('+401');
  await expect(card.getByText('Campul este invalid!')).toBeVisible();
  await phone.fill('+40722111007');
  await expect(card.getByText('Campul este invalid!')).toBeHidden();
});

/*
 * Order #1009 goes to 'Targu Mures' (no diacritics): corrected, listed in the notice. Order #1026
 * goes to 'Strada Avram Iancu' in Sibiu without a number: the number is highlighted until typed.
 */
test('the delivery address card lists what the system corrected and highlights a missing street number until it is typed', async ({ page }) => {
  await signIn(page, DEMO.client);
  const clientId = await demoStore(page);
  await page.goto(storeOrderPagePath(clientId, 'gid://shopify/Order/1009'));
  const card = page.getByRole('region', { name: 'Adresa pentru livrarea produselor' });
  const corrected = card.getByTestId('address-corrected');
  await expect(corrected).toContainText('Am corectat adresa din magazin:', { timeout: 15_000 });
  await expect(corrected.getByRole('listitem').filter({ hasText: 'Localitatea a fost corectata in Târgu Mureș.' })).toBeVisible();
  await expect(card.getByLabel('Localitate')).toHaveValue('Târgu Mureș');

  await page.goto(storeOrderPagePath(clientId, 'gid://shopify/Order/1026'));
  const missing = card.getByTestId('correction-NUMBER_ERROR');
  await expect(missing).toContainText('Completati numarul strazii: lipseste sau nu exista pe strada aleasa.', { timeout: 15_000 });
  const number = card.getByLabel('Numar');
  await expect(number).toHaveValue('');
  await expect(card.getByText('Campul este obligatoriu!')).toBeVisible();
  await number.fill('5');
  await expect(missing).toBeHidden();
  await expect(card.getByText('Campul este obligatoriu!')).toBeHidden();
  await screenshotAtWidths(page, 'store-address-number');
});
