import { DEMO, expect, expectAccessible, screenshot, signIn, test } from './support/fixtures';

// The demo client's outbox is read exactly (its two seeded mails). Other specs activate shipments
// as the demo client, and each activation now mails its confirmation, so this file gets a server of
// its own: the default mail mode, named, makes its workers distinct from the shared ones.
test.use({ serverEnv: { MAIL: 'outbox' } });

test('the demo client opens Emailuri trimise from the mail settings, sees the kept notifications and reads one', async ({ page }) => {
  await signIn(page, DEMO.client);
  await page.goto('/profile/settings/notify/mail');
  await expect(page.getByRole('heading', { name: 'Notificari' })).toBeVisible();
  await screenshot(page, 'mail-settings-outbox-link');
  await page.getByRole('link', { name: 'Emailuri trimise' }).click();

  await expect(page).toHaveURL(/\/profile\/settings\/notify\/outbox$/);
  await expect(page.getByRole('heading', { name: 'Emailuri trimise' })).toBeVisible();
  // No SMTP server in the test run: the page says the mail is only kept here.
  await expect(page.getByText('Trimiterea emailurilor nu este configurata (nu exista un server SMTP)', { exact: false })).toBeVisible();

  const table = page.getByRole('table', { name: 'Emailuri trimise' });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(3); // the header and the two seeded mails, newest first
  await expect(rows.nth(1)).toContainText('Borderou de ramburs');
  await expect(rows.nth(1)).toContainText('Borderou de ramburs: 3 colete, 415,50 lei');
  await expect(rows.nth(2)).toContainText('Factura');
  await expect(rows.nth(2)).toContainText('client@demo.ro');
  await expect(rows.nth(2)).toContainText('Trimis');
  await expect(rows.nth(2)).toContainText('Doar pastrat aici');
  await expectAccessible(page);
  await screenshot(page, 'mail-outbox');

  await table.getByRole('button', { name: 'Factura pentru reincarcarea contului preplatit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Factura pentru reincarcarea contului preplatit' });
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
  await page.goto('/profile/settings/notify/outbox');
  const list = page.getByRole('list', { name: 'Emailuri trimise' });
  await expect(list.getByRole('button')).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page);
  await screenshot(page, 'mail-outbox-mobile');
  await list.getByRole('button', { name: /Borderou de ramburs: 3 colete/ }).click();
  await expect(page.getByRole('dialog').getByLabel('Textul emailului')).toContainText('rambursul pentru 3 colete livrate');
  await expect(page.getByRole('dialog').getByText('Fara atasamente.')).toBeVisible();
});
