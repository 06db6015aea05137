import { DEMO, expect, expectAccessible, screenshot, signIn, test, uniqueEmail } from './support/fixtures';

test.describe('sign-in, register and sign-out', () => {
  test('a client signs in, lands on the dashboard, and finds the settings landing page', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Autentificare | Colete Online');
    await expectAccessible(page);
    await screenshot(page, 'login');
    await signIn(page, DEMO.client, { landing: 'dashboard' });
    await expect(page).toHaveURL(/\/profile\/dashboard$/);
    await page.getByRole('navigation', { name: 'Navigare principala' }).getByRole('link', { name: 'Setari' }).click();
    await expect(page).toHaveURL(/\/profile\/settings$/);
    for (const title of ['Rambursuri', 'Securitate', 'Notificari', 'Printare', 'Program', 'Abonamente']) {
      await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
    }
    // Every section card leads to its page.
    for (const title of ['Rambursuri', 'Securitate', 'Notificari', 'Printare', 'Program', 'Abonamente']) {
      await expect(page.getByRole('main').getByRole('link', { name: new RegExp(`^${title}`) })).toBeVisible();
    }
    // A client has no client selector.
    await expect(page.getByRole('combobox', { name: 'Client selectat' })).toHaveCount(0);
    await expectAccessible(page);
    await screenshot(page, 'settings-landing');
  });

  test('a wrong password shows one message that does not say which part was wrong', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.client.email);
    await page.getByLabel('Parola', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Autentificare' }).click();
    await expect(page.getByRole('alert')).toHaveText('Adresa de email sau parola este incorecta!');
    await expect(page).toHaveURL(/\/login/);
    // An unknown email gets the very same message.
    await page.getByLabel('Email').fill('nobody@demo.ro');
    await page.getByRole('button', { name: 'Autentificare' }).click();
    await expect(page.getByRole('alert')).toHaveText('Adresa de email sau parola este incorecta!');
    await expectAccessible(page);
    await screenshot(page, 'login-wrong-password');
  });

  test('the next submit clears the sign-in error before the answer arrives', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.client.email);
    await page.getByLabel('Parola', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Autentificare' }).click();
    const error = page.getByText('Adresa de email sau parola este incorecta!');
    await expect(error).toBeVisible();
    // A submit the form refuses does not keep the server's old answer beside the field message.
    await page.getByLabel('Parola', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Autentificare' }).click();
    await expect(page.getByText('Parola este obligatorie!')).toBeVisible();
    await expect(error).toHaveCount(0);
    await screenshot(page, 'login-error-cleared-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'login-error-cleared-390');
    // Wrong again, then the right password, answered slowly: the old error is gone while it waits.
    await page.getByLabel('Parola', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Autentificare' }).click();
    await expect(error).toBeVisible();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Parola', { exact: true }).fill(DEMO.client.password);
    await page.getByRole('button', { name: 'Autentificare' }).click();
    await expect(page.getByRole('button', { name: 'Se autentifica...' })).toBeVisible();
    await expect(error).toHaveCount(0);
    release();
    await expect(page).toHaveURL(/\/profile\/dashboard$/);
    await expect(error).toHaveCount(0);
  });

  test('the login form checks its fields before calling the server', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Autentificare' }).click();
    await expect(page.getByText('Adresa de email este obligatorie!')).toBeVisible();
    await expect(page.getByText('Parola este obligatorie!')).toBeVisible();
    // The first refused field takes the focus; after a refused submit each message follows its field's value.
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.getByLabel('Parola', { exact: true }).fill('x');
    await expect(page.getByText('Parola este obligatorie!')).toHaveCount(0);
    await expect(page.getByText('Adresa de email este obligatorie!')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await expect(page.getByText('Adresa de email este invalida!')).toBeVisible();
    await page.getByLabel('Parola', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Autentificare' }).click();
    await expect(page.getByText('Parola este obligatorie!')).toBeVisible();
    await expect(page.getByText('Adresa de email este invalida!')).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();
  });

  test('a visitor registers a company account, signs out and back in', async ({ page }) => {
    const email = uniqueEmail('firma');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Creati un cont nou' }).click();
    await expect(page.getByRole('heading', { name: 'Creare cont' })).toBeVisible();
    await expectAccessible(page);

    // Every bad value gets its message.
    await page.getByLabel('Telefon').fill('+40 12');
    await page.getByLabel('Parola', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Creeaza cont' }).click();
    await expect(page.getByText('Numele este obligatoriu!')).toBeVisible();
    await expect(page.getByText('Adresa de email este obligatorie!')).toBeVisible();
    await expect(page.getByText('Campul este invalid!')).toBeVisible();
    await expect(page.getByText('Parola trebuie sa aiba minim 8 caractere')).toBeVisible();
    await screenshot(page, 'register-errors');

    // An email that already has an account is refused by the server.
    await page.getByLabel('Denumire firma').fill('Transport Rapid SRL');
    await page.getByLabel('Email').fill(DEMO.client.email);
    await page.getByLabel('Telefon').fill('+40722000111');
    await page.getByLabel('Parola', { exact: true }).fill('Parola123!');
    await page.getByRole('button', { name: 'Creeaza cont' }).click();
    await expect(page.getByText('Exista deja un cont cu aceasta adresa de email!')).toBeVisible();

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Creeaza cont' }).click();
    await expect(page.getByRole('heading', { name: 'Setari' })).toBeVisible();

    await page.getByRole('button', { name: /Contul meu/ }).click();
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole('menuitem', { name: 'Deconectare' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // The session is gone: a protected page sends the visitor to the login page.
    await page.goto('/profile/settings');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%2Fsettings/);
    await signIn(page, { email, password: 'Parola123!' });
  });

  test('an individual registers with a Romanian mobile number', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Persoana fizica').check();
    await page.getByLabel('Nume si prenume').fill('Ion Ionescu');
    await page.getByLabel('Email').fill(uniqueEmail('ion'));
    await page.getByLabel('Telefon').fill('0744123456');
    await page.getByLabel('Parola', { exact: true }).fill('Parola123!');
    await page.getByRole('button', { name: 'Creeaza cont' }).click();
    await expect(page.getByRole('heading', { name: 'Setari' })).toBeVisible();
  });

  test('a protected page asked for while signed out is shown after signing in', async ({ page }) => {
    await page.goto('/profile/settings/security');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%2Fsettings%2Fsecurity$/);
    // Spaces and capitals around the email are the form's to drop.
    await page.getByLabel('Email').fill(` ${DEMO.client2.email.toUpperCase()} `);
    await page.getByLabel('Parola', { exact: true }).fill(DEMO.client2.password);
    await page.getByRole('button', { name: 'Autentificare' }).click();
    await expect(page).toHaveURL(/\/profile\/settings\/security$/);
    await expect(page.getByRole('heading', { name: 'Securitate' })).toBeVisible();
  });

  test('an unknown page shows a clear not-found screen', async ({ page }) => {
    await page.goto('/nu-exista');
    await expect(page.getByRole('heading', { name: 'Pagina nu exista' })).toBeVisible();
    await expectAccessible(page);
  });
});
