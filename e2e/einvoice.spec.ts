import type { Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, screenshotAtWidths, test, registerClient } from './support/fixtures';

/** A new client on the billing list (settled: no money yet, so entries can be activated). */
async function freshClient(page: Page, company: string) {
  await registerClient(page, company, 'efactura', '+40722555777');
  await page.getByRole('navigation', { name: 'Navigare principala' }).getByRole('link', { name: 'Date facturare' }).click();
  await expect(page.getByRole('heading', { name: 'Date de facturare' })).toBeVisible();
}

/** Adds billing data through the dialog, the address filled from a Bucharest postal code. */
async function addEntry(page: Page, entry: { company: boolean; name: string; code: string }) {
  await page.getByRole('button', { name: 'Adauga', exact: true }).click();
  const dialog = page.getByRole('dialog');
  if (!entry.company) await dialog.getByLabel('Persoana fizica').check();
  await dialog.getByLabel(entry.company ? 'Denumire firma' : 'Nume si prenume').fill(entry.name);
  await dialog.getByLabel(entry.company ? 'Cod fiscal (CUI)' : 'CNP').fill(entry.code);
  await dialog.getByLabel('Cod postal').fill('010093');
  await expect(dialog.getByRole('combobox', { name: 'Localitate' })).toHaveValue('Sectorul 1');
  await dialog.getByLabel('Numar').fill('120');
  await dialog.getByRole('button', { name: 'Salveaza' }).click();
  await expect(page.getByText('Datele de facturare au fost salvate cu succes!')).toBeVisible();
  return page.getByRole('article', { name: entry.name });
}

/** From the card's button through the confirmation to the simulator's consent page. */
async function openConsent(page: Page, card: ReturnType<Page['getByRole']>, name: string) {
  await card.getByRole('button', { name: 'Conecteaza la e-Factura' }).click();
  const confirm = page.getByRole('dialog', { name: 'Conectare la e-Factura' });
  await expect(confirm.getByText(`„${name}”`, { exact: false })).toBeVisible();
  await expect(confirm.getByText('Veti fi redirectionat catre pagina ANAF', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'einvoice-confirm');
  await confirm.getByRole('button', { name: 'Continua catre ANAF' }).click();
  await page.waitForURL(/\/sim\/efactura\/authorize\?/);
  await expect(page.getByRole('heading', { name: 'Autorizare acces e-Factura' })).toBeVisible();
  await expect(page.getByText('Mediu de test: simulator')).toBeVisible();
}

test('a client connects a verified company to e-Factura through the consent page; a connected entry cannot be deleted', async ({ page }) => {
  await freshClient(page, 'Transport Rapid SA');
  const company = await addEntry(page, { company: true, name: 'Transport Rapid SA', code: '4221306' });
  // The first entry is the active one, verified by the register.
  await expect(company.getByText('Activ', { exact: true })).toBeVisible();
  await expect(company.getByText('Verificat')).toBeVisible();

  await openConsent(page, company, 'Transport Rapid SA');
  await expectAccessible(page);
  await screenshot(page, 'einvoice-consent');
  // Authorising needs a certificate.
  await page.getByRole('button', { name: 'Autorizeaza accesul' }).click();
  await expect(page.getByRole('alert')).toHaveText('Alegeti certificatul digital cu care autorizati accesul.');
  await expectAccessible(page);
  await page.getByLabel('Ion Popescu, reprezentant Transport Rapid SA (CUI 4221306)', { exact: false }).check();
  await page.getByRole('button', { name: 'Autorizeaza accesul' }).click();

  // Back on the list: the success message once, the query cleared, the entry connected.
  await page.waitForURL(/\/profile\/billing\/data\/list$/);
  await expect(page.getByText('Firma a fost conectata la sistemul e-Factura!')).toBeVisible();
  await expect(company.getByText('Conectat', { exact: true })).toBeVisible();
  await expect(company.getByRole('button', { name: 'Conecteaza la e-Factura' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'einvoice-connected');
  await page.reload();
  await expect(company.getByText('Conectat', { exact: true })).toBeVisible();

  // An individual becomes the active entry: the company is no longer active, but connected, so it stays.
  const person = await addEntry(page, { company: false, name: 'Ion Popescu', code: '1800101123450' });
  await expect(person.getByRole('button', { name: 'Conecteaza la e-Factura' })).toHaveCount(0);
  await person.getByRole('button', { name: 'Activeaza' }).click();
  await page.getByRole('dialog', { name: 'Activare date de facturare' }).getByRole('button', { name: 'Activeaza' }).click();
  await expect(page.getByText('Datele de facturare au fost activate!')).toBeVisible();
  await expect(company.getByText('Activ', { exact: true })).toHaveCount(0);
  await expect(company.getByText('Conectat', { exact: true })).toBeVisible();
  await expect(company.getByRole('button', { name: 'Sterge' })).toHaveCount(0);

  // The server refuses the delete too.
  const entries = (await (await page.request.get('/api/user/billing/data')).json()) as { list: { fiscalSubaccountNumber: number; entityData: { name: string } }[] };
  const id = entries.list.find((e) => e.entityData.name === 'Transport Rapid SA')!.fiscalSubaccountNumber;
  const refused = await page.request.delete(`/api/user/billing/data/${id}`);
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toBe('Datele de facturare active sau conectate la sistemul de facturare electronica nu pot fi sterse!');
  await page.reload();
  await expect(company.getByText('Conectat', { exact: true })).toBeVisible();
});

test('refusing consent on the e-Factura page shows the error and connects nothing (on a phone)', async ({ page }) => {
  await freshClient(page, 'Exemplu Comert SRL');
  await page.setViewportSize({ width: 390, height: 844 });
  const company = await addEntry(page, { company: true, name: 'Exemplu Comert SRL', code: '12345674' });
  await expect(company.getByText('Verificat')).toBeVisible();

  await openConsent(page, company, 'Exemplu Comert SRL');
  await screenshot(page, 'einvoice-consent-mobile');
  await page.getByRole('button', { name: 'Refuza' }).click();

  await page.waitForURL(/\/profile\/billing\/data\/list$/);
  await expect(page.getByText('Conectarea la e-Factura a fost anulata: accesul nu a fost autorizat in pagina ANAF. Nu s-a modificat nimic.')).toBeVisible();
  await expect(company.getByText('Conectat', { exact: true })).toHaveCount(0);
  await expect(company.getByRole('button', { name: 'Conecteaza la e-Factura' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'einvoice-refused');

  // Coming back with a spent or forged answer is a failure, shown in plain words.
  await page.goto('/api/user/invoicing-system/connect/callback?code=forged&state=forged');
  await page.waitForURL(/\/profile\/billing\/data\/list$/);
  await expect(page.getByText('A aparut o eroare la conectarea firmei la sistemul de facturare. Va rugam reincercati', { exact: false })).toBeVisible();
  await expect(company.getByText('Conectat', { exact: true })).toHaveCount(0);
});

test("'Management firme': a connected company active for a year, its connection renewed, then deleted after typing CONFIRM", async ({ page }) => {
  test.setTimeout(120_000);
  await freshClient(page, 'Transport Rapid SA');
  const company = await addEntry(page, { company: true, name: 'Transport Rapid SA', code: '4221306' });
  await openConsent(page, company, 'Transport Rapid SA');
  await page.getByLabel('Ion Popescu, reprezentant Transport Rapid SA (CUI 4221306)', { exact: false }).check();
  await page.getByRole('button', { name: 'Autorizeaza accesul' }).click();
  await page.waitForURL(/\/profile\/billing\/data\/list$/);

  // From the received invoices' company card to the companies.
  await page.goto('/profile/invoicing-system');
  await page.getByRole('link', { name: 'Management firme' }).click();
  await expect(page).toHaveURL(/\/profile\/invoicing-system\/companies\/list$/);
  const card = page.getByRole('list', { name: 'Firme conectate' }).getByRole('listitem', { name: 'Transport Rapid SA' });
  await expect(card.getByText('CUI 4221306')).toBeVisible();
  const yearOn = new Date(Date.now() + 365 * 86_400_000);
  const until = new Intl.DateTimeFormat('ro-RO', { timeZone: 'Europe/Bucharest', day: '2-digit', month: '2-digit', year: 'numeric' }).format(yearOn);
  await expect(card.getByText(`Activ pana la ${until}`)).toBeVisible();
  await expectAccessible(page);
  await screenshotAtWidths(page, 'einvoice-companies');

  await card.getByRole('button', { name: 'Actualizeaza conexiune' }).click();
  await page.getByRole('dialog', { name: 'Actualizeaza conexiunea' }).getByRole('button', { name: 'Actualizeaza' }).click();
  await expect(page.getByText('Conexiunea a fost actualizata.')).toBeVisible();

  // Deleting asks for the word typed; a wrong one keeps the button off.
  await card.getByRole('button', { name: 'Sterge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sterge firma' });
  await expect(dialog.getByRole('button', { name: 'Sterge' })).toBeDisabled();
  await dialog.getByLabel('Scrieti CONFIRM').fill('confirm');
  await expect(dialog.getByRole('button', { name: 'Sterge' })).toBeDisabled();
  await dialog.getByLabel('Scrieti CONFIRM').fill('CONFIRM');
  await dialog.getByRole('button', { name: 'Sterge' }).click();
  await expect(page.getByText('Firma a fost stearsa cu succes!')).toBeVisible();
  await expect(page.getByText('Nicio firma nu este conectata la sistemul e-Factura.')).toBeVisible();
  // 'Adauga o firma noua': the connect page with its dialog, the deleted company offered again.
  await page.getByRole('link', { name: 'Adauga o firma noua' }).click();
  await expect(page).toHaveURL(/\/profile\/invoicing-system\/connect\?adauga=1$/);
  const connect = page.getByRole('dialog', { name: 'Alegeti firma pe care o conectati' });
  await expect(connect.getByRole('radio', { name: /Transport Rapid SA/ })).toBeChecked();
});

test('e-Factura with no company connected: the intro page, billing data first, the connect dialog, back on the invoices; a second company and \'Alegeti firma\'', async ({ page }) => {
  test.setTimeout(150_000);
  await freshClient(page, 'Transport Rapid SA');
  // No billing data: the section opens on its intro page, which asks for billing data first.
  await page.getByRole('navigation', { name: 'Navigare principala' }).getByRole('link', { name: 'e-Factura' }).click();
  await expect(page).toHaveURL(/\/profile\/invoicing-system\/connect$/);
  await expect(page.getByRole('heading', { name: 'Conectare e-Factura' })).toBeVisible();
  await expect(page.getByText('Accesul este gratuit si ramane gratuit pentru clientii serviciului de curierat Colete Online.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Conecteaza-ma la e-Factura' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshotAtWidths(page, 'einvoice-connect-intro');
  await page.getByRole('link', { name: 'Adauga date facturare' }).click();
  await expect(page).toHaveURL(/\/profile\/billing\/data\/list$/);
  await addEntry(page, { company: true, name: 'Transport Rapid SA', code: '4221306' });

  // The intro page's dialog: the company with its CUI and address (its trade register when it has one).
  await page.goto('/profile/invoicing-system');
  await expect(page).toHaveURL(/\/profile\/invoicing-system\/connect$/);
  await page.getByRole('button', { name: 'Conecteaza-ma la e-Factura' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alegeti firma pe care o conectati' });
  const option = dialog.getByRole('radio', { name: /Transport Rapid SA/ });
  await expect(option).toBeChecked();
  await expect(dialog).toContainText('CUI 4221306 · Calea Victoriei, Nr. 120 · 010093 Sectorul 1, jud. București');
  // The -1 entry offers to add a company instead.
  await dialog.getByRole('radio', { name: 'Adauga o firma noua' }).check();
  await expect(dialog.getByRole('link', { name: 'Adauga o firma noua' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Conecteaza-te' })).toHaveCount(0);
  await option.check();
  await expectAccessible(page);
  await screenshotAtWidths(page, 'einvoice-connect-dialog');
  await dialog.getByRole('button', { name: 'Conecteaza-te' }).click();
  await page.waitForURL(/\/sim\/efactura\/authorize\?/);
  await page.getByLabel('Ion Popescu, reprezentant Transport Rapid SA (CUI 4221306)', { exact: false }).check();
  await page.getByRole('button', { name: 'Autorizeaza accesul' }).click();

  // Back on e-Factura's invoices, not on the billing list.
  await page.waitForURL(/\/profile\/invoicing-system\/system-invoices\/received\/list/);
  await expect(page.getByText('Firma a fost conectata la sistemul e-Factura!')).toBeVisible();
  const card = page.getByRole('heading', { name: 'Transport Rapid SA' });
  await expect(card).toBeVisible();
  // One company: nothing to change to.
  await expect(page.getByRole('button', { name: 'Schimba firma' })).toHaveCount(0);

  // A second company, through 'Management firme' > 'Adauga o firma noua' (the billing list's add dialog first).
  await page.getByRole('link', { name: 'Management firme' }).click();
  await page.getByRole('link', { name: 'Adauga o firma noua' }).click();
  const again = page.getByRole('dialog', { name: 'Alegeti firma pe care o conectati' });
  await expect(again).toContainText('Nu aveti nicio firma verificata care sa poata fi conectata.');
  await again.getByRole('link', { name: 'Adauga o firma noua' }).click();
  await expect(page).toHaveURL(/\/profile\/billing\/data\/list\?adauga=firma$/);
  await expect(page.getByRole('dialog').getByLabel('Denumire firma')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Renunta' }).click();
  await addEntry(page, { company: true, name: 'Exemplu Comert SRL', code: '12345674' });
  await page.goto('/profile/invoicing-system/connect?adauga=1');
  const second = page.getByRole('dialog', { name: 'Alegeti firma pe care o conectati' });
  await expect(second.getByRole('radio', { name: /Transport Rapid SA/ })).toHaveCount(0);
  await second.getByRole('radio', { name: /Exemplu Comert SRL/ }).check();
  await second.getByRole('button', { name: 'Conecteaza-te' }).click();
  await page.waitForURL(/\/sim\/efactura\/authorize\?/);
  await page.getByLabel('reprezentant Exemplu Comert SRL (CUI 12345674)', { exact: false }).check();
  await page.getByRole('button', { name: 'Autorizeaza accesul' }).click();
  await page.waitForURL(/\/profile\/invoicing-system\/system-invoices\/received\/list/);

  // 'Schimba firma' opens 'Alegeti firma' with the other company; choosing it shows its invoices.
  const shown = (await page.getByRole('main').getByRole('heading', { level: 2 }).first().textContent())!.trim();
  expect(['Transport Rapid SA', 'Exemplu Comert SRL']).toContain(shown);
  await page.getByRole('button', { name: 'Schimba firma' }).click();
  const choose = page.getByRole('dialog', { name: 'Alegeti firma' });
  const other = shown === 'Transport Rapid SA' ? 'Exemplu Comert SRL' : 'Transport Rapid SA';
  await expect(choose.getByRole('button', { name: new RegExp(other) })).toContainText('CUI');
  await expectAccessible(page);
  await screenshotAtWidths(page, 'einvoice-choose-company');
  await choose.getByRole('button', { name: new RegExp(other) }).click();
  await expect(choose).toHaveCount(0);
  await expect(page.getByRole('heading', { name: other })).toBeVisible();
  await expect(page).toHaveURL(/company=/);
});
