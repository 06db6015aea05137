import { DEMO, expect, expectAccessible, screenshot, signIn, test } from './support/fixtures';

test('an admin finds a client by name or email in the client selector', async ({ page }) => {
  await signIn(page, DEMO.admin, { landing: 'dashboard' });
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

  // The choice stays while the admin moves between pages (the dashboard, where signing in lands, then the settings).
  await page.getByRole('navigation', { name: 'Navigare principala' }).getByRole('link', { name: 'Setari' }).click();
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

for (const width of [1440, 390]) {
  test(`at ${width} px an admin with no client chosen is asked to choose one, and sees the chosen client's whole name`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, DEMO.admin);
    await page.goto('/profile/prepay');
    await expect(page.getByRole('heading', { name: 'Niciun client selectat' })).toBeVisible();
    await expect(page.getByText('Alegeti mai intai clientul pentru care lucrati.', { exact: false })).toBeVisible();
    // No account of the admin's own: no balance, no top-up.
    await expect(page.getByRole('button', { name: 'Plateste cu cardul' })).toHaveCount(0);
    await expect(page.getByTestId('balance')).toHaveCount(0);
    await expectAccessible(page);
    await screenshot(page, `admin-no-client-${width}`);
    // The same on another client page; the admin's own password page still opens.
    await page.goto('/profile/addresses');
    await expect(page.getByRole('heading', { name: 'Niciun client selectat' })).toBeVisible();
    await page.goto('/profile/settings/security');
    await expect(page.getByRole('heading', { name: 'Niciun client selectat' })).toHaveCount(0);

    await page.goto('/profile/prepay');
    const selector = page.getByRole('combobox', { name: 'Client selectat' });
    await selector.fill('client@demo');
    await page.getByRole('option', { name: 'Demo Logistic SRL (client@demo.ro)' }).click();
    await expect(page.getByRole('heading', { name: 'Niciun client selectat' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Plateste cu cardul' })).toBeVisible();
    // The whole name and email can be read: the field is wide enough, or the text is written out under it.
    const fits = await selector.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth);
    const written = await page.getByTestId('selected-client').isVisible();
    expect(fits || written).toBe(true);
    if (width === 1440) expect(fits).toBe(true);
    else await expect(page.getByTestId('selected-client')).toHaveText('Demo Logistic SRL (client@demo.ro)');
    await expectAccessible(page);
    await screenshot(page, `admin-client-chosen-${width}`);
  });
}
