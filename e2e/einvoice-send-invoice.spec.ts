import { DEMO, expect, expectAccessible, screenshotAtWidths, signIn, test } from './support/fixtures';

/*
 * Issue 26, 'Trimite factura': the demo client issues an invoice from its connected company. A line
 * without a quantity is refused beside its field before anything is sent; a complete one is checked
 * by the server with the official rules and opens the company's sent list, where it waits to be sent.
 */

test('the demo client issues an invoice from its connected company and finds it in its sent list', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.client);
  await page.goto('/profile/invoicing-system/system-invoices/received/list');
  await page.getByRole('tab', { name: 'Trimite factura' }).click();
  await expect(page.getByRole('heading', { name: 'Trimite factura' })).toBeVisible();
  await expect(page.getByLabel('Data scadentei', { exact: true })).not.toHaveValue('');
  await expectAccessible(page);

  await page.getByLabel('Serie', { exact: true }).fill('DL');
  await page.getByLabel('Numar', { exact: true }).fill(String(Date.now() % 1_000_000));
  await page.getByLabel('Nume', { exact: true }).fill('Atelier Mobila Cluj SRL');
  await page.getByLabel('CUI / cod TVA', { exact: true }).fill('RO15900825');
  await page.getByLabel('Strada si numar', { exact: true }).fill('Str. Memorandumului 28');
  await page.getByLabel('Localitate', { exact: true }).fill('Cluj-Napoca');
  await page.getByLabel('Judet (cod, ex. CJ, B)', { exact: true }).fill('CJ');
  await page.getByLabel('Denumire', { exact: true }).fill('Servicii de ambalare');
  await page.getByLabel('Cantitate', { exact: true }).fill('0');
  await page.getByLabel(/Pret unitar/).fill('150');
  await page.getByRole('button', { name: 'Trimite factura' }).click();
  await expect(page.getByText('Cantitatea trebuie sa fie mai mare decat 0 (cel mult 3 zecimale).')).toBeVisible();
  await screenshotAtWidths(page, 'einvoice-send-invoice');
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByLabel('Cantitate', { exact: true }).fill('2');
  await expect(page.getByLabel('Total linia 1', { exact: true })).toHaveText('300,00 lei');
  await page.getByRole('button', { name: 'Trimite factura' }).click();
  await expect(page).toHaveURL(/\/system-invoices\/sent\/list/, { timeout: 30_000 });
  await expect(page.getByRole('table', { name: 'Facturi trimise' })).toContainText('Atelier Mobila Cluj SRL');
});
