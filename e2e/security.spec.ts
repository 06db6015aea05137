import type { Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, signIn, test, registerClient } from './support/fixtures';

async function registerFreshUser(page: Page, password: string) {
  const email = await registerClient(page, 'Parole Test SRL', 'parola', '+40722555666', password);
  return email;
}

test('a user changes the password: each rule shows its message, then the new password works', async ({ page }) => {
  const email = await registerFreshUser(page, 'Initiala123!');
  await page.getByRole('link', { name: /Securitate/ }).click();
  await expect(page).toHaveURL(/\/profile\/settings\/security$/);
  await expectAccessible(page);

  const save = page.getByRole('button', { name: 'Schimba parola' });
  const oldField = page.getByLabel('Parola veche');
  const newField = page.getByLabel('Parola noua', { exact: true });
  const confirmField = page.getByLabel('Confirmare parola noua');

  await save.click();
  await expect(page.getByText('Parola veche este obligatorie!')).toBeVisible();
  await expect(page.getByText('Noua parola trebuie sa aiba minim 8 caractere')).toBeVisible();

  await oldField.fill('Initiala123!');
  await newField.fill('scurt');
  await confirmField.fill('scurt');
  await save.click();
  await expect(page.getByText('Noua parola trebuie sa aiba minim 8 caractere')).toBeVisible();

  await newField.fill('NouaParola2026!');
  await confirmField.fill('AltaParola2026!');
  await save.click();
  await expect(page.getByText('Noua parola trebuie sa coincida cu parola de confirmare')).toBeVisible();

  // A wrong old password is the server's refusal, shown under the field and in a snackbar.
  await oldField.fill('GresitaVeche1!');
  await confirmField.fill('NouaParola2026!');
  await save.click();
  await expect(page.getByText('Parola veche este incorecta!').first()).toBeVisible();
  await screenshot(page, 'security-wrong-old-password');

  await oldField.fill('Initiala123!');
  await save.click();
  await expect(page.getByText('Parola a fost schimbata cu succes!')).toBeVisible();
  await expect(oldField).toHaveValue('');
  await expectAccessible(page);
  await screenshot(page, 'security-changed');

  // The rotated session still works on this page; the old password no longer signs in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Securitate' })).toBeVisible();
  await page.getByRole('button', { name: /Contul meu/ }).click();
  await page.getByRole('menuitem', { name: 'Deconectare' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Parola', { exact: true }).fill('Initiala123!');
  await page.getByRole('button', { name: 'Autentificare' }).click();
  await expect(page.getByRole('alert')).toHaveText('Adresa de email sau parola este incorecta!');
  await signIn(page, { email, password: 'NouaParola2026!' });
});
