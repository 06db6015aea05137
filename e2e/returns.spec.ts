import { messages } from '@colete/contract';
import { DEMO, expect, expectAccessible, screenshot, signIn, test } from './support/fixtures';

/** A return a customer sent from the template's public page: found in the list, read, activated with a chosen courier. */
test('the merchant finds a customer return, reads its answers, picks a courier and activates it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.client);
  await page.goto('/profile/orders');
  await page.getByLabel('Cauta').fill('CMD-10045');
  const table = page.getByRole('table', { name: 'Comenzi' });
  const row = table.getByRole('row').filter({ hasText: 'CMD-10045' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Retur', { exact: true })).toBeVisible();
  await expect(row.getByText('Neactivata')).toBeVisible();
  await row.click();

  // The customer's answers, with the form's labels.
  const answers = page.getByRole('region', { name: 'Formular de retur' });
  await expect(answers.getByText('Marimea este prea mica')).toBeVisible();
  await expect(answers.getByText('Geaca de iarna', { exact: false })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Adrese' }).getByText('Ioana Marin')).toBeVisible();

  // No service yet: the offers for it, activation only once one is chosen.
  const choose = page.getByRole('region', { name: 'Alegeti serviciul de curierat' });
  const activate = choose.getByRole('button', { name: 'Activeaza comanda' });
  await expect(activate).toBeDisabled();
  const standard = choose.getByRole('region', { name: 'Standard' });
  await standard.getByRole('radio', { disabled: false }).first().check();
  await expect(activate).toBeEnabled();
  await expectAccessible(page);
  await screenshot(page, 'return-choose-service');
  await activate.click();
  await expect(page.getByText(messages.shipments.activated)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Status' }).getByText('AWB generat, asteapta preluarea')).toBeVisible();
  await expect(page.getByTestId('awb')).toBeVisible();
  await expect(choose).toHaveCount(0);
  await screenshot(page, 'return-activated');
});
