import type { Page } from '@playwright/test';
import fs from 'node:fs';
import { DEMO, expect, expectAccessible, signIn, test, typeDay } from './support/fixtures';

/**
 * One format for money and dates (issue 16 item 14), whatever the browser's language and time
 * zone: an American browser in Los Angeles still sees and types dd.mm.yyyy, in Romanian pickers.
 * And the prepaid account's movements at phone width (item 16): nothing behind a scroll.
 */
test.use({ locale: 'en-US', timezoneId: 'America/Los_Angeles' });

const SHOTS = '/tmp/shots-h3-format';
async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The Bucharest day of an instant, 'YYYY-MM-DD' (the API's form) and 'dd.mm.yyyy' (the screen's). */
function bucharestDay(iso: string) {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(new Date(iso));
  return { iso: day, ro: day.split('-').reverse().join('.') };
}

/** Types a day into a date field as a person does: all of it selected, then digits and dots. */

test('date fields show and take dd.mm.yyyy in an en-US browser, and typing a day filters the list', async ({ page }) => {
  await signIn(page, DEMO.client);
  // A demo shipment and its Bucharest day.
  const res = await page.request.get('/api/shipments?from=2000-01-01&to=2100-01-01&limit=50');
  const list = (await res.json()).list as { awb: string | null; createdAt: string }[];
  const shipment = list.find((s) => s.awb)!;
  const day = bucharestDay(shipment.createdAt);

  await page.goto('/profile/orders');
  const filters = page.getByRole('search', { name: 'Filtre comenzi' });
  const from = filters.getByLabel('De la');
  const to = filters.getByLabel('Pana la');
  // The default range (a month back to today) is written dd.mm.yyyy, not the browser's MM/DD/YYYY.
  await expect(from).toHaveValue(/^\d{2}\.\d{2}\.\d{4}$/);
  await expect(to).toHaveValue(/^\d{2}\.\d{2}\.\d{4}$/);

  await typeDay(from, day.ro);
  await typeDay(to, day.ro);
  await expect(from).toHaveValue(day.ro);
  await expect(to).toHaveValue(day.ro);
  // The URL and the API keep ISO days.
  await expect(page).toHaveURL(new RegExp(`[?&]from=${day.iso}(&|$)`));
  await expect(page).toHaveURL(new RegExp(`[?&]to=${day.iso}(&|$)`));
  const table = page.getByRole('table', { name: 'Comenzi' });
  await expect(table.getByText(shipment.awb!)).toBeVisible();
  const rows = table.getByRole('row');
  const count = await rows.count();
  for (let i = 1; i < count; i++) await expect(rows.nth(i)).toContainText(day.ro);

  // The calendar speaks Romanian: month names and weekdays.
  await filters.getByRole('button', { name: /^Selecta/ }).first().click();
  const calendar = page.getByRole('dialog');
  const [y, m] = day.iso.split('-');
  const month = ['ianuarie', 'februarie', 'martie', 'aprilie', 'mai', 'iunie', 'iulie', 'august', 'septembrie', 'octombrie', 'noiembrie', 'decembrie'][Number(m) - 1]!;
  await expect(calendar.getByText(new RegExp(`${month} ${y}`, 'i'))).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'orders-picker-1440');
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 844 });
  await filters.getByRole('button', { name: /^Selecta/ }).first().click();
  await expect(page.getByRole('dialog').getByText(new RegExp(`${month} ${y}`, 'i'))).toBeVisible();
  await shot(page, 'orders-picker-390');
});

test('the prepaid page writes money as 1.000,00 lei and dates dd.mm.yyyy', async ({ page }) => {
  await signIn(page, DEMO.client);
  await page.goto('/profile/prepay');
  const presets = page.getByRole('group', { name: 'Sume propuse' });
  for (const label of ['50,00 lei', '200,00 lei', '500,00 lei', '1.000,00 lei']) await expect(presets.getByRole('button', { name: label, exact: true })).toBeVisible();
  await expect(page.getByText('Intre 10,00 lei si 50.000,00 lei')).toBeVisible();
  const movements = page.getByRole('table', { name: 'Ultimele miscari' });
  await expect(movements.getByRole('row').nth(1)).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
  await expect(movements.getByRole('row').nth(1)).toContainText(/[+-]\d{1,3}(\.\d{3})*,\d{2} lei/);
  await shot(page, 'prepay-1440');
});

test('at 390 px each movement shows its amount and invoice inside the screen, without a sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.client);
  await page.goto('/profile/prepay');
  const movements = page.getByRole('table', { name: 'Ultimele miscari' });
  const first = movements.locator('tbody tr').first();
  await expect(first).toBeVisible();
  const invoice = movements.getByRole('link', { name: /^[A-Z]+ \d{6}$/ }).first();
  const amount = first.locator('td').nth(2);
  await invoice.scrollIntoViewIfNeeded();
  for (const part of [amount, invoice]) {
    const box = (await part.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  // Nothing scrolls sideways: neither the page nor the table's box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const box = movements.locator('xpath=..');
  expect(await box.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await shot(page, 'prepay-390');
});

test('the billing page and the settle dialog write the sums as 1.000,00 lei', async ({ page }) => {
  await signIn(page, DEMO.client);
  await page.goto('/profile/billing/data/list');
  const notice = page.getByRole('alert').filter({ hasText: 'Cont nedecontat' });
  const LEI = String.raw`-?\d{1,3}(\.\d{3})*,\d{2} lei`;
  await expect(notice.getByText(new RegExp(`^Sold preplatit: ${LEI}$`))).toBeVisible();
  await expect(notice.getByText(new RegExp(`^Sume nefacturate: ${LEI}$`))).toBeVisible();
  await shot(page, 'billing-1440');
  await notice.getByRole('button', { name: 'Deconteaza contul' }).click();
  const confirm = page.getByRole('dialog', { name: 'Decontare cont' });
  await expect(confirm.getByText(new RegExp(`nefacturate \\(${LEI}\\) si va returnam soldul preplatit \\(${LEI}\\)`))).toBeVisible();
  // No currency code (an IBAN may hold the letters: Banca Transilvania's 'RO..BTRLRONCRT...').
  await expect(confirm).not.toContainText(/\bRON\b/);
  await shot(page, 'settle-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'settle-390');
  await confirm.getByRole('button', { name: 'Renunta' }).click();
  await shot(page, 'billing-390');
});

test("the public return form's date answer is typed and shown dd.mm.yyyy in an en-US browser", async ({ page }) => {
  await page.goto('/order/return/demo-retur');
  const field = page.getByLabel('Data primirii coletului');
  await expect(field).toBeVisible();
  await typeDay(field, '24.11.2026');
  await expect(field).toHaveValue('24.11.2026');
  await field.blur();
  await expect(field).toHaveValue('24.11.2026');
  await shot(page, 'return-form-date-390');
});
