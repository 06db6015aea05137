import { DEMO, expect, expectAccessible, screenshot, signIn, test } from './support/fixtures';

test('an admin finds a client by name or email in the client selector', async ({ page }) => {
  await signIn(page, DEMO.admin);
  const selector = page.getByRole('combobox', { name: 'Client selectat' });
  await expect(selector).toBeVisible();
  await expectAccessible(page);

  await selector.fill('popescu');
  await expect(page.getByRole('option', { name: 'Ana Popescu (client2@demo.ro)' })).toBeVisible();
  // Admins are not clients: they are never offered.
  await expect(page.getByRole('option', { name: /admin@demo\.ro/ })).toHaveCount(0);

  await selector.fill('client@demo');
  const option = page.getByRole('option', { name: 'Demo Logistic SRL (client@demo.ro)' });
  await expect(option).toBeVisible();
  await screenshot(page, 'admin-client-selector-open');
  await option.click();
  await expect(selector).toHaveValue('Demo Logistic SRL (client@demo.ro)');

  // The choice stays while the admin moves between pages.
  await page.getByRole('link', { name: /Securitate/ }).click();
  await expect(page.getByRole('combobox', { name: 'Client selectat' })).toHaveValue('Demo Logistic SRL (client@demo.ro)');

  await page.getByRole('combobox', { name: 'Client selectat' }).fill('zzz-nimeni');
  await expect(page.getByText('Niciun client gasit')).toBeVisible();
});

test("the admin's chosen client does not follow the next sign-in in the same tab", async ({ page }) => {
  await signIn(page, DEMO.admin);
  const selector = page.getByRole('combobox', { name: 'Client selectat' });
  await selector.fill('popescu');
  await page.getByRole('option', { name: 'Ana Popescu (client2@demo.ro)' }).click();
  await page.getByRole('button', { name: /Contul meu/ }).click();
  await page.getByRole('menuitem', { name: 'Deconectare' }).click();
  await signIn(page, DEMO.client);
  await page.getByRole('navigation', { name: 'Navigare principala' }).getByRole('link', { name: 'Adrese' }).click();
  await expect(page.getByRole('article', { name: 'Birou Bucuresti' })).toBeVisible();
  await expect(page.getByText('A intervenit o eroare in procesarea datelor, va rugam reincercati!')).toHaveCount(0);
});

test('an admin sees and edits the selected client’s address book', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.getByRole('combobox', { name: 'Client selectat' }).fill('client@demo');
  await page.getByRole('option', { name: 'Demo Logistic SRL (client@demo.ro)' }).click();
  await page.getByRole('navigation', { name: 'Navigare principala' }).getByRole('link', { name: 'Adrese' }).click();
  await expect(page.getByRole('article', { name: 'Depozit Cluj' })).toBeVisible();
  await expectAccessible(page);
});
