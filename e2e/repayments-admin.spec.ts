import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, screenshot, screenshotAtWidths, signIn, test } from './support/fixtures';

/*
 * The admins' reconciliation page (issue 15): the demo data's two deliberate discrepancies are
 * listed; an admin uploads a Colet24 report whose amount differs from the demo's delivered cash on
 * delivery (the upload's progress shown while it goes), sees it flagged, and resolves it with a note.
 */

const AWB = 'C24DEMO000777'; // the demo seed's Colet24 delivery no report mentioned yet (149,90 lei)
const nav = (page: Page) => page.getByRole('navigation', { name: 'Navigare principala' });

async function openPage(page: Page) {
  await signIn(page, DEMO.admin);
  await nav(page).getByRole('link', { name: 'Reconciliere rambursuri' }).click();
  await expect(page).toHaveURL(/\/profile\/admin\/reconciliation$/);
  await expect(page.getByRole('heading', { name: 'Reconciliere rambursuri' })).toBeVisible();
}

async function choose(page: Page, combobox: string, option: string) {
  // A select's accessible name is its label and then its value.
  await page.getByRole('combobox', { name: new RegExp(`^${combobox}( |$)`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an uploaded courier report with a wrong amount is flagged, and the admin resolves it with a note', async ({ page }) => {
  await openPage(page);
  // The demo's two discrepancies: a courier reporting less, a transfer short of its report.
  await expect(page.getByRole('article', { name: /^Suma diferita / })).toBeVisible();
  await expect(page.getByRole('article', { name: /^Transfer cu alta suma / })).toBeVisible();
  await expect(page.getByText('2 semnalari')).toBeVisible();
  await expectAccessible(page);
  await screenshotAtWidths(page, 'repayments-reconciliation');

  // Colet24 sends its report as a file: 139,90 lei for a cash on delivery of 149,90 lei.
  await choose(page, 'Curierul raportului', 'Colet24');
  const today = new Date().toISOString().slice(0, 10);
  // The upload held back a moment: the page shows how far it is (issue 24: large uploads show their progress), then the result.
  await page.route('**/api/admin/repayments/reports/**', async (route) => {
    await new Promise((r) => setTimeout(r, 1_500));
    await route.continue();
  });
  await page.getByTestId('report-file').setInputFiles({
    name: 'colet24.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`awbNumber,amountCollected,transferDate,reimbursementAwbNumber\n${AWB},"139,90",${today},COLET24-E2E\n`),
  });
  const progress = page.getByRole('progressbar', { name: 'Progresul incarcarii' });
  await expect(progress).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Se (trimite fisierul|citesc randurile fisierului|salveaza randurile)/ })).toBeVisible();
  await expect(page.getByText('Raportul curierului a fost importat.')).toBeVisible();
  await expect(progress).toBeHidden();

  await choose(page, 'Curier', 'Colet24');
  await choose(page, 'Tip', 'Suma diferita');
  const flag = page.getByRole('article', { name: `Suma diferita ${AWB}` });
  await expect(flag).toContainText('Asteptat: 149,90 lei');
  await expect(flag).toContainText('Raportat: 139,90 lei');
  await expect(page.getByText('1 semnalare')).toBeVisible();

  // Resolved with a note: a note too short is refused in the dialog first.
  await flag.getByRole('button', { name: 'Rezolva' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rezolva semnalarea' });
  await dialog.getByRole('button', { name: 'Salveaza' }).click();
  await expect(dialog.getByText('Scrieti o nota de cel putin 3 caractere.')).toBeVisible();
  await dialog.getByLabel('Nota (ce s-a facut)').fill('Colet24 a confirmat diferenta de 10 lei, o vireaza saptamana viitoare.');
  await expectAccessible(page);
  await screenshot(page, 'repayments-reconciliation-resolve');
  await dialog.getByRole('button', { name: 'Salveaza' }).click();
  await expect(page.getByText('Semnalarea a fost rezolvata.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Nu exista semnalari pentru filtrele selectate.')).toBeVisible();

  await page.getByRole('button', { name: 'Rezolvate', exact: true }).click();
  const resolved = page.getByRole('article', { name: `Suma diferita ${AWB}` });
  await expect(resolved).toContainText('Colet24 a confirmat diferenta de 10 lei');
  await expect(resolved).toContainText('Administrator Colete Online');
  await expect(resolved.getByRole('button', { name: 'Rezolva' })).toHaveCount(0);
  await screenshotAtWidths(page, 'repayments-reconciliation-resolved');
});

test('loading, empty and error states; clients never see the page', async ({ page, browser }) => {
  // The list answers slowly, then fails: the loading text, then the error with a retry that works.
  let fail = true;
  await page.route('**/api/admin/repayments/reconciliation?*', async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    if (fail) return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'x' }) });
    return route.fallback();
  });
  await signIn(page, DEMO.admin);
  await page.goto('/profile/admin/reconciliation');
  await expect(page.getByText('Se incarca semnalarile...')).toBeVisible();
  await expect(page.getByText('A intervenit o eroare in preluarea semnalarilor!')).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: /Reincearca/ }).click();
  await expect(page.getByRole('article').first()).toBeVisible();

  // A courier with nothing flagged: the empty state.
  await choose(page, 'Curier', 'Posta Verde');
  await expect(page.getByText('Nu exista semnalari pentru filtrele selectate.')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 800 });
  await expectAccessible(page);
  await screenshot(page, 'repayments-reconciliation-empty-390');

  const context = await browser.newContext();
  const client = await context.newPage();
  await signIn(client, DEMO.client);
  await expect(nav(client).getByRole('link', { name: 'Reconciliere rambursuri' })).toHaveCount(0);
  await client.goto('/profile/admin/reconciliation');
  await expect(client.getByText('Nu aveti drepturi pentru aceasta actiune!')).toBeVisible();
  await context.close();
});
