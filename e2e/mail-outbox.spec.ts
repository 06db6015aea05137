import type { Page } from '@playwright/test';
import type { TOutboxListResponse } from '@colete/contract';
import { DEMO, expect, expectAccessible, ownServer, screenshot, signIn, test } from './support/fixtures';

/** The outbox's first page as the server answered it while `action` opened the page. */
async function outboxAnswer(page: Page, action: () => Promise<unknown>) {
  const [res] = await Promise.all([page.waitForResponse((r) => /\/api\/user\/mail\/outbox\?/.test(r.url()) && r.request().method() === 'GET'), action()]);
  return (await res.json()) as TOutboxListResponse;
}
const SHEET_MAIL = 'Borderou de ramburs: 3 colete, 415,50 lei';
const INVOICE_MAIL = 'Factura pentru reincarcarea contului preplatit';

// The demo client's outbox holds the mails of its seeded history (invoices, repayment sheets) and two
// notifications kept by the mail seed, read here. Other specs activate shipments as the demo client,
// and each activation mails its confirmation, so this file gets a server of its own: the default
// mail mode, named, makes its workers distinct from the shared ones.
ownServer({ MAIL: 'outbox' });

test('the demo client opens Emailuri trimise from the mail settings, sees the kept notifications and reads one', async ({ page }) => {
  await signIn(page, DEMO.client);
  await page.goto('/profile/settings/notify/mail');
  await expect(page.getByRole('heading', { name: 'Notificari' })).toBeVisible();
  await screenshot(page, 'mail-settings-outbox-link');
  const answer = await outboxAnswer(page, () => page.getByRole('link', { name: 'Emailuri trimise' }).click());

  await expect(page).toHaveURL(/\/profile\/settings\/notify\/outbox$/);
  await expect(page.getByRole('heading', { name: 'Emailuri trimise' })).toBeVisible();
  // No SMTP server in the test run: the page says the mail is only kept here.
  await expect(page.getByText('Trimiterea emailurilor nu este configurata (nu exista un server SMTP)', { exact: false })).toBeVisible();

  const table = page.getByRole('table', { name: 'Emailuri trimise' });
  const rows = table.getByRole('row');
  // The header and the page's mails, in the server's order (newest first).
  expect(answer.list.length).toBeGreaterThanOrEqual(2);
  await expect(rows).toHaveCount(1 + answer.list.length);
  for (const [i, mail] of answer.list.entries()) await expect(rows.nth(i + 1)).toContainText(mail.subject);
  const sheet = rows.filter({ hasText: SHEET_MAIL });
  await expect(sheet).toContainText('Borderou de ramburs');
  const invoice = rows.filter({ hasText: INVOICE_MAIL });
  await expect(invoice).toContainText('Factura');
  await expect(invoice).toContainText('client@demo.ro');
  await expect(invoice).toContainText('Trimis');
  await expect(invoice).toContainText('Doar pastrat aici');
  // The sheet's mail (3 days ago) is newer than the top-up's invoice (6 days ago).
  expect(answer.list.findIndex((m) => m.subject === SHEET_MAIL)).toBeLessThan(answer.list.findIndex((m) => m.subject === INVOICE_MAIL));
  await expectAccessible(page);
  await screenshot(page, 'mail-outbox');

  await table.getByRole('button', { name: INVOICE_MAIL }).click();
  const dialog = page.getByRole('dialog', { name: INVOICE_MAIL });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Textul emailului')).toContainText('Va transmitem atasat factura pentru reincarcarea contului preplatit cu 200,00 lei.');
  await expect(dialog.getByLabel('Textul emailului')).toContainText('Echipa Colete Online');
  await expect(dialog.getByRole('list', { name: 'Atasamente' })).toContainText(/Factura-COL-\d{6}\.pdf/);
  await expect(dialog.getByText('Doar pastrat aici')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'mail-outbox-dialog');
  await dialog.getByRole('button', { name: 'Inchide' }).click();
  await expect(dialog).toBeHidden();
});

test('another client sees an empty outbox, and the page fits a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.client2);
  await page.goto('/profile/settings/notify/mail');
  await page.getByRole('link', { name: 'Emailuri trimise' }).click();
  await expect(page.getByText('Nu exista emailuri trimise din acest cont.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page);
  await screenshot(page, 'mail-outbox-empty-mobile');
});

test('on a phone the demo client’s mail is a list whose rows open the mail', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.client);
  const answer = await outboxAnswer(page, () => page.goto('/profile/settings/notify/outbox'));
  const list = page.getByRole('list', { name: 'Emailuri trimise' });
  await expect(list.getByRole('button')).toHaveCount(answer.list.length);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page);
  await screenshot(page, 'mail-outbox-mobile');
  await list.getByRole('button', { name: /Borderou de ramburs: 3 colete/ }).click();
  await expect(page.getByRole('dialog').getByLabel('Textul emailului')).toContainText('rambursul pentru 3 colete livrate');
  await expect(page.getByRole('dialog').getByText('Fara atasamente.')).toBeVisible();
});
