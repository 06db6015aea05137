import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Saturday delivery is offered only on Fridays, Bucharest time (spec 002). Both days run every day,
 * each in its own file (a server's clock is set per worker): the browser's clock (page.clock) and
 * the server's (TEST_CLOCK, accepted only in tests) are set to the same instant, 09:00 in
 * Bucharest, before every courier's Saturday cut-off.
 */
export const FRIDAY = '2026-11-20T07:00:00Z';
export const THURSDAY = '2026-11-19T07:00:00Z';

/** The new-shipment form filled up to the offers: the demo office to Cluj-Napoca, one parcel. */
export async function newShipment(page: Page) {
  await page.goto('/profile/orders/new');
  await expect(page.getByRole('heading', { name: 'Comanda noua' })).toBeVisible();
  const sender = page.getByRole('region', { name: 'Expeditor' });
  await sender.getByRole('combobox', { name: 'Adresa din agenda' }).fill('Birou');
  await page.getByRole('option', { name: /Birou Bucuresti/ }).click();
  const recipient = page.getByRole('region', { name: 'Destinatar' });
  await recipient.getByLabel('Persoana de contact').fill('Ana Marin');
  await recipient.getByLabel('Telefon').fill('0744123456');
  await recipient.getByLabel('Cod postal').fill('400114');
  await expect(recipient.getByRole('combobox', { name: 'Localitate' })).toHaveValue('Cluj-Napoca');
  await recipient.getByLabel('Numar').fill('5');
  const parcel = page.getByRole('region', { name: 'Colete' }).getByRole('group', { name: 'Colet 1' });
  await parcel.getByLabel('Greutate (kg)').fill('2');
  await parcel.getByLabel('Lungime (cm)').fill('30');
  await parcel.getByLabel('Latime (cm)').fill('20');
  await parcel.getByLabel('Inaltime (cm)').fill('15');
  await page.getByRole('region', { name: 'Detalii expediere' }).getByLabel('Continut').fill('Carti');
  const couriers = page.getByRole('region', { name: 'Lista curieri' });
  await expect(couriers.getByRole('heading', { name: 'Standard' })).toBeVisible();
  return { options: page.getByRole('region', { name: 'Optiuni extra' }), couriers };
}

/** The same shipment as the form sends it, for asking the server directly. */
export const draft = (saturdayDelivery: boolean) => ({
  sender: { contactName: 'Ana Expeditor', contactPhone: '+40722000001', countyCode: 'B', city: 'Sectorul 1', postalCode: '010093', street: 'Calea Victoriei', number: '120' },
  recipient: { contactName: 'Ana Marin', contactPhone: '+40744123456', countyCode: 'CJ', city: 'Cluj-Napoca', postalCode: '400114', street: 'Memorandumului', number: '5' },
  packages: [{ type: 'parcel', weight: 2, length: 30, width: 20, height: 15 }],
  content: 'Carti',
  options: { cod: { active: false, amount: 0 }, insurance: { active: false, amount: 0 }, openAtDelivery: false, saturdayDelivery },
});

export const offerNames = (group: Locator) => group.getByRole('radio').evaluateAll((boxes) => boxes.map((b) => b.getAttribute('aria-label')));

