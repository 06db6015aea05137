import type { Locator, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { INVOICE_ANNEX_COLUMNS, formatBani, messages } from '@colete/contract';
import { pdfText } from '../apps/server/test/support/pdf-tools';
import { NO_OPTIONS, RECIPIENT, SENDER } from '../apps/server/test/support/parties';
import { DEMO, expect, expectAccessible, screenshot, signIn, test, typeDay } from './support/fixtures';

/**
 * The invoices page (issue 17) as the demo client: a period, the rows, an invoice's PDF, the annex
 * of an invoice that covers a shipment, and the credit note a cancellation of that shipment issues.
 */

const roDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(d).split('-').reverse().join('.');


async function downloaded(page: Page, button: Locator) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

/** A shipment activated through the API, with the client's settings set so that it is invoiced at once (put back after). */
async function invoicedShipment(page: Page) {
  const settings = (await (await page.request.get('/api/user/settings/invoicing')).json()).settings;
  const set = (prepay: boolean, order: boolean) =>
    page.request.post('/api/user/settings/invoicing', { data: { settings: { invoiceEveryPrepay: { value: prepay }, invoiceEveryOrder: { value: order } } } });
  expect((await set(false, true)).status()).toBe(200);
  try {
    const draft = {
      sender: SENDER,
      recipient: RECIPIENT,
      packages: [{ type: 'parcel', weight: 2, length: 30, width: 20, height: 10 }],
      content: 'Carti',
      clientReference: null,
      options: NO_OPTIONS,
    };
    const offers = (await (await page.request.post('/api/shipments/offers', { data: draft })).json()).offers as { type: string; errors: string[]; serviceId: string }[];
    const offer = offers.find((o) => o.type === 'standard' && o.errors.length === 0)!;
    const res = await page.request.post('/api/shipments', { data: { ...draft, serviceId: offer.serviceId, requestKey: `inv${Date.now()}`, activate: true } });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).shipment as { uniqueId: string; awb: string; price: string };
  } finally {
    await set(settings.invoiceEveryPrepay.value, settings.invoiceEveryOrder.value);
  }
}

test('the client lists invoices by period, downloads a PDF and an annex, and a cancelled invoiced shipment gets its credit note', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.client);
  await page.getByRole('navigation', { name: 'Navigare principala' }).getByRole('link', { name: 'Facturi' }).click();
  await expect(page).toHaveURL(/\/profile\/invoices$/);
  await expect(page.getByRole('heading', { name: 'Facturi' })).toBeVisible();
  const rows = page.getByTestId('invoice-row');
  // The default period (a month back): the demo top-ups of 6 and 23 days ago.
  await expect(rows).toHaveCount(2);

  // Three months back: every demo advance invoice (84, 52, 23 and 6 days ago).
  const filters = page.getByRole('search', { name: 'Filtre facturi' });
  const start = roDay(new Date(Date.now() - 90 * 86_400_000));
  await typeDay(filters.getByLabel('De la'), start);
  await expect(page).toHaveURL(/[?&]from=\d{4}-\d{2}-\d{2}/);
  await expect(rows).toHaveCount(4);
  const table = page.getByRole('table', { name: 'Facturi' });
  await expect(table.getByRole('columnheader')).toHaveText(['Numar', 'Data', 'Date facturare', 'Valoare fara TVA', 'Valoare cu TVA', 'Stare', 'Descarcare']);
  // The oldest: 500 lei paid by card, 84 days ago.
  await expect(rows.last()).toContainText(roDay(new Date(Date.now() - 84 * 86_400_000)));
  await expect(rows.last()).toContainText(formatBani(50_000));
  await expect(rows.last()).toContainText('Achitata');
  await expectAccessible(page);

  // The newest invoice's PDF, read as text.
  const number = (await rows.first().locator('td').first().locator('span').first().textContent())!.trim();
  const pdf = await downloaded(page, rows.first().getByRole('button', { name: `PDF ${number}` }));
  expect(pdf.name).toBe(`Factura-${number.replace(' ', '-')}.pdf`);
  const [text] = await pdfText(pdf.bytes);
  expect(text).toContain('FACTURA FISCALA');
  expect(text).toContain(`nr. ${number.split(' ')[1]}`);
  // An advance covers no shipment: no annex.
  await expect(rows.first().getByRole('button', { name: /^Anexa/ })).toHaveCount(0);

  // A shipment invoiced when activated: its invoice has an annex listing it.
  const shipment = await invoicedShipment(page);
  await page.reload();
  await expect(rows).toHaveCount(5);
  const invoiceRow = rows.first();
  await expect(invoiceRow).toContainText(formatBani(Math.round(Number(shipment.price) * 100)));
  // Paid from the prepaid balance.
  await expect(invoiceRow).toContainText('Achitata');
  const invoiceNumber = (await invoiceRow.locator('td').first().locator('span').first().textContent())!.trim();
  const annex = await downloaded(page, invoiceRow.getByRole('button', { name: `Anexa ${invoiceNumber}` }));
  expect(annex.name).toBe(`Anexa-${invoiceNumber.replace(' ', '-')}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(annex.bytes as unknown as ArrayBuffer);
  const sheetRows: unknown[][] = [];
  book.worksheets[0]!.eachRow((r) => sheetRows.push((r.values as unknown[]).slice(1)));
  expect(sheetRows[0]).toEqual([...INVOICE_ANNEX_COLUMNS]);
  expect(sheetRows).toHaveLength(2);
  expect(sheetRows[1]!.slice(1, 3)).toEqual([shipment.awb, 'Ion Destinatar, Sectorul 1']);
  // The day is a date cell shown as dd.mm.yyyy: today in Bucharest (a spreadsheet keeps it as midnight UTC).
  const dayCell = book.worksheets[0]!.getRow(2).getCell(1);
  expect(dayCell.type).toBe(ExcelJS.ValueType.Date);
  expect(dayCell.numFmt).toBe('dd.mm.yyyy');
  expect((dayCell.value as Date).toISOString().slice(0, 10).split('-').reverse().join('.')).toBe(roDay(new Date()));
  expect(sheetRows[1]![6]).toBe(Number(shipment.price));
  await screenshot(page, 'invoices-1440');

  // Cancelled before pick-up: the invoice stays, a credit note reverses it.
  await page.goto(`/profile/details/order/${shipment.uniqueId}`);
  await page.getByRole('button', { name: 'Anuleaza comanda' }).click();
  await page.getByRole('dialog', { name: 'Anulare comanda' }).getByRole('button', { name: 'Anuleaza comanda' }).click();
  await expect(page.getByText(messages.shipments.cancelled)).toBeVisible();
  await page.getByRole('navigation', { name: 'Navigare principala' }).getByRole('link', { name: 'Facturi' }).click();
  // The default month: the two advances, the shipment's invoice and its credit note.
  await expect(rows).toHaveCount(4);
  const note = rows.first();
  await expect(note).toContainText('Storno');
  await expect(note).toContainText(`storneaza ${invoiceNumber}`);
  await expect(note).toContainText(formatBani(-Math.round(Number(shipment.price) * 100)));
  const noteNumber = (await note.locator('td').first().locator('span').first().textContent())!.trim();
  const notePdf = await downloaded(page, note.getByRole('button', { name: `PDF ${noteNumber}` }));
  const noteText = (await pdfText(notePdf.bytes)).join('\n');
  expect(noteText).toContain('Factura storno (expediere anulata)');
  expect(noteText).toContain(`Stornare factura ${invoiceNumber}`);
  expect(noteText).toContain(shipment.awb);

  // At phone width: one card per document, nothing sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('list', { name: 'Facturi' })).toBeVisible();
  await expect(rows.first()).toContainText('Storno');
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page);
  await screenshot(page, 'invoices-390');
});

test('an empty period says so, a failed load offers a retry, and an admin sees the chosen client\'s invoices', async ({ page }) => {
  await signIn(page, DEMO.client);
  await page.goto('/profile/invoices?from=2020-01-01&to=2020-01-31');
  await expect(page.getByText('Nu exista facturi pentru filtrele selectate.')).toBeVisible();

  // The list's call fails (the app retries a 5xx once): the error and its retry, then the rows.
  let failing = true;
  await page.route('**/api/user/invoices?*', (route) =>
    failing ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'x' }) }) : route.continue(),
  );
  await page.goto('/profile/invoices');
  await expect(page.getByText('A intervenit o eroare in preluarea facturilor!')).toBeVisible();
  failing = false;
  await page.getByRole('button', { name: messages.common.retry }).click();
  await expect(page.getByTestId('invoice-row').first()).toBeVisible();
  await page.unroute('**/api/user/invoices?*');

  // An admin: the demo client's invoices once the client is chosen.
  await page.context().clearCookies();
  await signIn(page, DEMO.admin);
  await page.goto('/profile/invoices');
  const selector = page.getByRole('combobox', { name: 'Client selectat' });
  await selector.fill('client@demo');
  await page.getByRole('option', { name: 'Demo Logistic SRL (client@demo.ro)' }).click();
  await expect(page.getByTestId('invoice-row').first()).toContainText('Demo Logistic SRL');
});
