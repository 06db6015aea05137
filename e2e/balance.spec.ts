import type { Locator, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { BALANCE_EXPORT_COLUMNS, balanceAdminMessages, balanceMessages as T, formatBani, type TBalanceViewResponse, type TInvoiceBalanceResponse } from '@colete/contract';
import { DEMO, expect, expectAccessible, screenshotAtWidths, signIn, test, typeDay } from './support/fixtures';

/**
 * The balance views (issue 17) as the demo client and as an admin acting for them: a period, the
 * previous period's line and the totals against the rows, the statement export read back.
 */

const isoDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(d);
const roDay = (d: Date) => isoDay(d).split('-').reverse().join('.');
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
/** Bucharest's today one calendar month back, the day clamped to that month's last ('31.03' -> '28.02'). */
const monthAgo = () => {
  const [y, m, d] = isoDay(new Date()).split('-').map(Number) as [number, number, number];
  const lastOfPrevious = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
  const prevMonth = m === 1 ? 12 : m - 1;
  const prevYear = m === 1 ? y - 1 : y;
  return `${String(Math.min(d, lastOfPrevious)).padStart(2, '0')}.${String(prevMonth).padStart(2, '0')}.${prevYear}`;
};
/** '1.199,93 lei' -> 119993 bani. */
const bani = (text: string) => {
  const m = /(-?)([\d.]+),(\d{2}) lei/.exec(text.replace(/\u2212/g, '-'))!;
  return (m[1] ? -1 : 1) * (Number(m[2]!.replace(/\./g, '')) * 100 + Number(m[3]));
};
const textOf = async (l: Locator) => (await l.textContent())!.trim();

/** Types a day into a date field; on a busy machine a first keystroke can be lost: typed again until the field shows it. */

async function xlsxRows(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

/** The invoices view for 90 days: the previous line, the rows and the totals agree with the API and each other; the export says the same. */
async function checkInvoicesView(page: Page, query: string) {
  const from = isoDay(daysAgo(90));
  const to = isoDay(new Date());
  await typeDay(page.getByLabel(T.from), roDay(daysAgo(90)));
  await expect(page).toHaveURL(new RegExp(`[?&]from=${isoDay(daysAgo(90))}`));
  const api = (await (await page.request.post(`/api/user/balance/invoices${query}`, { data: { fromDate: from, toDate: to, limit: 200 } })).json()) as TInvoiceBalanceResponse;
  const rows = page.getByTestId('statement-row');
  await expect(rows).toHaveCount(api.transactions.length);
  expect(api.transactions.length).toBeGreaterThan(0);
  const a = api.amounts;
  await expect(page.getByTestId('previous-line-invoices')).toHaveText(formatBani(a.previousInvoices));
  await expect(page.getByTestId('previous-line-difference')).toHaveText(formatBani(a.previousDifference));
  // The footer is the sum of the rows shown.
  const shown = await rows.getByTestId('row-invoice').allTextContents();
  expect(shown.reduce((s, t) => s + bani(t), 0)).toBe(a.totalInvoices);
  const paid = await rows.getByTestId('row-payment').allTextContents();
  expect(paid.reduce((s, t) => s + bani(t), 0)).toBe(a.totalPayments);
  await expect(page.getByTestId('total-line-invoices')).toHaveText(formatBani(a.totalInvoices));
  await expect(page.getByTestId('total-line-payments')).toHaveText(formatBani(a.totalPayments));
  await expect(page.getByTestId('left-to-pay-value')).toHaveText(formatBani(a.previousDifference + a.totalDifference));
  // An advance paid by card names the card and the bank that issued it.
  const advance = api.transactions.find((t) => t.cardData?.bank.name);
  expect(advance, 'an advance paid by a card whose bank is known').toBeDefined();
  const paidBy = advance!.cardData!;
  const advanceRow = rows.filter({ hasText: advance!.invoice!.invoiceNumber }).first();
  await expect(advanceRow).toContainText(`${paidBy.info.brand} **** ${paidBy.cardNumber.lastDigits}`);
  await expect(advanceRow).toContainText(paidBy.bank.name!);

  // 'Export situatie': the same lines in the xlsx.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: T.exportButton }).click()]);
  expect(download.suggestedFilename()).toBe(`${T.exportFile}-${from}-${to}.xlsx`);
  const sheet = await xlsxRows(await readFile((await download.path())!));
  expect(sheet[0]).toEqual([...BALANCE_EXPORT_COLUMNS]);
  expect(sheet[1]!.slice(1, 2)).toEqual([T.previousLine]);
  expect(sheet[1]![3]).toBe(a.previousInvoices / 100);
  expect(sheet).toHaveLength(api.transactions.length + 3);
  expect(sheet.slice(2, -1).map((r) => r[3])).toEqual(api.transactions.map((t) => t.invoiceAmount / 100));
  expect(sheet.at(-1)!.slice(1, 2)).toEqual([T.totalLine]);
  expect(sheet.at(-1)![3]).toBe(a.totalInvoices / 100);
  expect(sheet.at(-1)![4]).toBe(a.totalPayments / 100);
}

/** The available view for 90 days: the previous balance plus the rows plus the bonus is the balance at the end. */
async function checkAvailableView(page: Page, query: string) {
  await typeDay(page.getByLabel(T.from), roDay(daysAgo(90)));
  await expect(page).toHaveURL(new RegExp(`[?&]from=${isoDay(daysAgo(90))}`));
  const api = (await (await page.request.post(`/api/user/balance/available${query}`, { data: { fromDate: isoDay(daysAgo(90)), toDate: isoDay(new Date()), limit: 200 } })).json()) as TBalanceViewResponse;
  const rows = page.getByTestId('balance-row');
  await expect(rows).toHaveCount(Math.min(50, api.transactions.length));
  expect(api.count).toBeGreaterThan(0);
  await expect(page.getByTestId('previous-line')).toContainText(formatBani(api.amounts.previousLeft));
  const sum = api.transactions.reduce((s, t) => s + t.amount, 0);
  expect(api.amounts.previousLeft + sum + api.amounts.totalBonus).toBe(api.amounts.totalLeft);
  if (api.count <= 50) {
    const shown = await rows.getByTestId('row-amount').allTextContents();
    expect(shown.reduce((s, t) => s + bani(t), 0)).toBe(sum);
  }
  await expect(page.getByTestId('total-left-value')).toHaveText(formatBani(api.amounts.totalLeft));
  expect(bani(await textOf(page.getByTestId('total-prepaid-value')))).toBe(api.amounts.totalPrepaid);
}

test('the client walks the balance views: invoices with the export, available, bonus and general', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.client);
  await page.getByRole('navigation', { name: 'Navigare principala' }).getByRole('link', { name: 'Sold' }).click();
  await expect(page).toHaveURL(/\/profile\/balance\/invoices$/);
  await expect(page.getByRole('heading', { name: T.tabs.invoices })).toBeVisible();
  // The default period: one month back to today.
  await expect(page.getByLabel(T.from)).toHaveValue(monthAgo());
  await checkInvoicesView(page, '');
  // One seller only: no company select.
  await expect(page.getByLabel(T.company)).toHaveCount(0);
  await expectAccessible(page);
  await screenshotAtWidths(page, 'balance-invoices');

  // A failed export says so for 5 s.
  await page.route('**/api/user/balance/invoices/export**', (route) => route.fulfill({ status: 500, body: '{}', contentType: 'application/json' }));
  await page.getByRole('button', { name: T.exportButton }).click();
  await expect(page.getByText(T.exportError)).toBeVisible();
  await page.unroute('**/api/user/balance/invoices/export**');

  await page.getByRole('tab', { name: T.tabs.available }).click();
  await expect(page).toHaveURL(/\/profile\/balance\/available/);
  await checkAvailableView(page, '');
  // A client never gets the admin's buttons.
  await expect(page.getByRole('button', { name: balanceAdminMessages.triggerInvoice, exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await screenshotAtWidths(page, 'balance-available');

  await page.getByRole('tab', { name: T.tabs.bonus }).click();
  await expect(page.getByRole('heading', { name: T.tabs.bonus })).toBeVisible();
  const bonus = (await (await page.request.post('/api/user/balance/bonus', { data: {} })).json()) as TBalanceViewResponse;
  await expect(page.getByTestId('bonus-to-date-value')).toHaveText(formatBani(bonus.amounts.totalBonus));
  await screenshotAtWidths(page, 'balance-bonus');

  await page.getByRole('tab', { name: T.tabs.general }).click();
  const general = await (await page.request.post('/api/user/balance/general', { data: {} })).json();
  await expect(page.getByTestId('general-left-value')).toHaveText(formatBani(general.amounts.totalLeft));
  await expect(page.getByTestId('general-invoices-value')).toHaveText(formatBani(general.invoices.totalInvoices));
  await expectAccessible(page);
  await screenshotAtWidths(page, 'balance-general');
});

test('an admin sees the balance only after choosing a client, then walks it with the admin actions', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/user/balance/')) calls.push(r.url());
  });
  await signIn(page, DEMO.admin);
  await page.goto('/profile/balance/available');
  await expect(page.getByRole('heading', { name: 'Niciun client selectat' })).toBeVisible();
  expect(calls).toEqual([]);

  await page.getByRole('combobox', { name: 'Client selectat' }).fill('client@demo');
  await page.getByRole('option', { name: 'Demo Logistic SRL (client@demo.ro)' }).click();
  await expect(page.getByRole('heading', { name: T.tabs.available })).toBeVisible();
  const me = await (await page.request.get('/api/admin/clients?search=client%40demo')).json();
  const clientId = (me.list as { id: number; email: string }[]).find((c) => c.email === DEMO.client.email)!.id;
  await checkAvailableView(page, `?selectedClient=${clientId}`);
  expect(calls.every((u) => u.includes(`selectedClient=${clientId}`))).toBe(true);
  await expect(page.getByRole('button', { name: balanceAdminMessages.triggerInvoice, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: balanceAdminMessages.triggerPrepayInvoice, exact: true })).toBeVisible();
  await screenshotAtWidths(page, 'balance-available-admin');

  await page.getByRole('tab', { name: T.tabs.invoices }).click();
  await expect(page.getByRole('columnheader', { name: T.columns.actions })).toBeVisible();
  await checkInvoicesView(page, `?selectedClient=${clientId}`);
  await expectAccessible(page);
  await screenshotAtWidths(page, 'balance-invoices-admin');
});
