import type { Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, test, payWithCard, registerClient } from './support/fixtures';

async function freshClient(page: Page) {
  await registerClient(page, 'Abonament Test SRL', 'abonament', '+40722555666');
}

const trigger = (page: Page) => page.getByLabel('Reincarca atunci cand soldul scade sub (lei)');

test('a client creates a subscription with a top-up, edits it, deactivates it with CONFIRM and re-enables it', async ({ page }) => {
  await freshClient(page);
  // No subscription yet: the empty state leads to the prepay page.
  await page.getByRole('link', { name: /Abonamente/ }).click();
  await expect(page.getByText('Nu aveti niciun abonament.', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Reincarcati contul' }).click();
  await expect(page.getByRole('heading', { name: 'Cont preplatit' })).toBeVisible();

  await page.getByLabel('Reincarca automat contul cu acest card').check();
  // A trigger above the refill moves the refill to the smallest preset at or above it...
  await trigger(page).fill('300');
  await expect(page.getByRole('button', { name: '500,00 lei' }).last()).toHaveAttribute('aria-pressed', 'true');
  // ...or to a custom amount holding the trigger when no preset is high enough.
  await trigger(page).fill('1200');
  await expect(page.getByLabel('Suma reincarcata (lei)')).toHaveValue('1200');
  await page.getByLabel('Suma reincarcata (lei)').fill('40');
  await page.getByRole('button', { name: 'Plateste cu cardul' }).click();
  await expect(page.getByText('Suma de reincarcare trebuie sa fie de minim 50 lei!')).toBeVisible();
  await page.getByLabel('Suma reincarcata (lei)').fill('1000');
  await page.getByRole('button', { name: 'Plateste cu cardul' }).click();
  await expect(page.getByText('Suma de reincarcare nu poate fi mai mica decat pragul de declansare!')).toBeVisible();

  await trigger(page).fill('100');
  await page.getByRole('button', { name: '200,00 lei' }).last().click();
  // The message goes once the amounts are right.
  await expect(page.getByText('Suma de reincarcare nu poate fi mai mica decat pragul de declansare!')).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'prepay-with-subscription');
  await page.getByRole('button', { name: 'Plateste cu cardul' }).click();
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Plata a fost efectuata cu succes!' })).toBeVisible();

  await page.goto('/profile/settings/card-management/subscriptions');
  const card = page.getByRole('article', { name: 'Visa **** 4242' });
  await expect(card.getByText('Activ', { exact: true })).toBeVisible();
  await expect(card.getByText('Reincarca 200,00 lei cand soldul scade sub 100,00 lei.')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'subscriptions');

  await card.getByRole('button', { name: 'Modifica' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reincarca atunci cand soldul scade sub (lei)').fill('300');
  await expect(dialog.getByRole('button', { name: '500,00 lei' })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: 'Alta suma' }).click();
  await dialog.getByLabel('Suma reincarcata (lei)').fill('45');
  await dialog.getByRole('button', { name: 'Salveaza' }).click();
  await expect(dialog.getByText('Suma de reincarcare trebuie sa fie de minim 50 lei!')).toBeVisible();
  await dialog.getByRole('button', { name: '500,00 lei' }).click();
  await dialog.getByRole('button', { name: 'Salveaza' }).click();
  await expect(page.getByText('Abonamentul a fost actualizat cu succes!')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Reincarca 500,00 lei cand soldul scade sub 300,00 lei.')).toBeVisible();

  await page.getByRole('button', { name: 'Dezactiveaza' }).click();
  const confirm = page.getByRole('dialog', { name: 'Dezactivare abonament' });
  await expect(confirm.getByRole('button', { name: 'Dezactiveaza' })).toBeDisabled();
  await confirm.getByLabel('Confirmare').fill('confirm');
  await expect(confirm.getByRole('button', { name: 'Dezactiveaza' })).toBeDisabled();
  await confirm.getByLabel('Confirmare').fill('CONFIRM');
  await confirm.getByRole('button', { name: 'Dezactiveaza' }).click();
  await expect(page.getByText('Abonamentul a fost dezactivat!')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Visa **** 4242' }).getByText('Inactiv')).toBeVisible();

  await page.goto('/profile/prepay');
  await page.getByRole('article', { name: 'Abonament Visa **** 4242' }).getByRole('button', { name: 'Reactiveaza' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reactiveaza' }).click();
  await expect(page.getByText('Abonamentul a fost reactivat!')).toBeVisible();
  await page.goto('/profile/settings/card-management/subscriptions');
  await expect(page.getByRole('article', { name: 'Visa **** 4242' }).getByText('Activ', { exact: true })).toBeVisible();
});
