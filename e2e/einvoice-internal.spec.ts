import { DEMO, expect, expectAccessible, screenshotAtWidths, signIn, test } from './support/fixtures';

/*
 * Issue 25, the 'Internal' account: the platform's own company (Colete Online SRL) is connected to the
 * e-Factura simulator in the demo, and its couriers' invoices for the demo's AWBs were checked on
 * receipt. An admin chooses it in the client selector and works through them.
 */

test('an admin checks the platform’s courier invoices: the verdicts, an overcharge accepted after reading it, a courier added as supplier', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.admin);
  const selector = page.getByRole('combobox', { name: 'Client selectat' });
  await selector.fill('firma@demo');
  await page.getByRole('option', { name: 'Colete Online SRL (firma@demo.ro)' }).click();
  await page.goto('/profile/invoicing-system/system-invoices/received/list');
  await expect(page.getByRole('heading', { name: 'Facturi primite' })).toBeVisible();
  await expect(page.getByText(/CUI 45500006/)).toBeVisible();

  const table = page.getByRole('table', { name: 'Facturi primite' });
  const row = (number: RegExp) => table.getByRole('row').filter({ hasText: number });
  const overcharged = row(/DUN-\d{6}-\d{3}/);
  const exact = row(/RAP-\d{6}-\d{3}/);
  const notOnFile = row(/POS-\d{6}-901/);
  const haulier = row(/TRR-\d{8}/);
  // Each with its verdict: accepted by the check, waiting for a person, a supplier not on file.
  await expect(exact.getByText('Acceptata', { exact: true })).toBeVisible();
  await expect(overcharged.getByText('In asteptare actiune', { exact: true })).toBeVisible();
  await expect(haulier.getByText('In asteptare actiune', { exact: true })).toBeVisible();
  await expect(notOnFile.getByText('Furnizor inexistent', { exact: true })).toBeVisible();
  // Accepted by the check: nothing left to do.
  await expect(exact.getByRole('button', { name: /^Actiuni factura/ })).toHaveCount(0);
  await screenshotAtWidths(page, 'einvoice-internal-list');
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectAccessible(page);

  // The status filter of the Internal account holds every status: 'Furnizor inexistent' only.
  const filters = page.getByRole('search', { name: 'Filtre facturi primite' });
  await filters.getByLabel('Status').click();
  await page.getByRole('option', { name: 'Furnizor inexistent' }).click();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(notOnFile).toBeVisible();

  // 'Adauga furnizor si accepta': the courier chosen; the invoice is accepted.
  const number = (await notOnFile.getByRole('link').innerText()).trim();
  await notOnFile.getByRole('button', { name: `Actiuni factura ${number}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Respinge' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Adauga furnizor si accepta' }).click();
  const dialog = page.getByRole('dialog', { name: `Adauga furnizor si accepta: factura ${number}` });
  await expect(dialog).toContainText('Posta Verde Servicii SRL (CUI 16308555) va fi adaugat in lista furnizorilor platformei');
  await dialog.getByLabel('Tipul furnizorului').click();
  await page.getByRole('option', { name: 'Curier: Posta Verde' }).click();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Adauga si accepta' }).click();
  await expect(page.getByText('Furnizorul a fost adaugat, iar factura a fost acceptata.')).toBeVisible();
  await expect(page.getByText('Nicio factura primita in perioada si cu filtrele alese.')).toBeVisible();

  // The overcharged invoice's page: the check line by line, then accepted by a person.
  await page.goto('/profile/invoicing-system/system-invoices/received/list');
  const dun = (await overcharged.getByRole('link').innerText()).trim();
  await overcharged.getByRole('link', { name: `Deschide factura ${dun}` }).click();
  const check = page.getByRole('region', { name: 'Verificarea costurilor AWB' });
  await expect(check.getByText('Verificarea costurilor AWB (Dunarea Expres)')).toBeVisible();
  await expect(check.getByRole('alert')).toContainText(/AWB \w+: facturat [\d.,]+ lei, cost inregistrat [\d.,]+ lei\./);
  const awbs = check.getByRole('table', { name: 'AWB-uri facturate' }).getByRole('row');
  expect(await awbs.count()).toBeGreaterThan(1);
  await expect(awbs.nth(1)).toContainText('facturat');
  await screenshotAtWidths(page, 'einvoice-internal-check');
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectAccessible(page);
  await page.getByRole('button', { name: `Actiuni factura ${dun}` }).click();
  await page.getByRole('menuitem', { name: 'Accepta' }).click();
  await expect(page.getByText('Operatia a fost trimisa cu succes!')).toBeVisible();
  await expect(page.getByText('Acceptata', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Actiuni factura ${dun}` })).toHaveCount(0);
});
