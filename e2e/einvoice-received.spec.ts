import fs from 'node:fs';
import { pdfText } from '../apps/server/test/support/pdf-tools';
import { DEMO, expect, expectAccessible, screenshotAtWidths, signIn, test, typeDay } from './support/fixtures';

/*
 * Issue 25: the demo client's company is connected to the e-Factura simulator and its suppliers'
 * invoices were synced at the demo's start. The client reads them in 'Facturi primite': filters,
 * a warning acknowledged, the signed ZIP and the supplier's PDF downloaded, on a wide screen and a phone.
 */

const ddmmyyyy = (at: Date) => at.toISOString().slice(0, 10).split('-').reverse().join('.');

test('the demo client reads its received e-invoices: filters, a warning acknowledged, the ZIP, the XML and the PDF downloaded', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.client);
  await page.getByRole('navigation', { name: 'Navigare principala' }).getByRole('link', { name: 'e-Factura' }).click();
  await expect(page.getByRole('heading', { name: 'Facturi primite' })).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/invoicing-system\/system-invoices\/received\/list/);
  await expect(page.getByText('Demo Logistic SRL', { exact: true })).toBeVisible();
  await expect(page.getByText(/CUI 14399840/)).toBeVisible();

  // The last month by the invoices' own dates, then the last 58 days: all fourteen.
  const table = page.getByRole('table', { name: 'Facturi primite' });
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  const lastMonth = (await rows.count()) - 1;
  expect(lastMonth).toBeGreaterThan(3);
  expect(lastMonth).toBeLessThan(14);
  const filters = page.getByRole('search', { name: 'Filtre facturi primite' });
  await typeDay(filters.getByLabel('De la'), ddmmyyyy(new Date(Date.now() - 58 * 86_400_000)));
  await expect(rows).toHaveCount(15);
  await expect(table).toContainText('Storno');
  // By the e-invoice's date the same period holds the same invoices.
  await filters.getByRole('button', { name: 'Data e-Factura' }).click();
  await expect(page).toHaveURL(/by=eInvoiceDate/);
  await expect(rows).toHaveCount(15);

  // A click on a seller filters by its CUI.
  const firstSeller = rows.nth(1).getByRole('button').first();
  const cui = /CUI (\d+)/.exec(await firstSeller.innerText())![1]!;
  await firstSeller.click();
  await expect(filters.getByLabel('CUI furnizor')).toHaveValue(cui);
  await expect(page).toHaveURL(new RegExp(`sellerId=${cui}`));
  // The list keeps the previous page until the filtered one arrives: wait for it (only the header row lacks the CUI).
  await expect(rows.filter({ hasNotText: `CUI ${cui}` })).toHaveCount(1);
  const theirs = (await rows.count()) - 1;
  expect(theirs).toBeGreaterThan(0);
  expect(theirs).toBeLessThan(14);
  for (let k = 1; k <= theirs; k++) await expect(rows.nth(k)).toContainText(`CUI ${cui}`);
  await filters.getByLabel('CUI furnizor').fill('');
  await expect(rows).toHaveCount(15);
  // By name, any case; a name nobody has: the empty state.
  await filters.getByLabel('Furnizor', { exact: true }).fill('transport rapid');
  await expect(rows.nth(1)).toContainText('Transport Rapid SA');
  await filters.getByLabel('Furnizor', { exact: true }).fill('Nimeni SRL');
  await expect(page.getByText('Nicio factura primita in perioada si cu filtrele alese.')).toBeVisible();
  await filters.getByLabel('Furnizor', { exact: true }).fill('');
  await expect(rows).toHaveCount(15);

  // The rows with an open warning are highlighted; one is acknowledged after ticking the box.
  const open = table.locator('tr[data-warning="open"]');
  const openCount = await open.count();
  expect(openCount).toBe(5);
  await screenshotAtWidths(page, 'einvoice-received');
  const number = (await open.first().getByRole('cell').nth(3).innerText()).trim();
  await open.first().getByRole('button', { name: `Avertismente factura ${number}` }).click();
  const dialog = page.getByRole('dialog', { name: `Avertismente factura ${number}` });
  await expect(dialog.getByRole('alert').first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirma' })).toBeDisabled();
  await dialog.getByLabel('Am luat la cunostinta').check();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Confirma' }).click();
  await expect(page.getByText('Succes!')).toBeVisible();
  await expect(open).toHaveCount(openCount - 1);
  await expect(table.getByRole('button', { name: `Avertismente factura ${number}` })).toHaveText(/Verificata/);

  // The signed original and the supplier's PDF, as files.
  const withPdf = rows.filter({ hasText: 'AMC-1042' }).first();
  await withPdf.getByRole('button', { name: /Descarca factura/ }).click();
  const [zip] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'ZIP (original semnat)' }).click()]);
  expect(zip.suggestedFilename()).toMatch(/^factura-AMC-1042-\d+\.zip$/);
  const zipBytes = fs.readFileSync((await zip.path())!);
  expect(zipBytes.subarray(0, 2).toString()).toBe('PK');
  expect(zipBytes.toString('latin1')).toContain('semnatura_');
  // The invoice's XML as the supplier sent it.
  await withPdf.getByRole('button', { name: /Descarca factura/ }).click();
  const [xml] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'XML', exact: true }).click()]);
  expect(xml.suggestedFilename()).toMatch(/^factura-AMC-1042-\d+\.xml$/);
  const xmlText = fs.readFileSync((await xml.path())!, 'utf8');
  expect(xmlText).toContain('<cbc:ID>AMC-1042</cbc:ID>');
  expect(xmlText).toMatch(/<Invoice [^>]*xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/);
  await withPdf.getByRole('button', { name: /Descarca factura/ }).click();
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'PDF (de la furnizor)' }).click()]);
  const text = (await pdfText(new Uint8Array(fs.readFileSync((await pdf.path())!)))).join('\n');
  expect(text).toContain('Factura AMC-1042');
  await expectAccessible(page);
});

test('on a phone the received invoices are cards; a failed load says so', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.client);
  await page.goto('/profile/invoicing-system');
  await expect(page.getByRole('heading', { name: 'Facturi primite' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Facturi primite' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  const box = (await cards.first().boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.route('**/api/user/invoicing-system/received-invoices**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"message":"x"}' }));
  await page.reload();
  await expect(page.getByText('A aparut o eroare, facturile nu au putut fi afisate!')).toBeVisible();
  await screenshotAtWidths(page, 'einvoice-received-error');
  // The companies themselves cannot be read: said so, with a retry.
  await page.route('**/api/user/billing/data**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"message":"x"}' }));
  await page.reload();
  await expect(page.getByText('A aparut o eroare la incarcarea firmelor dumneavoastra. Va rugam reincercati...')).toBeVisible();
  await expect(page.getByRole('button', { name: /Reincearca/i })).toBeVisible();
});

test('a client without a connected company is sent to connect one (without billing data: to add it first)', async ({ page }) => {
  await signIn(page, DEMO.client2);
  await page.goto('/profile/invoicing-system/system-invoices/received/list');
  await expect(page).toHaveURL(/\/profile\/invoicing-system\/connect$/);
  await expect(page.getByRole('heading', { name: 'Conectare e-Factura' })).toBeVisible();
  await page.getByRole('link', { name: 'Adauga date facturare' }).click();
  await expect(page).toHaveURL(/\/profile\/billing\/data\/list/);
});

test('the client rejects an invoice with a comment that reaches the supplier, rejects another without one and takes it back', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.client);
  await page.goto('/profile/invoicing-system/system-invoices/received/list');
  const table = page.getByRole('table', { name: 'Facturi primite' });
  const row = (number: string) => table.getByRole('row').filter({ hasText: number });
  await expect(row('EXC-1052')).toBeVisible();

  // 'Factura nu ne apartine' with a comment: too long first (said so, nothing sent), then sent.
  await row('EXC-1052').getByRole('button', { name: 'Actiuni factura EXC-1052' }).click();
  await page.getByRole('menuitem', { name: 'Factura nu ne apartine' }).click();
  const dialog = page.getByRole('dialog', { name: /Factura nu ne apartine: factura EXC-1052/ });
  const comment = dialog.getByLabel('Comentariu pentru furnizor (optional)');
  await comment.fill('x'.repeat(1001));
  await expect(dialog.getByText('Comentariul poate avea cel mult 1000 de caractere.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Respinge si trimite mesajul' })).toBeDisabled();
  await comment.fill('Factura nu corespunde comenzii noastre nr. 118.');
  await expectAccessible(page);
  await screenshotAtWidths(page, 'einvoice-received-reject');
  await dialog.getByRole('button', { name: 'Respinge si trimite mesajul' }).click();
  await expect(page.getByText('Operatia a fost trimisa cu succes!')).toBeVisible();
  await expect(row('EXC-1052')).toContainText('Respinsa');
  // The message leaves through e-Factura within seconds: 'Trimis cu succes' once the list is read again.
  await expect(async () => {
    await page.reload();
    await row('EXC-1052').getByRole('button', { name: /Mesaje catre furnizor, factura EXC-1052: 1/ }).click();
    const messages = page.getByRole('dialog', { name: /Mesaje catre/ });
    await expect(messages).toContainText('Factura nu corespunde comenzii noastre nr. 118.');
    await expect(messages.getByText('Trimis cu succes')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await screenshotAtWidths(page, 'einvoice-received-messages');
  await page.getByRole('dialog', { name: /Mesaje catre/ }).getByRole('button', { name: 'Inchide' }).click();

  // Rejected without a comment: nothing to send; then marked as received again.
  await row('TRR-1050').getByRole('button', { name: 'Actiuni factura TRR-1050' }).click();
  await page.getByRole('menuitem', { name: 'Factura nu ne apartine' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Respinge', exact: true }).click();
  await expect(row('TRR-1050')).toContainText('Respinsa');
  await expect(row('TRR-1050').getByRole('button', { name: /Mesaje catre furnizor/ })).toHaveCount(0);
  await row('TRR-1050').getByRole('button', { name: 'Actiuni factura TRR-1050' }).click();
  await expect(page.getByRole('menuitem', { name: 'Factura nu ne apartine' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Marcheaza ca primita' }).click();
  await expect(row('TRR-1050')).toContainText('Primita');
  // Only the rejected ones, through the status filter.
  const from = new Date(Date.now() - 58 * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/profile/invoicing-system/system-invoices/received/list?from=${from}&status=rejected,rejected_with_message`);
  // EXC-1052 and the demo's own, EXC-1046, rejected with a comment already sent.
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(row('EXC-1052')).toBeVisible();
  await expect(row('EXC-1046').getByRole('button', { name: /Mesaje catre furnizor, factura EXC-1046: 1/ })).toBeVisible();
});

test('an invoice opens as a page drawn from its XML; without a supplier’s PDF ours is downloaded; an unknown one says so', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.client);
  await page.goto('/profile/invoicing-system/system-invoices/received/list');
  const row = page.getByRole('table', { name: 'Facturi primite' }).getByRole('row').filter({ hasText: 'AMC-1051' });
  const total = (await row.getByRole('cell').nth(6).innerText()).trim();
  await row.getByRole('link', { name: 'Deschide factura AMC-1051' }).click();
  await expect(page).toHaveURL(/\/system-invoices\/received\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Factura AMC-1051' })).toBeVisible();
  await expect(page.getByText('Atelier Mobila Cluj SRL').first()).toBeVisible();
  await expect(page.getByText('Cumparator')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Produse si servicii' }).getByRole('row')).toHaveCount(3);
  const totals = page.getByRole('region', { name: 'Totaluri' }).or(page.getByLabel('Totaluri'));
  await expect(totals).toContainText(`Total de plata${total}`);
  await expectAccessible(page);
  await screenshotAtWidths(page, 'einvoice-received-invoice');

  await page.getByRole('button', { name: 'Descarca factura AMC-1051' }).click();
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'PDF (generat din XML)' }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/^factura-AMC-1051-\d+\.pdf$/);
  const text = (await pdfText(new Uint8Array(fs.readFileSync((await pdf.path())!)))).join('\n');
  expect(text).toContain('Nr. AMC-1051');
  expect(text).toContain('Atelier Mobila Cluj SRL');
  expect(text).toContain(total);

  await page.getByRole('link', { name: 'Facturi primite' }).last().click();
  await expect(page).toHaveURL(/received\/list/);
  await page.goto('/profile/invoicing-system/system-invoices/received/99999999');
  await expect(page.getByText('Factura nu a fost gasita.')).toBeVisible();
});
