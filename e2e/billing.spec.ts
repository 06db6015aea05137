import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, screenshot, signIn, test, registerClient } from './support/fixtures';

async function freshClient(page: Page) {
  await registerClient(page, 'Facturare Test SRL', 'facturare', '+40722555666');
  await page.getByRole('navigation', { name: 'Navigare principala' }).getByRole('link', { name: 'Date facturare' }).click();
  await expect(page.getByRole('heading', { name: 'Date de facturare' })).toBeVisible();
}

async function chooseCounty(page: Page, county: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: 'Judet' }).click();
  await page.getByRole('option', { name: county, exact: true }).click();
}

test('a client adds a company and an individual, activates one, deletes the other, and saves contact data', async ({ page }) => {
  await freshClient(page);
  await expect(page.getByText('Nu aveti date de facturare.', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Adauga date de facturare' }).click();
  const dialog = page.getByRole('dialog');

  // Bad codes get their messages.
  await dialog.getByLabel('Denumire firma').fill('Atelier Mobila Cluj SRL');
  await dialog.getByLabel('Cod fiscal (CUI)').fill('12345678');
  await dialog.getByLabel('Nr. Registrul Comertului (optional)').fill('ABC');
  await dialog.getByRole('button', { name: 'Salveaza' }).click();
  await expect(dialog.getByText('Codul fiscal (CUI) este invalid!')).toBeVisible();
  await expect(dialog.getByText('Numarul de inregistrare la Registrul Comertului este invalid!')).toBeVisible();
  await expect(dialog.getByText('Judetul este obligatoriu!')).toBeVisible();

  await dialog.getByLabel('Cod fiscal (CUI)').fill('RO15900825');
  await dialog.getByLabel('Nr. Registrul Comertului (optional)').fill('J12/2468/2003');
  await dialog.getByLabel('Platitor de TVA').check();
  await chooseCounty(page, 'Cluj');
  await dialog.getByRole('combobox', { name: 'Localitate' }).fill('napoca');
  await page.getByRole('option', { name: 'Cluj-Napoca' }).click();
  await dialog.getByRole('combobox', { name: 'Strada' }).fill('memorand');
  await page.getByRole('option', { name: 'Strada Memorandumului' }).click();
  await dialog.getByLabel('Numar').fill('28');
  await expectAccessible(page);
  await screenshot(page, 'billing-dialog');
  await dialog.getByRole('button', { name: 'Salveaza' }).click();
  await expect(page.getByText('Datele de facturare au fost salvate cu succes!')).toBeVisible();
  const company = page.getByRole('article', { name: 'Atelier Mobila Cluj SRL' });
  await expect(company.getByText('Activ', { exact: true })).toBeVisible();
  await expect(company.getByText('Verificat')).toBeVisible();
  await expect(company.getByText('CUI 15900825', { exact: false })).toBeVisible();

  // An individual, with the address filled from its postal code.
  await page.getByRole('button', { name: 'Adauga', exact: true }).click();
  await dialog.getByLabel('Persoana fizica').check();
  await dialog.getByLabel('Nume si prenume').fill('Ion Popescu');
  await dialog.getByLabel('CNP').fill('1800101123451');
  await dialog.getByLabel('Cod postal').fill('010093');
  await expect(dialog.getByRole('combobox', { name: 'Localitate' })).toHaveValue('Sectorul 1');
  await dialog.getByLabel('Numar').fill('120');
  await dialog.getByRole('button', { name: 'Salveaza' }).click();
  await expect(dialog.getByText('CNP-ul este invalid!')).toBeVisible();
  await dialog.getByLabel('CNP').fill('1800101123450');
  await dialog.getByRole('button', { name: 'Salveaza' }).click();
  const person = page.getByRole('article', { name: 'Ion Popescu' });
  await expect(person.getByText('Verificat')).toBeVisible();
  await expect(person.getByText('Activ', { exact: true })).toHaveCount(0);

  // A company the register does not know is invalid and cannot be activated.
  await page.getByRole('button', { name: 'Adauga', exact: true }).click();
  await dialog.getByLabel('Denumire firma').fill('Firma Necunoscuta SRL');
  await dialog.getByLabel('Cod fiscal (CUI)').fill('68596620');
  await dialog.getByLabel('Cod postal').fill('117653');
  await expect(dialog.getByRole('combobox', { name: 'Localitate' })).toHaveValue('Lăzărești (Schitu Golești)');
  await dialog.getByLabel('Numar').fill('1');
  await dialog.getByRole('button', { name: 'Salveaza' }).click();
  const unknown = page.getByRole('article', { name: 'Firma Necunoscuta SRL' });
  await expect(unknown.getByText('Invalid', { exact: true })).toBeVisible();
  await expect(unknown.getByRole('button', { name: 'Activeaza' })).toBeDisabled();
  await expectAccessible(page);
  await screenshot(page, 'billing-list');

  // Activate the individual: the company stops being active and can then be deleted.
  await person.getByRole('button', { name: 'Activeaza' }).click();
  await page.getByRole('dialog', { name: 'Activare date de facturare' }).getByRole('button', { name: 'Activeaza' }).click();
  await expect(page.getByText('Datele de facturare au fost activate!')).toBeVisible();
  await expect(person.getByText('Activ', { exact: true })).toBeVisible();
  await expect(person.getByRole('button', { name: 'Sterge' })).toHaveCount(0);
  await company.getByRole('button', { name: 'Sterge' }).click();
  await page.getByRole('dialog', { name: 'Stergere date de facturare' }).getByRole('button', { name: 'Sterge' }).click();
  await expect(page.getByText('Datele de facturare au fost sterse!')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Atelier Mobila Cluj SRL' })).toHaveCount(0);

  // Contact data.
  await page.getByRole('button', { name: 'Date de contact' }).click();
  const contact = page.getByRole('dialog', { name: 'Date de contact' });
  await contact.getByRole('button', { name: 'Salveaza' }).click();
  await expect(contact.getByText('Prenumele este obligatoriu!')).toBeVisible();
  await contact.getByLabel('Prenume').fill('Maria');
  await contact.getByLabel('Nume', { exact: true }).fill('Ionescu');
  await contact.getByLabel('Telefon').fill('0744123456');
  await contact.getByRole('button', { name: 'Salveaza' }).click();
  await expect(page.getByText('Datele de contact au fost salvate cu succes!')).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Date de contact' }).click();
  await expect(page.getByRole('dialog', { name: 'Date de contact' }).getByLabel('Prenume')).toHaveValue('Maria');
});

test('with a prepaid balance the account is not settled: billing data cannot be edited or activated', async ({ page }) => {
  await signIn(page, DEMO.client);
  await page.goto('/profile/billing/data/list');
  await expect(page.getByText('datele de facturare pot fi modificate dupa decontarea contului', { exact: false })).toBeVisible();
  for (const button of await page.getByRole('button', { name: 'Modifica' }).all()) await expect(button).toBeDisabled();
  await expectAccessible(page);
});
