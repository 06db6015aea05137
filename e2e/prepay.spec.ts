import type { Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, test, payWithCard, registerClient } from './support/fixtures';

async function freshClient(page: Page) {
  await registerClient(page, 'Preplatit Test SRL', 'preplatit', '+40722555666');
  await page.getByRole('navigation', { name: 'Navigare principala' }).getByRole('link', { name: 'Cont preplatit' }).click();
  await expect(page.getByRole('heading', { name: 'Cont preplatit' })).toBeVisible();
}

test('a top-up with a good card raises the balance; a declined card does not', async ({ page }) => {
  await freshClient(page);
  await expect(page.getByTestId('balance')).toHaveText('0,00 lei');
  await expect(page.getByText('Nu exista miscari in cont.')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Suma (lei)').fill('5');
  await page.getByRole('button', { name: 'Plateste cu cardul' }).click();
  await expect(page.getByText('Suma trebuie sa fie intre 10 si 50.000 lei!')).toBeVisible();

  await page.getByRole('button', { name: '500,00 lei' }).click();
  await screenshot(page, 'prepay');
  await page.getByRole('button', { name: 'Plateste cu cardul' }).click();
  await expect(page.getByRole('heading', { name: 'Plata cu cardul' })).toBeVisible();
  await expect(page.getByText('500,00 lei').first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'card-simulator');

  // A mistyped number is refused on the processor's page.
  await payWithCard(page, '4242 4242 4242 4241');
  await expect(page.getByText('Numarul cardului este invalid.')).toBeVisible();
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Plata a fost efectuata cu succes!' })).toBeVisible();
  await expect(page.getByText('Sold disponibil: 500,00 lei')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'after-payment-success');

  await page.getByRole('link', { name: 'Inapoi la contul preplatit' }).click();
  await expect(page.getByTestId('balance')).toHaveText('500,00 lei');
  await expect(page.getByRole('cell', { name: 'Reincarcare cont cu cardul Visa **** 4242' })).toBeVisible();

  await page.getByRole('button', { name: '200,00 lei' }).click();
  await page.getByRole('button', { name: 'Plateste cu cardul' }).click();
  await payWithCard(page, '4000 0000 0000 0002');
  await expect(page.getByRole('heading', { name: 'Plata a fost refuzata. Va rugam verificati datele cardului sau folositi alt card.' })).toBeVisible();
  await expect(page.getByText('Sold disponibil: 500,00 lei')).toBeVisible();
  await screenshot(page, 'after-payment-declined');
  await page.getByRole('link', { name: 'Incercati din nou' }).click();
  await expect(page.getByTestId('balance')).toHaveText('500,00 lei');
});

test('a card that needs 3-D Secure pays once the holder confirms', async ({ page }) => {
  await freshClient(page);
  await page.getByLabel('Suma (lei)').fill('75,50');
  await page.getByRole('button', { name: 'Plateste cu cardul' }).click();
  await payWithCard(page, '4000 0000 0000 3220');
  await expect(page.getByRole('heading', { name: 'Confirmare 3-D Secure' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirma plata' }).click();
  await expect(page.getByRole('heading', { name: 'Plata a fost efectuata cu succes!' })).toBeVisible();
  await expect(page.getByText('Sold disponibil: 75,50 lei')).toBeVisible();
});
