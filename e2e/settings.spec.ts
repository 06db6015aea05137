import type { Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, test, registerClient } from './support/fixtures';

async function freshClient(page: Page) {
  const email = await registerClient(page, 'Setari Test SRL', 'setari', '+40722555666');
  return email;
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('repayment account: saved values survive a reload; bad values are refused and change nothing', async ({ page }) => {
  await freshClient(page);
  await page.getByRole('main').getByRole('link', { name: /^Rambursuri/ }).click();
  await expect(page.getByRole('heading', { name: 'Rambursuri' })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Titular cont').fill('Setari Test SRL');
  await page.getByLabel('Cont IBAN').fill('ro66 bacx 0000 0012 3456 7890');
  await expect(page.getByText('Banca: UniCredit Bank')).toBeVisible();
  await choose(page, 'Cat de des primiti banii', 'La fiecare 3 zile');
  await choose(page, 'Suma minima pentru plata', '1.000,00 lei');
  await choose(page, 'Asteptare rambursuri in procesare', 'Nu astept');
  await page.getByRole('button', { name: 'Salveaza' }).click();
  await expect(page.getByText('Datele contului de rambursare au fost salvate cu succes!')).toBeVisible();
  await screenshot(page, 'settings-repayment');

  await page.reload();
  await expect(page.getByLabel('Cont IBAN')).toHaveValue('RO66BACX0000001234567890');
  await expect(page.getByRole('combobox', { name: 'Cat de des primiti banii' })).toHaveText('La fiecare 3 zile');
  await expect(page.getByRole('combobox', { name: 'Suma minima pentru plata' })).toHaveText('1.000,00 lei');
  await expect(page.getByRole('combobox', { name: 'Asteptare rambursuri in procesare' })).toHaveText('Nu astept');

  // Checked in the browser: a wrong check digit, an empty or invalid holder.
  await page.getByLabel('Cont IBAN').fill('RO48AAAA1B31007593840000');
  await page.getByLabel('Titular cont').fill('');
  await page.getByRole('button', { name: 'Salveaza' }).click();
  await expect(page.getByText('Contul IBAN este invalid!')).toBeVisible();
  await expect(page.getByText('Numele titularului de cont este obligatoriu!')).toBeVisible();
  await expect(page.getByText('Nu am putut salva setarile. Campuri invalide!')).toBeVisible();
  await page.getByLabel('Titular cont').fill('Setari <Test>');
  await page.getByRole('button', { name: 'Salveaza' }).click();
  await expect(page.getByText('Numele titularului de cont este invalid!')).toBeVisible();

  // Refused by the server: the provider's own account.
  await page.getByLabel('Titular cont').fill('Setari Test SRL');
  await page.getByLabel('Cont IBAN').fill('RO49AAAA1B31007593840000');
  await page.getByRole('button', { name: 'Salveaza' }).click();
  const provider = 'Contul introdus apartine Colete Online! Va rugam sa introduceti contul dumneavoastra.';
  await expect(page.getByText(provider).first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'settings-repayment-errors');
  await page.reload();
  await expect(page.getByLabel('Cont IBAN')).toHaveValue('RO66BACX0000001234567890');
});

test('mail and SMS notifications: addresses are checked, at most 3 per item, saved across a reload', async ({ page }) => {
  const email = await freshClient(page);
  await page.getByRole('link', { name: /Notificari/ }).click();
  await expect(page).toHaveURL(/\/profile\/settings\/notify\/mail$/);
  const first = page.getByLabel('Email 1 - Facturi');
  await expect(first).toHaveValue(email);
  await expect(page.getByRole('button', { name: 'Sterge adresa 1 - Facturi' })).toBeDisabled();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Adauga adresa - Facturi' }).click();
  await page.getByLabel('Email 2 - Facturi').fill('contabil@firma');
  await page.getByLabel('Email 2 - Facturi').blur();
  await expect(page.getByText('Adresa de email este invalida!')).toBeVisible();
  await page.getByRole('button', { name: 'Salveaza' }).click();
  await expect(page.getByText('Nu am putut salva setarile. Campuri invalide!')).toBeVisible();
  await page.getByLabel('Email 2 - Facturi').fill('contabil@firma.ro');
  await page.getByRole('button', { name: 'Adauga adresa - Facturi' }).click();
  await page.getByLabel('Email 3 - Facturi').fill('arhiva@firma.ro');
  await expect(page.getByRole('button', { name: 'Adauga adresa - Facturi' })).toHaveCount(0);
  await page.getByRole('group', { name: 'Retururi' }).getByRole('switch').uncheck();
  // The mail of new e-Factura invoices is off until asked for.
  const einvoice = page.getByRole('group', { name: 'e-Factura: facturi primite' }).getByRole('switch');
  await expect(einvoice).not.toBeChecked();
  await einvoice.check();
  await page.getByRole('button', { name: 'Salveaza' }).click();
  await expect(page.getByText('Setarile notificarilor prin email au fost salvate cu succes!')).toBeVisible();
  await screenshot(page, 'settings-notify-mail');

  await page.reload();
  await expect(page.getByLabel('Email 3 - Facturi')).toHaveValue('arhiva@firma.ro');
  await expect(page.getByRole('group', { name: 'Retururi' }).getByRole('switch')).not.toBeChecked();
  await expect(page.getByRole('group', { name: 'e-Factura: facturi primite' }).getByRole('switch')).toBeChecked();

  await page.getByRole('tab', { name: 'SMS' }).click();
  await expect(page).toHaveURL(/notify\/sms$/);
  const second = page.getByRole('switch', { name: /al doilea numar/ });
  await second.check();
  await page.getByRole('button', { name: 'Salveaza' }).click();
  await expect(page.getByText('Setarile notificarilor prin SMS au fost salvate cu succes!')).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByRole('switch', { name: /al doilea numar/ })).toBeChecked();
  await page.getByRole('switch', { name: /cand curierul ridica/ }).uncheck();
  await expect(page.getByRole('switch', { name: /al doilea numar/ })).toBeDisabled();
});

test('print: the label format and order printing are saved', async ({ page }) => {
  await freshClient(page);
  await page.getByRole('link', { name: /Printare/ }).click();
  await expect(page.getByRole('radio', { name: 'A4' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('radio', { name: 'A6 (10 x 15 cm)' }).click();
  await page.getByRole('button', { name: 'Salveaza' }).click();
  await expect(page.getByText('Setarile de printare au fost salvate cu succes!')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'settings-print');
  await page.reload();
  await expect(page.getByRole('radio', { name: 'A6 (10 x 15 cm)' })).toHaveAttribute('aria-checked', 'true');

  await page.getByRole('tab', { name: 'Printare comenzi' }).click();
  await page.getByLabel(/Nu, curierul aduce eticheta/).check();
  await page.getByRole('button', { name: 'Salveaza' }).click();
  await expect(page.getByText('Setarea de printare a comenzilor a fost salvata cu succes!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/Nu, curierul aduce eticheta/)).toBeChecked();
  await expectAccessible(page);
});

test('schedule: Monday to Friday hours in half hours, the end after the start', async ({ page }) => {
  await freshClient(page);
  await page.getByRole('link', { name: /Program/ }).click();
  await expect(page.getByText('Luni - Vineri')).toBeVisible();
  await choose(page, 'De la ora', '10:00');
  await choose(page, 'Pana la ora', '18:30');
  await page.getByRole('button', { name: 'Salveaza' }).click();
  await expect(page.getByText('Programul de lucru a fost salvat cu succes!')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'settings-schedule');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Pana la ora' })).toHaveText('18:30');

  // The start list stops at 15:30; an end before the start is refused.
  await page.getByRole('combobox', { name: 'De la ora' }).click();
  await expect(page.getByRole('option', { name: '15:30' })).toBeVisible();
  await expect(page.getByRole('option', { name: '16:00' })).toHaveCount(0);
  await page.getByRole('option', { name: '15:30' }).click();
  await choose(page, 'Pana la ora', '09:00');
  await page.getByRole('button', { name: 'Salveaza' }).click();
  await expect(page.getByText('Ora de sfarsit trebuie sa fie dupa ora de inceput!')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'De la ora' })).toHaveText('10:00');
});

for (const width of [1440, 390]) {
  test(`mail notifications at ${width} px: an invalid address is shown at its field, scrolled into view, and nothing typed is lost`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    const email = await freshClient(page);
    await page.getByRole('link', { name: /Notificari/ }).click();
    await expect(page.getByLabel('Email 1 - Facturi')).toHaveValue(email);

    // Valid changes further down, and a bad address in the first item, far above the save button.
    await page.getByRole('group', { name: 'Alerte de livrare' }).getByRole('switch').uncheck();
    await page.getByRole('button', { name: 'Adauga adresa - Retururi' }).click();
    await page.getByLabel('Email 2 - Retururi').fill('retururi@firma.ro');
    const bad = page.getByLabel('Email 1 - Facturi');
    await bad.fill('contabil@firma');
    await page.getByRole('button', { name: 'Salveaza' }).click();

    // The section's message, the field's own message right under it, and the field in view.
    await expect(page.getByText('Nu am putut salva setarile. Campuri invalide!')).toBeVisible();
    const group = page.getByRole('group', { name: 'Facturi' });
    await expect(group.getByText('Adresa de email este invalida!')).toBeVisible();
    await expect(bad).toBeInViewport();
    await expect(bad).toBeFocused();
    await expect(bad).toHaveAttribute('aria-invalid', 'true');
    await screenshot(page, `settings-notify-mail-invalid-${width}`);

    // Nothing was saved, and nothing typed was lost.
    await expect(page.getByLabel('Email 2 - Retururi')).toHaveValue('retururi@firma.ro');
    await expect(page.getByRole('group', { name: 'Alerte de livrare' }).getByRole('switch')).not.toBeChecked();
    await expect(bad).toHaveValue('contabil@firma');

    // The refusal's snackbar never lies over the save button (on a phone it shows at the top).
    const snack = page.locator('#notistack-snackbar');
    await expect(snack).toBeVisible();
    const save = page.getByRole('button', { name: 'Salveaza' });
    const [s, b] = [(await snack.boundingBox())!, (await save.boundingBox())!];
    expect(s.y + s.height <= b.y || b.y + b.height <= s.y || s.x + s.width <= b.x || b.x + b.width <= s.x).toBe(true);

    // Corrected where it stands, and saved with the button while the snackbar still shows.
    await bad.fill('contabil@firma.ro');
    await expect(group.getByText('Adresa de email este invalida!')).toHaveCount(0);
    await expect(snack).toBeVisible();
    await save.click();
    await expect(page.getByText('Setarile notificarilor prin email au fost salvate cu succes!')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Email 1 - Facturi')).toHaveValue('contabil@firma.ro');
    await expect(page.getByLabel('Email 2 - Retururi')).toHaveValue('retururi@firma.ro');
    await expect(page.getByRole('group', { name: 'Alerte de livrare' }).getByRole('switch')).not.toBeChecked();
  });
}
