import type { Page, Response } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { REPAYMENT_EXPORT_COLUMNS, type TRepaymentListResponse } from '@colete/contract';
import { DEMO, expect, signIn, test } from './support/fixtures';

/**
 * Issue 24 (screens): the demo client's sheet that came back from the bank ('Neprocesat') still
 * shows and exports the repayments it paid; the xls's days are date cells (dd.mm.yyyy), not text.
 */

async function sheetList(page: Page, action: () => Promise<unknown>) {
  const isList = (r: Response) => r.url().includes('/api/user/repayments/list') && r.request().method() === 'POST' && typeof r.request().postDataJSON()?.sheetId === 'number';
  const [res] = await Promise.all([page.waitForResponse(isList), action()]);
  return (await res.json()) as TRepaymentListResponse;
}

test("an unprocessed sheet's xls holds its repayments, its days as date cells", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.client);
  await page.goto('/profile/repayments/sheet');
  const unprocessed = page.getByRole('table', { name: 'Borderouri' }).locator('tbody tr').filter({ hasText: 'Neprocesat' }).first();
  await expect(unprocessed).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), unprocessed.getByRole('button', { name: /^Descarca xls/ }).click()]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((r) => rows.push(r));
  expect((rows[0]!.values as unknown[]).slice(1)).toEqual([...REPAYMENT_EXPORT_COLUMNS]);
  expect(rows.length).toBeGreaterThan(1);
  for (const r of rows.slice(1)) {
    const day = r.getCell(1);
    expect([day.type, day.numFmt]).toEqual([ExcelJS.ValueType.Date, 'dd.mm.yyyy']);
  }

  const body = await sheetList(page, () => unprocessed.getByRole('button', { name: /^Vezi rambursurile/ }).click());
  await expect(page).toHaveURL(/\/profile\/repayments\/list\?sheet=\d+$/);
  expect(body.list.length).toBe(rows.length - 1);
  await expect(page.getByRole('table', { name: 'Rambursuri' }).locator('tbody tr')).toHaveCount(body.list.length);
  expect(rows.slice(1).map((r) => r.getCell(2).value)).toEqual(body.list.map((r) => r.orderAwb));
});
