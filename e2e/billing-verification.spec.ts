import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, payWithCard, screenshot, test, registerClient } from './support/fixtures';

async function freshClient(page: Page, name: string) {
  await registerClient(page, name, 'verificare', '+40722555666');
}

/** How many lines an element's text takes, and the most words any line holds (a squeezed text has one word a line). */
async function lineLayout(el: Locator) {
  return el.evaluate((node) => {
    const range = document.createRange();
    const tops = new Map<number, number>();
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const text = t.textContent ?? '';
      const re = /\S+/g;
      for (let m = re.exec(text); m; m = re.exec(text)) {
        range.setStart(t, m.index);
        range.setEnd(t, m.index + m[0].length);
        const top = Math.round(range.getClientRects()[0]?.top ?? 0);
        tops.set(top, (tops.get(top) ?? 0) + 1);
      }
    }
    return { lines: tops.size, mostWordsOnALine: Math.max(...tops.values()) };
  });
}

test('the add dialog fills a company from its CUI; a name the register does not hold is refused with the register’s name', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await freshClient(page, 'Cautare Firma SRL');
  await page.goto('/profile/billing/data/list');
  await page.getByRole('button', { name: 'Adauga date de facturare' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adauga date de facturare' });

  // An unknown CUI: a clear message, nothing filled.
  await dialog.getByLabel('Cod fiscal (CUI)').fill('68596620');
  await dialog.getByRole('button', { name: 'Cauta la ANAF' }).click();
  await expect(dialog.getByText('Codul fiscal 68596620 nu este inregistrat la ANAF. Verificati codul introdus.')).toBeVisible();
  await expect(dialog.getByLabel('Denumire firma')).toHaveValue('');

  // A typed name that is not the register's: refused on the field, with the register's name.
  await dialog.getByLabel('Denumire firma').fill('Alta Firma SRL');
  await dialog.getByLabel('Cod fiscal (CUI)').fill('RO14399840');
  await dialog.getByLabel('Cod postal').fill('400114');
  await expect(dialog.getByRole('combobox', { name: 'Localitate' })).toHaveValue('Cluj-Napoca');
  await dialog.getByLabel('Numar').fill('28');
  await dialog.getByRole('button', { name: 'Salveaza' }).click();
  await expect(dialog.getByText('Denumirea nu corespunde codului fiscal: in registrul ANAF firma se numeste „Demo Logistic SRL”.')).toBeVisible();

  // The look-up fills name, trade register, VAT and the address from the CUI.
  await dialog.getByRole('button', { name: 'Cauta la ANAF' }).click();
  await expect(dialog.getByLabel('Denumire firma')).toHaveValue('Demo Logistic SRL');
  await expect(dialog.getByLabel('Nr. Registrul Comertului (optional)')).toHaveValue('J12/1234/2010');
  await expect(dialog.getByLabel('Platitor de TVA')).toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'Judet' })).toHaveValue('Cluj');
  await expect(dialog.getByRole('combobox', { name: 'Localitate' })).toHaveValue('Cluj-Napoca');
  await expect(dialog.getByRole('combobox', { name: 'Strada' })).toHaveValue('Strada Memorandumului');
  await expect(dialog.getByLabel('Cod postal')).toHaveValue('400114');
  await expect(dialog.getByLabel('Numar')).toHaveValue('28');
  await expect(dialog.getByText('Denumirea, numarul de la Registrul Comertului si adresa au fost completate din registrul ANAF.')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'billing-lookup-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'billing-lookup-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  await dialog.getByRole('button', { name: 'Salveaza' }).click();
  await expect(page.getByText('Datele de facturare au fost salvate cu succes!')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Demo Logistic SRL' }).getByText('Verificat')).toBeVisible();
  await screenshot(page, 'billing-page-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'billing-page-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // A struck-off company is filled too, with a warning that it cannot be invoiced.
  await page.getByRole('button', { name: 'Adauga', exact: true }).click();
  const again = page.getByRole('dialog', { name: 'Adauga date de facturare' });
  await again.getByLabel('Cod fiscal (CUI)').fill('28164640');
  await again.getByRole('button', { name: 'Cauta la ANAF' }).click();
  await expect(again.getByLabel('Denumire firma')).toHaveValue('Vechi Distributie SRL');
  await expect(again.getByText('Firma este radiata sau inactiva in registrul ANAF: nu se pot emite facturi pe ea.')).toBeVisible();
});

test('at 390 px the unsettled banner is readable, and settling without a bank account names Setari > Rambursuri with a link there', async ({ page }) => {
  await freshClient(page, 'Banner Decontare SRL');
  // A prepaid balance (a card top-up) makes the account not settled.
  await page.goto('/profile/prepay');
  await page.getByRole('button', { name: '200,00 lei' }).click();
  await page.getByRole('button', { name: 'Plateste cu cardul' }).click();
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Plata a fost efectuata cu succes!' })).toBeVisible();
  // A company so the banner also says why editing waits (the longest text it shows).
  const saved = await page.request.post('/api/user/billing/data', {
    data: { entityData: { name: 'Transport Rapid SA', isCompany: true, identificationCode: '4221306' }, address: { countyCode: 'CJ', city: 'Cluj-Napoca', postalCode: '400114', street: 'Memorandumului', number: '28' } },
  });
  expect(saved.status()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/profile/billing/data/list');
  const banner = page.getByRole('alert').filter({ hasText: 'Cont nedecontat' });
  await expect(banner).toBeVisible();
  const reason = banner.getByText('datele de facturare pot fi modificate dupa decontarea contului', { exact: false });
  // Readable: the text takes most of the banner's width, several words a line, and the button sits under it.
  const [bannerBox, reasonBox, buttonBox] = [await banner.boundingBox(), await reason.boundingBox(), await banner.getByRole('button', { name: 'Deconteaza contul' }).boundingBox()];
  expect(reasonBox!.width).toBeGreaterThan(bannerBox!.width * 0.7);
  const layout = await lineLayout(reason);
  expect(layout.lines).toBeLessThanOrEqual(6);
  expect(layout.mostWordsOnALine).toBeGreaterThanOrEqual(3);
  expect(buttonBox!.y).toBeGreaterThanOrEqual(reasonBox!.y + reasonBox!.height);
  await expectAccessible(page);
  await screenshot(page, 'billing-banner-390');

  // No bank account: the refusal says where to fix it and links there.
  await banner.getByRole('button', { name: 'Deconteaza contul' }).click();
  await page.getByRole('dialog', { name: 'Decontare cont' }).getByRole('button', { name: 'Deconteaza' }).click();
  const refusal = banner.getByText('Pentru a primi soldul ramas, completati contul bancar in Setari > Rambursuri!');
  await expect(refusal).toBeVisible();
  await screenshot(page, 'billing-settle-refused-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectAccessible(page);
  await screenshot(page, 'billing-settle-refused-1440');
  await banner.getByRole('link', { name: 'Setari > Rambursuri' }).click();
  await expect(page).toHaveURL(/\/profile\/settings\/repayment$/);
});
