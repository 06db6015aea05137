import type { Locator, Page, Response } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { REPAYMENT_EXPORT_COLUMNS, formatBani, type RepaymentFilter, type TRepaymentListResponse } from '@colete/contract';
import { DEMO, expect, expectAccessible, screenshotAtWidths, signIn, test, typeDay } from './support/fixtures';

/**
 * The repayments screens (issue 15, spec 002 section 2.3) as the demo client, on the demo
 * repayments (the server's seeds: months of history through the couriers' reports, the bank and
 * the payouts; then the cash on delivery of the demo shipments at every step, two paid sheets,
 * received ones to pay now, one repayment awaiting its account).
 */

/** A period that holds all the demo data (its shipments go three months back). */
/** The Bucharest calendar day n days back ('yyyy-mm-dd'): the days the screens and the server count in. */
const daysAgo = (n: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(new Date(Date.now() - n * 86_400_000));
const WIDE = `from=${daysAgo(120)}`;

type ListBody = Record<string, unknown>;
/** The list's answer to the request `wanted` accepts (the list asks again after each change, 300 ms after the last). */
async function listAnswer(page: Page, action: () => Promise<unknown>, wanted: (body: ListBody) => boolean = () => true) {
  const isList = (r: Response) =>
    r.url().includes('/api/user/repayments/list') && r.request().method() === 'POST' && wanted((r.request().postDataJSON() ?? {}) as ListBody);
  const [res] = await Promise.all([page.waitForResponse(isList), action()]);
  return (await res.json()) as TRepaymentListResponse;
}
const FLAG = { all: 'isAll', notPaid: 'isNotPaid', notDelivered: 'isNotDelivered', atCourier: 'isAtCourier', atUs: 'isAtUs', paid: 'isPaid' } as const;
const withFlag = (f: RepaymentFilter) => (b: ListBody) => b[FLAG[f]] === true;

async function downloaded(page: Page, button: Locator) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return readFile((await download.path())!);
}

async function xlsxRows(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

const rowsOf = (page: Page) => page.getByRole('table', { name: 'Rambursuri' }).locator('tbody tr');

test('the client filters the repayments: every button and card agrees with its rows; search by AWB; the export holds the rows', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.client);
  await page.getByRole('navigation', { name: 'Navigare principala' }).getByRole('link', { name: 'Rambursuri' }).click();
  await expect(page).toHaveURL(/\/profile\/repayments\/list$/);
  await expect(page.getByRole('heading', { name: 'Rambursuri' })).toBeVisible();

  const all = await listAnswer(page, () => page.goto(`/profile/repayments/list?${WIDE}`), (b) => b.fromDate === daysAgo(120) && b.isAll === true);
  expect(all.count).toBeGreaterThan(5);
  await expect(rowsOf(page)).toHaveCount(Math.min(all.count, 50));
  await expect(page.getByTestId('next-payment')).not.toHaveText('-');
  await expect(page.getByTestId('last-payment')).toContainText('lei');
  await expect(page.getByRole('link', { name: 'Setari rambursuri' })).toHaveAttribute('href', '/profile/settings/repayment');
  for (const f of ['all', 'notPaid', 'notDelivered', 'atCourier', 'atUs', 'paid'] as RepaymentFilter[]) {
    await expect(page.getByTestId(`sum-${f}`)).toHaveText(formatBani(all.totals[f].amount));
  }

  // Each filter button: its count and its card's sum are the rows it shows.
  const answers = new Map<RepaymentFilter, TRepaymentListResponse>();
  const BUTTONS: [RepaymentFilter, string][] = [['notPaid', 'Neplatite'], ['atCourier', 'La curier'], ['atUs', 'La Colete-Online'], ['paid', 'Platite']];
  for (const [f, label] of BUTTONS) {
    const button = page.getByRole('button', { name: new RegExp(`^${label}`) });
    const body = await listAnswer(page, () => button.click(), withFlag(f));
    answers.set(f, body);
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(body.list).toHaveLength(body.totals[f].count);
    expect(body.list.reduce((a, r) => a + r.amount, 0)).toBe(body.totals[f].amount);
    await expect(page.getByTestId(`count-${f}`)).toHaveText(String(body.totals[f].count));
    await expect(page.getByTestId(`sum-${f}`)).toHaveText(formatBani(body.totals[f].amount));
    if (body.count > 0) await expect(rowsOf(page)).toHaveCount(body.count);
    else await expect(page.getByText('Nu exista rambursuri pentru filtrele selectate.')).toBeVisible();
  }
  // The cards' 'Afiseaza' applies its filter too (Nelivrate has no button).
  const notDelivered = await listAnswer(page, () => page.getByRole('button', { name: 'Afiseaza Nelivrate' }).click(), withFlag('notDelivered'));
  expect(notDelivered.list.every((r) => r.status.code === 'awaiting_delivery')).toBe(true);

  // Paid ones, exported: the file's rows are the rows shown.
  const paid = answers.get('paid')!;
  await page.getByRole('button', { name: /^Platite/ }).click();
  await expect(page.getByRole('button', { name: /^Platite/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(rowsOf(page)).toHaveCount(paid.count);
  const file = await xlsxRows(await downloaded(page, page.getByRole('button', { name: 'Descarca xlsx' })));
  expect(file[0]).toEqual([...REPAYMENT_EXPORT_COLUMNS]);
  expect(file.slice(1).map((r) => r[1])).toEqual(paid.list.map((r) => r.orderAwb));
  expect(file.slice(1).map((r) => Math.round(Number(r[4]) * 100))).toEqual(paid.list.map((r) => r.amount));
  await expect(page.getByText('Gata!')).toBeVisible();
  await expect(page.getByText('Gata!')).toBeHidden({ timeout: 6_000 });
  // Clicking the active filter goes back to all.
  await page.getByRole('button', { name: /^Platite/ }).click();
  await expect(page.getByRole('button', { name: /^Toate/ })).toHaveAttribute('aria-pressed', 'true');

  // Search by an AWB: only its repayment.
  const awb = paid.list[0]!.orderAwb;
  await page.getByLabel('Cauta').fill(awb);
  await expect(rowsOf(page)).toHaveCount(1);
  await expect(rowsOf(page).first()).toContainText(awb);
  // The cancelled rows are marked; the status has its colour.
  await page.getByLabel('Cauta').fill('');
  await expect(rowsOf(page)).toHaveCount(Math.min(all.count, 50));
  if (all.totals.all.count > all.totals.notPaid.count + all.totals.paid.count) await expect(page.locator('tr[data-canceled]').first()).toBeVisible();
  await expectAccessible(page);
  await screenshotAtWidths(page, 'repayments-list');

  // The AWB opens the tracking dialog; the recipient opens the shipment.
  await rowsOf(page).first().getByRole('button', { name: /^Urmarire AWB/ }).click();
  await expect(page.getByRole('dialog', { name: 'Urmarire comanda' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Inchide' }).click();
  await rowsOf(page).first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/profile\/details\/order\//);
});

test("the client opens a sheet's repayments and downloads its xls", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.client);
  const isSheets = (r: Response) => r.url().includes('/api/user/repayments/sheets') && !r.url().includes('sheets-amount');
  const [answer] = await Promise.all([page.waitForResponse(isSheets), page.goto('/profile/repayments/sheet')]);
  const listed = (await answer.json()) as { list: { id: number }[]; count: number };
  // The demo's paid sheets: the two of its shipments' repayments and the fortnightly payouts of its history.
  expect(listed.count).toBeGreaterThanOrEqual(2);
  const sheets = page.getByRole('table', { name: 'Borderouri' }).locator('tbody tr');
  await expect(sheets).toHaveCount(listed.list.length);
  // Clients see neither the bank column nor the admins' action.
  await expect(page.getByRole('columnheader', { name: 'Banca' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Marcheaza ca neprocesat' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshotAtWidths(page, 'repayments-sheets');

  // A paid sheet (the demo's newest payout came back from the bank: unprocessed, its repayments released).
  const paidSheet = sheets.filter({ hasNotText: 'Neprocesat' }).first();
  const xls = await xlsxRows(await downloaded(page, paidSheet.getByRole('button', { name: /^Descarca xls/ })));
  const body = await listAnswer(page, () => paidSheet.getByRole('button', { name: /^Vezi rambursurile/ }).click(), (b) => typeof b.sheetId === 'number');
  await expect(page).toHaveURL(/\/profile\/repayments\/list\?sheet=\d+$/);
  await expect(page.getByTestId('sheet-filter')).toContainText('Borderou din');
  expect(body.list.length).toBeGreaterThan(0);
  expect(body.list.every((r) => r.status.code === 'paid')).toBe(true);
  await expect(rowsOf(page)).toHaveCount(body.list.length);
  expect(xls.slice(1).map((r) => r[1])).toEqual(body.list.map((r) => r.orderAwb));
  await listAnswer(page, () => page.getByRole('button', { name: 'Sterge filtrul' }).click(), (b) => b.sheetId === undefined);
  await expect(page.getByTestId('sheet-filter')).toBeHidden();
});

test('the awaiting list: its empty text, the selection and the account dialog that refuses a bad holder or IBAN', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.client2);
  await page.goto('/profile/repayments/awaiting');
  await expect(page.getByText('Nici un ramburs în așteptarea remedierii pentru clientul selectat')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Schimba contul asociat rambursului' })).toBeDisabled();

  await page.getByRole('button', { name: /Contul meu/ }).click();
  await page.getByRole('menuitem', { name: 'Deconectare' }).click();
  await page.goto('/profile/repayments/awaiting');
  await expect(page).toHaveURL(/\/login/);

  await signIn(page, DEMO.client);
  await page.goto('/profile/repayments/awaiting');
  const change = page.getByRole('button', { name: 'Schimba contul asociat rambursului' });
  await expect(change).toBeDisabled();
  await page.getByRole('checkbox', { name: /^Selecteaza AWB/ }).first().check();
  await expect(change).toBeEnabled();
  await expectAccessible(page);
  await screenshotAtWidths(page, 'repayments-awaiting');
  // Every awaiting one gets the new account (the demo's: one of its shipments' and a bounced sheet's).
  await page.getByRole('checkbox', { name: 'Selecteaza toate' }).check();
  await expect(page.getByRole('checkbox', { name: 'Selecteaza toate' })).toBeChecked();
  await change.click();
  const dialog = page.getByRole('dialog', { name: 'Schimba contul asociat rambursului' });
  const confirm = dialog.getByRole('button', { name: 'Confirma' });
  await dialog.getByLabel('Titular cont').fill('Mi');
  await dialog.getByLabel('Cont IBAN').fill('RO48AAAA1B31007593840000');
  await dialog.getByLabel('Titular cont').click();
  await expect(dialog.getByText('Numele titularului trebuie sa aiba cel putin 3 caractere si sa contina un spatiu!')).toBeVisible();
  await expect(dialog.getByText('Contul IBAN este invalid!')).toBeVisible();
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Titular cont').fill('Mihai Pop');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Cont IBAN').fill('RO66 BACX 0000 0012 3456 7890');
  await expect(confirm).toBeEnabled();
  await expectAccessible(page);
  await confirm.click();
  await expect(dialog).toBeHidden();
  // Fixed: it waits no more.
  await expect(page.getByText('Nici un ramburs în așteptarea remedierii pentru clientul selectat')).toBeVisible();
});

test("an admin picks the client, pays their repayments now and marks a paid sheet unprocessed: the money is back 'at us'", async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.admin);
  const selector = page.getByRole('combobox', { name: 'Client selectat' });
  await selector.fill('client@demo.ro');
  await page.getByRole('option', { name: /client@demo\.ro/ }).click();
  const before = await listAnswer(page, () => page.goto(`/profile/repayments/list?${WIDE}`), (b) => b.fromDate === daysAgo(120));
  expect(before.totals.atUs.count).toBeGreaterThan(0);
  // The admins' account box and company selector instead of the select.
  await expect(page.getByLabel('Cont (IBAN)')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Firma' })).toBeVisible();

  // Pay now: what was received (and not waiting for an account) is paid in a new sheet.
  await page.getByRole('button', { name: 'Plateste rambursurile clientului acum' }).click();
  const paid = await listAnswer(
    page,
    () => page.getByRole('dialog').getByRole('button', { name: 'Plateste rambursurile clientului acum' }).click(),
    (b) => b.fromDate === daysAgo(120),
  );
  await expect(page.getByText('Rambursurile au fost marcate cu succes pentru plata!')).toBeVisible();
  expect(paid.totals.paid.count).toBeGreaterThan(before.totals.paid.count);
  expect(paid.totals.atUs.amount).toBeLessThan(before.totals.atUs.amount);
  await expect(page.getByTestId('sum-paid')).toHaveText(formatBani(paid.totals.paid.amount));

  // The sheets: the bank column and the action for admins; the newest sheet marked unprocessed (money returned, with a date).
  await page.getByRole('tab', { name: 'Borderouri' }).click();
  await expect(page.getByRole('columnheader', { name: 'Banca' })).toBeVisible();
  const newest = page.getByRole('table', { name: 'Borderouri' }).locator('tbody tr').first();
  await newest.getByRole('button', { name: 'Marcheaza ca neprocesat' }).click();
  const dialog = page.getByRole('dialog', { name: 'Marcheaza ca neprocesat' });
  const mark = dialog.getByRole('button', { name: 'Marcheaza ca neprocesat' });
  await expect(mark).toBeDisabled();
  await dialog.getByLabel('Banii au revenit in cont').check();
  await expect(mark).toBeDisabled();
  const today = daysAgo(0).split('-').reverse().join('.');
  await typeDay(dialog.getByLabel('Data returnarii'), today);
  await expect(mark).toBeEnabled();
  await dialog.getByLabel('Marcheaza rambursurile pentru plata').check();
  await expectAccessible(page);
  await mark.click();
  await expect(dialog).toBeHidden();
  await expect(newest.getByText('Neprocesat')).toBeVisible();
  await screenshotAtWidths(page, 'repayments-sheets-admin');

  const after = await listAnswer(page, () => page.goto(`/profile/repayments/list?${WIDE}`), (b) => b.fromDate === daysAgo(120));
  expect(after.totals.paid.count).toBe(before.totals.paid.count);
  expect(after.totals.atUs.amount + after.totals.paid.amount).toBe(before.totals.atUs.amount + before.totals.paid.amount);
});
