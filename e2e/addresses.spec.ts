import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, screenshot, signIn, test, registerClient } from './support/fixtures';

/** A fresh client, so each test starts with an empty address book. */
async function freshClient(page: Page) {
  await registerClient(page, 'Adrese Test SRL', 'adrese', '+40722555666');
  await page.getByRole('navigation', { name: 'Navigare principala' }).getByRole('link', { name: 'Adrese' }).click();
  await expect(page.getByRole('heading', { name: 'Adrese', level: 1 })).toBeVisible();
}

async function fillContact(page: Page, name: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nume adresa').fill(name);
  await dialog.getByLabel('Persoana de contact').fill('Maria Pop');
  await dialog.getByLabel('Telefon', { exact: true }).fill('0722123456');
}

async function chooseCounty(page: Page, county: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: 'Judet' }).click();
  await page.getByRole('option', { name: county, exact: true }).click();
}

test('a client adds a Cluj-Napoca address by county, city and street: the postal code fills itself', async ({ page }) => {
  await freshClient(page);
  await expect(page.getByText('Nu aveti nicio adresa salvata.')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'addresses-empty');

  await page.getByRole('button', { name: 'Adauga adresa' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Adauga adresa' })).toBeVisible();
  await fillContact(page, 'Depozit Cluj');
  await chooseCounty(page, 'Cluj');
  await dialog.getByRole('combobox', { name: 'Localitate' }).fill('napoca');
  await page.getByRole('option', { name: 'Cluj-Napoca' }).click();
  await dialog.getByRole('combobox', { name: 'Strada' }).fill('memorand');
  await page.getByRole('option', { name: 'Strada Memorandumului' }).click();
  await expect(dialog.getByLabel('Cod postal')).toHaveValue('400114');
  await dialog.getByLabel('Numar').fill('28');
  await dialog.getByLabel('Apartament').fill('4');
  await expectAccessible(page);
  await screenshot(page, 'address-dialog-filled');
  await dialog.getByRole('button', { name: 'Salveaza adresa' }).click();

  await expect(page.getByText('Adresa a fost salvata cu succes!')).toBeVisible();
  const card = page.getByRole('article', { name: 'Depozit Cluj' });
  await expect(card.getByText('Strada Memorandumului, Nr. 28, Ap. 4')).toBeVisible();
  await expect(card.getByText('400114 Cluj-Napoca, jud. Cluj')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('article', { name: 'Depozit Cluj' })).toBeVisible();
});

test('typing a postal code fills county, city (a Bucharest sector) and the first street', async ({ page }) => {
  await freshClient(page);
  await page.getByRole('button', { name: 'Adauga adresa' }).click();
  const dialog = page.getByRole('dialog');
  await fillContact(page, 'Birou Bucuresti');
  await dialog.getByLabel('Cod postal').fill('010093');
  await expect(dialog.getByRole('combobox', { name: 'Judet' })).toHaveValue('București');
  await expect(dialog.getByRole('combobox', { name: 'Localitate' })).toHaveValue('Sectorul 1');
  await expect(dialog.getByRole('combobox', { name: 'Strada' })).toHaveValue('Calea Victoriei');
  await dialog.getByLabel('Numar').fill('120');
  await dialog.getByRole('button', { name: 'Salveaza adresa' }).click();
  await expect(page.getByRole('article', { name: 'Birou Bucuresti' }).getByText('010093 Sectorul 1, jud. București')).toBeVisible();
});

test('Iasi and Enter picks Iași in the county and the city fields (exact before prefix, diacritics ignored)', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await freshClient(page);
  await page.getByRole('button', { name: 'Adauga adresa' }).click();
  const dialog = page.getByRole('dialog');
  const county = dialog.getByRole('combobox', { name: 'Judet' });
  await county.click();
  await county.pressSequentially('Iasi');
  await county.press('Enter');
  await expect(county).toHaveValue('Iași');
  const city = dialog.getByRole('combobox', { name: 'Localitate' });
  await city.click();
  await city.pressSequentially('Iasi');
  await city.press('Enter');
  await expect(city).toHaveValue('Iași');
  // Iași has street-level codes: the code waits for the street.
  await expect(dialog.getByRole('combobox', { name: 'Strada' })).toBeVisible();
  await screenshot(page, 'address-iasi-enter');

  // 'Bucu' in Bucharest lists its sectors.
  await county.fill('');
  await county.pressSequentially('bucu');
  await county.press('Enter');
  await expect(county).toHaveValue('București');
  await city.click();
  await city.pressSequentially('Bucu');
  for (const n of [1, 2, 3, 4, 5, 6]) await expect(page.getByRole('option', { name: `Sectorul ${n}` })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'address-bucu-sectors-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('option', { name: 'Sectorul 6' })).toBeVisible();
  await screenshot(page, 'address-bucu-sectors-390');
});

test('a postal code of several streets leaves the street to choose among them', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await freshClient(page);
  await page.getByRole('button', { name: 'Adauga adresa' }).click();
  const dialog = page.getByRole('dialog');
  await fillContact(page, 'Depozit Cluj');
  await dialog.getByLabel('Cod postal').fill('400350');
  await expect(dialog.getByRole('combobox', { name: 'Judet' })).toHaveValue('Cluj');
  await expect(dialog.getByRole('combobox', { name: 'Localitate' })).toHaveValue('Cluj-Napoca');
  const street = dialog.getByRole('combobox', { name: 'Strada' });
  await expect(street).toHaveValue('');
  await expect(dialog.getByText('Codul postal 400350 cuprinde mai multe strazi. Alegeti strada din lista.')).toBeVisible();
  await screenshot(page, 'address-postal-code-streets-hint-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await dialog.getByLabel('Numar').scrollIntoViewIfNeeded();
  await screenshot(page, 'address-postal-code-streets-hint-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  await street.click();
  const options = page.getByRole('option');
  await expect(options).toHaveText(['Strada Armoniei', 'Strada Frunzișului', 'Strada Melodiei']);
  await expectAccessible(page);
  await screenshot(page, 'address-postal-code-streets-1440');
  await page.getByRole('option', { name: 'Strada Melodiei' }).click();
  await expect(street).toHaveValue('Strada Melodiei');
  await expect(dialog.getByLabel('Cod postal')).toHaveValue('400350');
  await dialog.getByLabel('Numar').fill('3');
  await dialog.getByRole('button', { name: 'Salveaza adresa' }).click();
  await expect(page.getByRole('article', { name: 'Depozit Cluj' }).getByText('Strada Melodiei, Nr. 3')).toBeVisible();
});

test('a village: choosing it fills its own postal code; changing the county clears the city', async ({ page }) => {
  await freshClient(page);
  await page.getByRole('button', { name: 'Adauga adresa' }).click();
  const dialog = page.getByRole('dialog');
  await fillContact(page, 'Atelier');
  await chooseCounty(page, 'Argeș');
  await dialog.getByRole('combobox', { name: 'Localitate' }).fill('lazaresti');
  await page.getByRole('option', { name: 'Lăzărești (Schitu Golești)' }).click();
  await expect(dialog.getByLabel('Cod postal')).toHaveValue('117653');

  await chooseCounty(page, 'Alba');
  await expect(dialog.getByRole('combobox', { name: 'Localitate' })).toHaveValue('');
  await expect(dialog.getByLabel('Cod postal')).toHaveValue('');
  await chooseCounty(page, 'Argeș');
  await dialog.getByRole('combobox', { name: 'Localitate' }).fill('lazaresti');
  await page.getByRole('option', { name: 'Lăzărești (Moșoaia)' }).click();
  await expect(dialog.getByLabel('Cod postal')).toHaveValue('117511');
  await dialog.getByLabel('Strada', { exact: true }).fill('Strada Principala');
  await dialog.getByLabel('Numar').fill('7');
  await dialog.getByRole('button', { name: 'Salveaza adresa' }).click();
  await expect(page.getByRole('article', { name: 'Atelier' }).getByText('117511 Lăzărești, jud. Argeș')).toBeVisible();
});

test('wrong values show the form’s messages and nothing is saved', async ({ page }) => {
  await freshClient(page);
  await page.getByRole('button', { name: 'Adauga adresa' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Salveaza adresa' }).click();
  await expect(dialog.getByText('Judetul este obligatoriu!')).toBeVisible();
  await expect(dialog.getByText('Localitatea este obligatorie!')).toBeVisible();
  await expect(dialog.getByText('Codul postal este obligatoriu!')).toBeVisible();
  await expect(dialog.getByText('Numele adresei este obligatoriu!')).toBeVisible();

  await dialog.getByLabel('Telefon', { exact: true }).fill('07221');
  await dialog.getByLabel('Cod postal').fill('999999');
  await expect(dialog.getByText('Cod postal invalid!')).toBeVisible();

  await chooseCounty(page, 'Cluj');
  await dialog.getByRole('combobox', { name: 'Localitate' }).fill('Orasul Inexistent');
  await dialog.getByLabel('Numar').click();
  await expect(dialog.getByText('Localitate invalida!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Salveaza adresa' }).click();
  await expect(dialog.getByText('Campul este invalid!')).toBeVisible();
  // Saving keeps the city's own message: the text was not chosen from the list.
  await expect(dialog.getByText('Localitate invalida!')).toBeVisible();
  await expect(dialog.getByText('Localitatea este obligatorie!')).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'address-dialog-errors');
  await dialog.getByRole('button', { name: 'Renunta' }).click();
  await expect(page.getByText('Nu aveti nicio adresa salvata.')).toBeVisible();
});

test('the demo client edits and deletes entries; the pick-up point address is locked', async ({ page }) => {
  await signIn(page, DEMO.client);
  await page.goto('/profile/addresses');
  const locked = page.getByRole('article', { name: 'Depozit Cluj' });
  await expect(locked.getByText('Punct de ridicare')).toBeVisible();
  await expect(locked.getByRole('button', { name: 'Modifica adresa Depozit Cluj' })).toBeDisabled();
  await expect(locked.getByRole('button', { name: 'Sterge adresa Depozit Cluj' })).toBeDisabled();
  await expectAccessible(page);
  await screenshot(page, 'addresses-demo');

  // Search without diacritics.
  await page.getByLabel('Cautare in agenda').fill('timisoara');
  await expect(page).toHaveURL(/search=timisoara/);
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByRole('button', { name: 'Modifica adresa Magazin Timisoara' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('combobox', { name: 'Localitate' })).toHaveValue('Timișoara');
  await dialog.getByLabel('Nume adresa').fill('Magazin Timisoara Centru');
  await dialog.getByRole('button', { name: 'Salveaza adresa' }).click();
  await expect(page.getByText('Adresa a fost modificata cu succes!')).toBeVisible();
  await page.getByLabel('Cautare in agenda').fill('');
  await expect(page.getByRole('article', { name: 'Magazin Timisoara Centru' })).toBeVisible();

  // A postal code typed by hand is kept, even on a street with several codes.
  await page.getByRole('button', { name: 'Modifica adresa Birou Bucuresti' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Strada' })).toHaveValue('Calea Victoriei');
  await dialog.getByLabel('Cod postal').fill('010091');
  await expect(dialog.getByRole('combobox', { name: 'Strada' })).toHaveValue('Calea Victoriei');
  await dialog.getByLabel('Numar').fill('98');
  await expect(dialog.getByLabel('Cod postal')).toHaveValue('010091');
  await dialog.getByRole('button', { name: 'Salveaza adresa' }).click();
  await expect(page.getByRole('article', { name: 'Birou Bucuresti' }).getByText('010091 Sectorul 1, jud. București')).toBeVisible();

  await page.getByRole('button', { name: 'Sterge adresa Atelier Lazaresti' }).click();
  await expect(page.getByRole('dialog', { name: 'Stergere adresa' })).toBeVisible();
  await page.getByRole('button', { name: 'Sterge', exact: true }).click();
  await expect(page.getByText('Adresa a fost stearsa cu succes!')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Atelier Lazaresti' })).toHaveCount(0);
});

test('the city list loads the next 50 localities when scrolled past half', async ({ page }) => {
  await freshClient(page);
  await page.getByRole('button', { name: 'Adauga adresa' }).click();
  await chooseCounty(page, 'Suceava');
  await page.getByRole('dialog').getByRole('combobox', { name: 'Localitate' }).fill('b');
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByRole('option')).toHaveCount(50);
  await listbox.evaluate((el) => {
    el.scrollTop = el.scrollHeight * 0.6;
    el.dispatchEvent(new Event('scroll'));
  });
  await expect.poll(() => listbox.getByRole('option').count()).toBeGreaterThan(50);
});
