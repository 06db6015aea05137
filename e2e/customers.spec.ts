import { messages } from '@colete/contract';
import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, screenshotAtWidths, signIn, test, registerClient } from './support/fixtures';

/*
 * The customer book (issue 27): a company added by its CUI through the register's look-up, a file
 * imported with two bad rows (each refused with its reason, the rest added), the search with and
 * without diacritics, a shipment started from the row menu, and the customer's page.
 */

const m = messages.customers;

/** A fresh client, so each test starts with an empty book. */
async function freshClient(page: Page) {
  await registerClient(page, 'Clienti Test SRL', 'clienti', '+40722555666');
  await page.getByRole('navigation', { name: 'Navigare principala' }).getByRole('link', { name: 'Clienti' }).click();
  await expect(page.getByRole('heading', { name: 'Lista clienti', level: 1 })).toBeVisible();
}

const CSV = [
  'Tip,Nume,Tara,Telefon,Email,CUI/CNP,Judet,Localitate,Cod postal,Strada,Numar,Detalii',
  'Persoana fizica,Ștefan Popescu,RO,0745123987,stefan@example.ro,,B,Sectorul 1,010093,Calea Victoriei,120,',
  'Firma,Exemplu Distributie SRL,RO,0722123456,,RO15900825,CJ,Cluj-Napoca,400114,Memorandumului,28,',
  'Firma,Cifra Gresita SRL,RO,,,RO14399841,,,,,,',
  'Persoana fizica,Telefon Gresit,RO,123,,,,,,,,',
  'Persoana fizica,Ana Marin,RO,0733000111,,,,,,,,',
].join('\n');

async function importFile(page: Page) {
  await page.getByRole('button', { name: 'Importa clienti' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importa clienti' });
  await dialog.getByLabel('Fisier cu clienti').setInputFiles({ name: 'clienti.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await expect(dialog.getByTestId('import-summary')).toHaveText('Se adauga: 3. Refuzate: 2.');
  return dialog;
}

test('a company is added by its CUI: the register fills its name and address; bad values say why', async ({ page }) => {
  await freshClient(page);
  await expect(page.getByText(m.empty)).toBeVisible();
  await expectAccessible(page);
  await screenshotAtWidths(page, 'customers-empty');

  await page.getByRole('button', { name: 'Adauga client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adauga client' });
  // Nothing typed: the name is required; a wrong check digit is refused by the look-up and by the save.
  await dialog.getByRole('button', { name: 'Salveaza' }).click();
  await expect(dialog.getByText(m.nameRequired)).toBeVisible();
  await dialog.getByLabel('CUI (optional)').fill('RO14399841');
  await dialog.getByRole('button', { name: 'Salveaza' }).click();
  await expect(dialog.getByText(m.cuiInvalid)).toBeVisible();
  await dialog.getByLabel('Telefon (optional)').fill('123');
  await dialog.getByRole('button', { name: 'Salveaza' }).click();
  await expect(dialog.getByText(m.phoneInvalid)).toBeVisible();
  await dialog.getByLabel('Telefon (optional)').fill('0722123456');

  await dialog.getByLabel('CUI (optional)').fill('RO14399840');
  await dialog.getByRole('button', { name: 'Cauta dupa CUI' }).click();
  await expect(dialog.getByLabel('Denumire firma')).toHaveValue('Demo Logistic SRL');
  await expect(dialog.getByLabel('Cod postal')).toHaveValue('400114');
  await expect(dialog.getByRole('combobox', { name: 'Localitate' })).toHaveValue(/Cluj-Napoca/);
  await expectAccessible(page);
  await screenshotAtWidths(page, 'customers-add-dialog');
  await dialog.getByRole('button', { name: 'Salveaza' }).click();
  await expect(page.getByText(m.saved)).toBeVisible();
  const row = page.getByTestId('customer-row').filter({ hasText: 'Demo Logistic SRL' });
  await expect(row).toContainText('RO14399840');
  await expect(row).toContainText('Nicio expeditie');

  // The same company again: refused beside the name (409).
  await page.getByRole('button', { name: 'Adauga client' }).click();
  const again = page.getByRole('dialog', { name: 'Adauga client' });
  await again.getByLabel('CUI (optional)').fill('14399840');
  await again.getByLabel('Denumire firma').fill('Alt Nume SRL');
  const answer = page.waitForResponse((r) => r.url().includes('/api/user/customer') && r.request().method() === 'POST');
  await again.getByRole('button', { name: 'Salveaza' }).click();
  expect((await answer).status()).toBe(409);
  await expect(again.getByText(m.duplicate)).toBeVisible();
  await again.getByRole('button', { name: 'Renunta' }).click();

  // Its page, then delete with a confirmation.
  await row.getByRole('link', { name: 'Demo Logistic SRL' }).click();
  await expect(page.getByRole('heading', { name: 'Demo Logistic SRL', level: 1 })).toBeVisible();
  await expect(page.getByText('Nicio expeditie catre acest client.')).toBeVisible();
  await expect(page.getByText('Nicio factura trimisa acestui client.')).toBeVisible();
  await expectAccessible(page);
  await screenshotAtWidths(page, 'customer-page');
  await page.getByRole('button', { name: 'Lista clienti' }).or(page.getByRole('link', { name: 'Lista clienti' })).first().click();
  await page.getByRole('button', { name: 'Actiuni pentru Demo Logistic SRL' }).click();
  await page.getByRole('menuitem', { name: 'Sterge' }).click();
  await expect(page.getByRole('dialog', { name: 'Stergere client' })).toContainText('Demo Logistic SRL');
  await page.getByRole('dialog', { name: 'Stergere client' }).getByRole('button', { name: 'Sterge' }).click();
  await expect(page.getByText(m.deleted)).toBeVisible();
  await expect(page.getByText(m.empty)).toBeVisible();
});

test('an import with two bad rows: each refused with its reason, the rest added; found with and without diacritics; a shipment from the row menu', async ({ page }) => {
  await freshClient(page);
  const dialog = await importFile(page);
  const rows = dialog.getByTestId('import-row');
  await expect(rows).toHaveCount(5);
  await expect(rows.filter({ hasText: 'Cifra Gresita SRL' })).toContainText(m.cuiInvalid);
  await expect(rows.filter({ hasText: 'Telefon Gresit' })).toContainText(m.phoneInvalid);
  await expect(rows.filter({ hasText: 'Se adauga' })).toHaveCount(3);
  await expectAccessible(page);
  await screenshotAtWidths(page, 'customers-import-preview');
  await dialog.getByRole('button', { name: 'Adauga 3 clienti' }).click();
  await expect(page.getByText(m.imported(3))).toBeVisible();
  await expect(page.getByTestId('customer-row')).toHaveCount(3);
  await expectAccessible(page);
  await screenshotAtWidths(page, 'customers-list');

  // The search follows the box after 500 ms, without case or diacritics.
  const search = page.getByLabel('Cauta client dupa nume');
  for (const text of ['Stefan', 'ștefan', 'POP']) {
    await search.fill(text);
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text)}`));
    await expect(page.getByTestId('customer-row')).toHaveCount(1);
    await expect(page.getByTestId('customer-row')).toContainText('Ștefan Popescu');
  }
  await search.fill('nimeni');
  await expect(page.getByText(m.noMatch)).toBeVisible();
  await search.fill('stef');
  await expect(page.getByTestId('customer-row')).toHaveCount(1);

  // The row menu: a new shipment with the customer as its recipient.
  await page.getByRole('button', { name: 'Actiuni pentru Ștefan Popescu' }).click();
  await page.getByRole('menuitem', { name: 'Expeditie noua catre client' }).click();
  await expect(page).toHaveURL(/\/profile\/orders\/new\?customer=\d+/);
  const recipient = page.getByRole('region', { name: 'Destinatar' });
  await expect(recipient.getByLabel('Persoana de contact')).toHaveValue('Ștefan Popescu');
  await expect(recipient.getByLabel('Telefon', { exact: true })).toHaveValue('+40745123987');
  await expect(recipient.getByLabel('Cod postal')).toHaveValue('010093');
  await expect(recipient.getByRole('combobox', { name: 'Localitate' })).toHaveValue(/Sectorul 1/);
});

test('the list says when it cannot be loaded, with a retry', async ({ page }) => {
  await freshClient(page);
  await page.route('**/api/user/customer/list*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'x' }) }));
  await page.reload();
  await expect(page.getByText('Lista clientilor nu a putut fi incarcata.')).toBeVisible();
  await page.unroute('**/api/user/customer/list*');
  await page.getByRole('button', { name: messages.common.retry }).click();
  await expect(page.getByText(m.empty)).toBeVisible();
});

test("the demo client's book: 'Trimite factura' from the row menu fills the invoice's customer, and the form's picker searches the book", async ({ page }) => {
  await signIn(page, DEMO.client);
  await page.goto('/profile/customers');
  await expect(page.getByRole('heading', { name: 'Lista clienti', level: 1 })).toBeVisible();
  // The demo's own customers beside the recipients its shipments brought in.
  await expect(page.getByTestId('customer-row').first()).toBeVisible();
  await screenshotAtWidths(page, 'customers-demo');
  await page.getByLabel('Cauta client dupa nume').fill('transport rap');
  await expect(page.getByTestId('customer-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'Actiuni pentru Transport Rapid SA' }).click();
  await page.getByRole('menuitem', { name: 'Trimite factura' }).click();
  await expect(page).toHaveURL(/system-invoices\/send\?customer=\d+/);
  const customer = page.getByRole('region', { name: 'Client' });
  await expect(customer.getByLabel('Denumire client', { exact: true })).toHaveValue('Transport Rapid SA');
  await expect(customer.getByLabel('CUI / cod TVA', { exact: true })).toHaveValue('RO4221306');
  await expect(customer.getByLabel('Cod postal', { exact: true })).toHaveValue('010093');

  const picker = customer.getByRole('combobox', { name: 'Alege din lista de clienti' });
  await picker.fill('stefan');
  await page.getByRole('option', { name: /Ștefan Popescu/ }).click();
  await expect(customer.getByLabel('Nume si prenume', { exact: true })).toHaveValue('Ștefan Popescu');
  await expect(customer.getByLabel('Cod postal', { exact: true })).toHaveValue('300024');
  await expectAccessible(page);
});
