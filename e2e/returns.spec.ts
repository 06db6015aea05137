import type { Locator, Page } from '@playwright/test';
import { messages } from '@colete/contract';
import { DEMO, expect, expectAccessible, screenshot, signIn, test } from './support/fixtures';

const SHOTS = '/tmp/shots-h5-returns';
const m = messages.shipments;
/** A drawn logo, 240 x 80 px, that the server accepts (only drawing elements). */
const LOGO_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80"><rect width="240" height="80" rx="8" fill="#0d47a1"/><text x="120" y="52" fill="#fff" font-size="34" font-family="sans-serif" text-anchor="middle">Magazin</text></svg>',
);

/** The page (or one part of it) at 1440 and 390 px, for a person to look at. */
async function shots(page: Page, name: string, part?: Locator) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    if (part) await part.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
    else await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** A return a customer sent from the template's public page: found in the list, read, its parcel corrected, activated with a chosen courier. */
test('the merchant finds a customer return under the customer’s name, corrects its parcel, picks a courier and activates it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.client);
  await page.goto('/profile/orders');
  await page.getByLabel('Cauta').fill('CMD-10045');
  const table = page.getByRole('table', { name: 'Comenzi' });
  const row = table.getByRole('row').filter({ hasText: 'CMD-10045' });
  await expect(row).toHaveCount(1);
  // The search applied: the header and the one return.
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(row.getByText('Retur', { exact: true })).toBeVisible();
  await expect(row.getByText('Neactivata')).toBeVisible();
  // The customer who sends it back, not the merchant's own warehouse (the return's recipient).
  await expect(row.getByRole('link', { name: 'Ioana Marin' })).toBeVisible();
  await expect(row).toContainText('Expeditor: Timișoara, Timiș');
  await shots(page, 'returns-list');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('list', { name: 'Comenzi' }).getByRole('link').filter({ hasText: 'CMD-10045' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Comenzi' }).getByText('Ioana Marin · Timișoara')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 720 });
  await row.click();

  // The customer's answers, with the form's labels.
  const answers = page.getByRole('region', { name: 'Formular de retur' });
  await expect(answers.getByText('Marimea este prea mica')).toBeVisible();
  await expect(answers.getByText('Geaca de iarna', { exact: false })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Adrese' }).getByText('Ioana Marin')).toBeVisible();

  // The default parcel is corrected before activation: heavier, and a second one.
  const contents = page.getByRole('region', { name: 'Colete' });
  await expect(contents.getByRole('list', { name: 'Colete' })).toContainText('Colet: 1 kg, 30 x 20 x 10 cm');
  await contents.getByRole('button', { name: 'Modifica coletele' }).click();
  const edit = contents.getByRole('form', { name: 'Modificare colete' });
  const first = edit.getByRole('group', { name: 'Colet 1' });
  await first.getByLabel('Greutate (kg)').fill('0');
  await edit.getByRole('button', { name: 'Salveaza coletele' }).click();
  await expect(first.getByText(m.weightMin)).toBeVisible();
  await first.getByLabel('Greutate (kg)').fill('3,5');
  await first.getByLabel('Inaltime (cm)').fill('25');
  await edit.getByRole('button', { name: 'Adauga colet' }).click();
  const second = edit.getByRole('group', { name: 'Colet 2' });
  await second.getByLabel('Greutate (kg)').fill('1,2');
  await second.getByLabel('Lungime (cm)').fill('40');
  await second.getByLabel('Latime (cm)').fill('30');
  await second.getByLabel('Inaltime (cm)').fill('10');
  await edit.getByLabel('Continut').fill('Retur geaca si fular');
  await expectAccessible(page);
  await shots(page, 'return-draft-editing', contents);
  await edit.getByRole('button', { name: 'Salveaza coletele' }).click();
  await expect(page.getByText(m.draftUpdated)).toBeVisible();
  await expect(contents.getByRole('list', { name: 'Colete' })).toContainText('Colet: 3,5 kg, 30 x 20 x 25 cm');
  await expect(contents.getByRole('list', { name: 'Colete' })).toContainText('Colet: 1,2 kg, 40 x 30 x 10 cm');
  await expect(contents).toContainText('Retur geaca si fular');

  // No service yet: the offers for the corrected parcels, activation only once one is chosen.
  const choose = page.getByRole('region', { name: 'Alegeti serviciul de curierat' });
  const activate = choose.getByRole('button', { name: 'Activeaza comanda' });
  await expect(activate).toBeDisabled();
  const standard = choose.getByRole('region', { name: 'Standard' });
  await standard.getByRole('radio', { disabled: false }).first().check();
  await expect(activate).toBeEnabled();
  await expectAccessible(page);
  await screenshot(page, 'return-choose-service');
  await activate.click();
  await expect(page.getByText(m.activated)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Status' }).getByText('AWB generat, asteapta preluarea')).toBeVisible();
  await expect(page.getByTestId('awb')).toBeVisible();
  await expect(choose).toHaveCount(0);
  // Activated: neither changed nor deleted any more.
  await expect(contents.getByRole('button', { name: 'Modifica coletele' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sterge comanda' })).toHaveCount(0);
  await screenshot(page, 'return-activated');
});

test('a shipment saved for later is changed and, after a confirmation, deleted', async ({ page }) => {
  await signIn(page, DEMO.client);
  const saved = await page.request.post('/api/shipments', {
    data: {
      sender: { contactName: 'Ana Expeditor', contactPhone: '+40722000001', countyCode: 'B', city: 'Sectorul 1', postalCode: '010093', street: 'Calea Victoriei', number: '120' },
      recipient: { contactName: 'Dan Ciorna', contactPhone: '+40744123456', countyCode: 'CJ', city: 'Cluj-Napoca', postalCode: '400114', street: 'Memorandumului', number: '5' },
      packages: [{ type: 'parcel', weight: 2, length: 30, width: 20, height: 15 }],
      content: 'Carti',
      options: { cod: { active: false, amount: 0 }, insurance: { active: false, amount: 0 }, openAtDelivery: false, saturdayDelivery: false },
      requestKey: `draft-${Date.now()}`,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const uniqueId = ((await saved.json()) as { shipment: { uniqueId: string } }).shipment.uniqueId;
  await page.goto(`/profile/details/order/${uniqueId}`);

  // Changed: an envelope instead of the parcel.
  const contents = page.getByRole('region', { name: 'Colete' });
  await contents.getByRole('button', { name: 'Modifica coletele' }).click();
  const edit = contents.getByRole('form', { name: 'Modificare colete' });
  await edit.getByRole('button', { name: 'Plic' }).click();
  await edit.getByLabel('Greutate (kg)').fill('0,3');
  await edit.getByLabel('Lungime (cm)').fill('24');
  await edit.getByLabel('Latime (cm)').fill('16');
  await edit.getByLabel('Inaltime (cm)').fill('3');
  await edit.getByRole('button', { name: 'Salveaza coletele' }).click();
  await expect(page.getByText(m.draftUpdated)).toBeVisible();
  await expect(contents.getByRole('list', { name: 'Colete' })).toHaveText('Plic: 0,3 kg, 24 x 16 x 3 cm');

  // Deleting asks first; 'Renunta' keeps it.
  await page.getByRole('button', { name: 'Sterge comanda' }).click();
  const dialog = page.getByRole('dialog', { name: 'Stergere comanda' });
  await expect(dialog).toContainText('Comanda salvata va fi stearsa definitiv.');
  await dialog.getByRole('button', { name: 'Renunta' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(contents).toBeVisible();
  await page.getByRole('button', { name: 'Sterge comanda' }).click();
  await dialog.getByRole('button', { name: 'Sterge comanda' }).click();
  await expect(page.getByText(m.draftDeleted)).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/orders$/);
  await page.goto(`/profile/details/order/${uniqueId}`);
  await expect(page.getByRole('alert').getByText(m.notFound)).toBeVisible();
});

test('the public return form shows every missing field at once, the form’s own fields first, and its logo at a readable size', async ({ page, browser }) => {
  test.setTimeout(90_000);
  // The demo shop gets a logo wider than the page's minimum.
  await signIn(page, DEMO.client);
  const upload = await page.request.put('/api/order-template/upload-photo/demo-retur', { multipart: { file: { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: LOGO_SVG } } });
  expect(upload.status(), await upload.text()).toBe(200);

  const customer = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const pub = await customer.newPage();
  try {
    await pub.goto('/order/return/demo-retur');
    const logo = pub.getByRole('img', { name: /^Logo / });
    await expect(logo).toBeVisible();
    // Measured once the picture has arrived: before that the box is only its padding and border.
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const box = (await logo.boundingBox())!;
    expect(box.width, 'the logo is at least 96 px wide on a phone').toBeGreaterThanOrEqual(96);
    expect(box.x + box.width).toBeLessThanOrEqual(390);

    await pub.getByRole('button', { name: 'Trimite cererea de retur' }).click();
    const form = pub.getByRole('region', { name: 'Formular de retur' });
    // Every required field says so at once: the form's own fields ...
    await expect(form.getByText('Campul este obligatoriu!')).toHaveCount(5);
    // ... the customer's contact ...
    await expect(pub.getByText('Numele persoanei de contact este obligatoriu!')).toBeVisible();
    await expect(pub.getByText('Adresa de email este obligatorie!')).toBeVisible();
    // ... and the address.
    const address = pub.getByRole('region', { name: 'Adresa de ridicare' });
    for (const text of ['Judetul este obligatoriu!', 'Localitatea este obligatorie!', 'Codul postal este obligatoriu!']) await expect(address.getByText(text)).toBeVisible();
    await expect(address.getByRole('textbox', { name: 'Numar' })).toHaveAttribute('aria-invalid', 'true');
    await expect(address.getByText('Campul este obligatoriu!')).toHaveCount(1);
    // The first field of the form is where the customer is taken.
    await expect(form.getByLabel('Numarul comenzii')).toBeFocused();
    await expect(form.getByLabel('Numarul comenzii')).toBeInViewport();
    await shots(pub, 'public-return-errors');

    // The first text answers given, the first field still missing is the refund choice (a radio group), before the table and the contact.
    await form.getByLabel('Numarul comenzii').fill('10045');
    await form.getByLabel('Motivul returului').fill('Prea mic');
    await pub.getByRole('button', { name: 'Trimite cererea de retur' }).click();
    await expect(form.getByRole('radio', { name: 'Voucher' })).toBeFocused();
    await expect(form.getByRole('radio', { name: 'Voucher' })).toBeInViewport();
    await form.getByRole('radio', { name: 'Voucher' }).check();
    await pub.getByRole('button', { name: 'Trimite cererea de retur' }).click();
    await expect(form.getByLabel('Produs (randul 1)')).toBeFocused();
    await expectAccessible(pub);
    await shots(pub, 'public-return-page');
  } finally {
    await customer.close();
  }
});
