import { messages } from '@colete/contract';
import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, screenshot, signIn, test } from './support/fixtures';

const m = messages.shipments;

async function typeAddress(page: Page, region: Locator, a: { name: string; phone: string; postalCode: string; city: string; number: string }) {
  await region.getByLabel('Persoana de contact').fill(a.name);
  await region.getByLabel('Telefon').fill(a.phone);
  await region.getByLabel('Cod postal').fill(a.postalCode);
  await expect(region.getByRole('combobox', { name: 'Localitate' })).toHaveValue(a.city);
  await region.getByLabel('Numar').fill(a.number);
}

test('a shipment saved for later is edited in full on the new-shipment page and stays one draft', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.client);
  await page.goto('/profile/orders/new');
  await expect(page.getByRole('heading', { name: 'Comanda noua' })).toBeVisible();

  const sender = page.getByRole('region', { name: 'Expeditor' });
  await sender.getByRole('combobox', { name: 'Adresa din agenda' }).fill('Birou');
  await page.getByRole('option', { name: /Birou Bucuresti/ }).click();
  await typeAddress(page, page.getByRole('region', { name: 'Destinatar' }), { name: 'Maria Editata', phone: '0744123456', postalCode: '400114', city: 'Cluj-Napoca', number: '5' });
  const parcel = page.getByRole('region', { name: 'Colete' }).getByRole('group', { name: 'Colet 1' });
  await parcel.getByLabel('Greutate (kg)').fill('2,5');
  await parcel.getByLabel('Lungime (cm)').fill('30');
  await parcel.getByLabel('Latime (cm)').fill('20');
  await parcel.getByLabel('Inaltime (cm)').fill('15');
  await page.getByRole('region', { name: 'Detalii expediere' }).getByLabel('Continut').fill('Carti');
  const options = page.getByRole('region', { name: 'Optiuni extra' });
  await options.getByLabel('Ramburs').check();
  await options.getByLabel('Valoare ramburs').fill('150');
  const couriers = page.getByRole('region', { name: 'Lista curieri' });
  await couriers.getByRole('region', { name: 'Standard' }).getByRole('radio').first().check();
  await couriers.getByRole('button', { name: 'Salveaza pentru activare ulterioara' }).click();
  await expect(page.getByRole('heading', { name: 'Detalii comanda' })).toBeVisible();
  const detailsUrl = page.url();
  await expect(page.getByText('150,00 lei').first()).toBeVisible();

  // Its details page opens the new-shipment page on it, every saved value filled in.
  await page.getByRole('link', { name: 'Modifica comanda' }).click();
  await expect(page.getByRole('heading', { name: 'Modifica comanda' })).toBeVisible();
  expect(page.url()).toMatch(/\/profile\/orders\/edit\/[A-Z0-9]+$/);
  const recipient = page.getByRole('region', { name: 'Destinatar' });
  await expect(recipient.getByLabel('Persoana de contact')).toHaveValue('Maria Editata');
  await expect(recipient.getByRole('combobox', { name: 'Localitate' })).toHaveValue('Cluj-Napoca');
  await expect(page.getByRole('region', { name: 'Expeditor' }).getByLabel('Persoana de contact')).not.toHaveValue('');
  await expect(parcel.getByLabel('Greutate (kg)')).toHaveValue('2,5');
  await expect(page.getByRole('region', { name: 'Detalii expediere' }).getByLabel('Continut')).toHaveValue('Carti');
  await expect(options.getByLabel('Valoare ramburs')).toHaveValue('150,00');
  // Offers as usual, the saved service still chosen.
  await expect(couriers.getByRole('button', { name: 'Salveaza modificarile' })).toBeVisible();
  await screenshot(page, 'draft-edit-1440');

  // An invalid phone: its message, and nothing else lost.
  await recipient.getByLabel('Telefon').fill('12');
  await recipient.getByLabel('Telefon').blur();
  await expect(recipient.getByText(messages.common.fieldInvalid)).toBeVisible();
  await expect(couriers.getByRole('button', { name: 'Salveaza modificarile' })).toHaveCount(0);
  await expect(recipient.getByLabel('Persoana de contact')).toHaveValue('Maria Editata');
  await expect(options.getByLabel('Valoare ramburs')).toHaveValue('150,00');
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'draft-edit-invalid-phone-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Corrected, a new cash on delivery amount, saved on the same draft.
  await recipient.getByLabel('Telefon').fill('0744999888');
  await expect(recipient.getByText(messages.common.fieldInvalid)).toHaveCount(0);
  await options.getByLabel('Valoare ramburs').fill('275,5');
  await couriers.getByRole('region', { name: 'Standard' }).getByRole('radio').first().check();
  await couriers.getByRole('button', { name: 'Salveaza modificarile' }).click();
  await expect(page.getByText(m.draftEdited)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Detalii comanda' })).toBeVisible();
  expect(page.url()).toBe(detailsUrl);
  await expect(page.getByText(/744999888/).first()).toBeVisible();
  await expect(page.getByText('275,50 lei').first()).toBeVisible();
  await expect(page.getByText('150,00 lei')).toHaveCount(0);
  await screenshot(page, 'draft-edited-details-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'draft-edited-details-390');

  // Opened again on a phone: the new values are the form's.
  await page.getByRole('link', { name: 'Modifica comanda' }).click();
  await expect(recipient.getByLabel('Telefon')).toHaveValue(/744999888/);
  await expect(options.getByLabel('Valoare ramburs')).toHaveValue('275,50');
  await screenshot(page, 'draft-edit-390');

  // Activated from there: that same draft, now with its AWB, no longer editable.
  await couriers.getByRole('button', { name: 'Activeaza comanda' }).click();
  await expect(page.getByText(m.activated)).toBeVisible();
  await expect(page.getByTestId('awb')).toBeVisible();
  expect(page.url()).toBe(detailsUrl);
  await expect(page.getByRole('link', { name: 'Modifica comanda' })).toHaveCount(0);
});
