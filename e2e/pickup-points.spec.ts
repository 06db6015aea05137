import type { Browser, Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, screenshot, signIn, test, registerClient } from './support/fixtures';

const ADDED = 'Cererea a fost salvata! Vom reveni catre dumneavoastra in momentul care aceasta este procesata!';

async function freshClient(page: Page, company: string) {
  await registerClient(page, company, 'ridicare', '+40722555666');
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navigare principala' });
const missingList = (page: Page) => page.getByRole('alert').filter({ hasText: 'Va rugam sa completati toate campurile!' });

/** The admin, in a browser context of their own, approves or rejects the client's request. */
async function asAdmin(browser: Browser, act: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signIn(page, DEMO.admin);
    await nav(page).getByRole('link', { name: 'Cereri puncte ridicare' }).click();
    await expect(page.getByRole('heading', { name: 'Cereri puncte de ridicare' })).toBeVisible();
    await act(page);
  } finally {
    await context.close();
  }
}

test('a client requests a pick-up point in three steps, an admin approves it, the client asks for its deletion', async ({ page, browser }) => {
  // Two users, three steps and a dozen checks: over a minute on a busy two-core machine.
  test.setTimeout(150_000);
  const company = `Ridicare ${Date.now()} SRL`;
  await freshClient(page, company);
  await nav(page).getByRole('link', { name: 'Puncte de ridicare' }).click();
  await expect(page).toHaveURL(/\/profile\/pick-up-points\/list$/);

  // Empty state: the spec's text, the discounts explained, the unused-points rule, a button to request one.
  await expect(page.getByText('Niciun punct de ridicare definit!')).toBeVisible();
  await expect(page.getByText('primesc o reducere de pret', { exact: false })).toBeVisible();
  await expect(page.getByText('timp de 60 de zile se dezactiveaza automat', { exact: false })).toBeVisible();
  // Clients never see the admin's page in the navigation.
  await expect(nav(page).getByRole('link', { name: 'Cereri puncte ridicare' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'pickup-list-empty');
  await page.getByRole('link', { name: 'Solicita un punct de ridicare' }).click();

  // Step 1: nothing chosen, then a new address with its own errors.
  await expect(page.getByRole('heading', { name: 'Cerere punct de ridicare' })).toBeVisible();
  await expect(page.getByText('Nu aveti nicio adresa salvata.')).toBeVisible();
  await page.getByRole('button', { name: 'Continua' }).click();
  await expect(missingList(page)).toContainText('Alegeti o adresa din agenda sau completati adresa punctului de ridicare!');
  await page.getByRole('radio', { name: 'Adresa noua' }).check();
  await page.getByRole('button', { name: 'Continua' }).click();
  await expect(missingList(page)).toContainText('Adresa punctului de ridicare este incompleta sau invalida!');
  await expect(page.getByText('Numele persoanei de contact este obligatoriu!')).toBeVisible();
  await expect(page.getByText('Judetul este obligatoriu!')).toBeVisible();
  await expect(page.getByText('Numele adresei este obligatoriu!')).toBeVisible();

  await page.getByLabel('Persoana de contact').fill('Mihai Pop');
  await page.getByLabel('Telefon', { exact: true }).fill('0722');
  await page.getByRole('combobox', { name: 'Judet' }).click();
  await page.getByRole('option', { name: 'Cluj', exact: true }).click();
  await page.getByRole('combobox', { name: 'Localitate' }).fill('napoca');
  await page.getByRole('option', { name: 'Cluj-Napoca' }).click();
  await page.getByRole('combobox', { name: 'Strada' }).fill('memorand');
  await page.getByRole('option', { name: 'Strada Memorandumului' }).click();
  await page.getByLabel('Numar').fill('28');
  await page.getByLabel('Nume adresa').fill('Depozit Memorandumului');
  await page.getByRole('button', { name: 'Continua' }).click();
  await expect(page.getByText('Campul este invalid!')).toBeVisible();
  await page.getByLabel('Telefon', { exact: true }).fill('0722123456');
  // Fixed fields lose their errors at once, and the list of what is missing goes with them.
  await expect(page.getByText('Campul este invalid!')).toHaveCount(0);
  await expect(missingList(page)).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'pickup-add-step-address');
  await page.getByRole('button', { name: 'Continua' }).click();

  // Step 2: a courier is required; every courier shows its discount.
  await expect(page.getByRole('heading', { name: 'Pasul 2: curierul' })).toBeVisible();
  await page.getByRole('button', { name: 'Continua' }).click();
  await expect(missingList(page)).toContainText('Alegeti curierul!');
  await page.getByRole('radio', { name: /Rapid Carpati/ }).check();
  await page.getByRole('button', { name: 'Continua' }).click();
  // A courier that sets its own days: no weekday choice.
  await expect(page.getByRole('radiogroup', { name: 'Aveti o imprimanta de etichete?' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Zilele de ridicare' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Inapoi' }).click();
  await page.getByRole('radio', { name: /Dunarea Expres/ }).check();
  await expect(page.getByText('Reducere 15% · alegeti zilele de ridicare')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'pickup-add-step-courier');
  await page.getByRole('button', { name: 'Continua' }).click();

  // Step 3: weekdays for a scheduleType 2 courier; every missing choice is listed.
  const days = page.getByRole('group', { name: 'Zilele de ridicare' });
  await expect(days).toBeVisible();
  await page.getByRole('button', { name: 'Trimite cerere' }).click();
  const missing = missingList(page);
  await expect(missing).toContainText('Numarul estimat de expeditii este obligatoriu!');
  await expect(missing).toContainText('Alegeti cel putin o zi de ridicare!');
  await expect(missing).toContainText('Precizati daca aveti o imprimanta de etichete!');
  await page.getByLabel('Numar estimat de expeditii pe luna').fill('0');
  await page.getByRole('button', { name: 'Trimite cerere' }).click();
  await expect(page.getByText('Numarul estimat de expeditii trebuie sa fie cel putin 1!').first()).toBeVisible();
  await page.getByLabel('Numar estimat de expeditii pe luna').fill('25');
  await days.getByLabel('Luni').check();
  await days.getByLabel('Joi').check();
  await page.getByLabel('Da, pot tipari etichetele').check();
  await expectAccessible(page);
  await screenshot(page, 'pickup-add-step-details');
  await page.getByRole('button', { name: 'Trimite cerere' }).click();

  // Back on the list, waiting for approval (orange).
  await expect(page.getByText(ADDED)).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/pick-up-points\/list$/);
  const point = page.getByRole('article', { name: 'Dunarea Expres' });
  await expect(point.getByText('In curs de aprobare')).toBeVisible();
  await expect(point.getByText('Strada Memorandumului, Nr. 28, 400114 Cluj-Napoca, jud. Cluj')).toBeVisible();
  await point.getByRole('button', { name: /Dunarea Expres/ }).click();
  await expect(point.getByText('Luni, Joi')).toBeVisible();
  await expect(point.getByText('Aveti imprimanta: tipariti etichetele')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'pickup-list-pending');

  // The admin approves it.
  await asAdmin(browser, async (admin) => {
    const request = admin.getByRole('article', { name: `Cerere ${company} Dunarea Expres` });
    await expect(request.getByText('25 expeditii estimate pe luna', { exact: false })).toBeVisible();
    await expectAccessible(admin);
    await screenshot(admin, 'pickup-admin-requests');
    await request.getByRole('button', { name: 'Aproba' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Aproba' }).click();
    await expect(admin.getByText('Punctul de ridicare a fost aprobat!')).toBeVisible();
    await expect(request).toHaveCount(0);
  });

  // Active (green) for the client, with its discount; then the delete request.
  await page.reload();
  await expect(point.getByText('Activa', { exact: true })).toBeVisible();
  await point.getByRole('button', { name: /Dunarea Expres/ }).click();
  await expect(point.getByText('15% la comenzile trimise de la aceasta adresa', { exact: false })).toBeVisible();
  await expect(point.getByRole('button', { name: 'Solicita stergerea' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'pickup-list-active');
  await point.getByRole('button', { name: 'Solicita stergerea' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Trimite cererea' }).click();
  await expect(page.getByText('Cerea de stergere a fost salvata!')).toBeVisible();
  await expect(point.getByText('In curs de stergere')).toBeVisible();
  await expect(point.getByRole('button', { name: 'Solicita stergerea' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'pickup-list-deleting');
});

test('a request from the address book, rejected by the admin, shows only with the deleted toggle', async ({ page, browser }) => {
  const company = `Respins ${Date.now()} SRL`;
  await freshClient(page, company);
  await nav(page).getByRole('link', { name: 'Adrese' }).click();
  await page.getByRole('button', { name: 'Adauga adresa' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nume adresa').fill('Birou Victoriei');
  await dialog.getByLabel('Persoana de contact').fill('Ana Pop');
  await dialog.getByLabel('Telefon', { exact: true }).fill('0722123456');
  await dialog.getByLabel('Cod postal').fill('010093');
  await expect(dialog.getByRole('combobox', { name: 'Localitate' })).toHaveValue('Sectorul 1');
  await dialog.getByLabel('Numar').fill('120');
  await dialog.getByRole('button', { name: 'Salveaza adresa' }).click();
  await expect(page.getByText('Adresa a fost salvata cu succes!')).toBeVisible();

  await page.goto('/profile/pick-up-points/add');
  await page.getByLabel('Cautare in agenda').fill('victor');
  await page.getByRole('radio', { name: /Birou Victoriei/ }).check();
  await page.getByRole('button', { name: 'Continua' }).click();
  await page.getByRole('radio', { name: /Rapid Carpati/ }).check();
  await page.getByRole('button', { name: 'Continua' }).click();
  await page.getByLabel('Numar estimat de expeditii pe luna').fill('3');
  await page.getByRole('radio', { name: 'Nu', exact: true }).check();
  await page.getByRole('button', { name: 'Trimite cerere' }).click();
  await expect(page.getByText(ADDED)).toBeVisible();
  const point = page.getByRole('article', { name: 'Rapid Carpati' });
  await expect(point.getByText('In curs de aprobare')).toBeVisible();

  // The same address and courier again: refused with the server's message.
  await page.goto('/profile/pick-up-points/add');
  await page.getByRole('radio', { name: /Birou Victoriei/ }).check();
  await page.getByRole('button', { name: 'Continua' }).click();
  await page.getByRole('radio', { name: /Rapid Carpati/ }).check();
  await page.getByRole('button', { name: 'Continua' }).click();
  await page.getByLabel('Numar estimat de expeditii pe luna').fill('3');
  await page.getByRole('radio', { name: 'Nu', exact: true }).check();
  await page.getByRole('button', { name: 'Trimite cerere' }).click();
  await expect(page.getByText('Exista deja o cerere pentru aceasta adresa si acest curier!')).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/pick-up-points\/add$/);

  await asAdmin(browser, async (admin) => {
    const request = admin.getByRole('article', { name: `Cerere ${company} Rapid Carpati` });
    await request.getByRole('button', { name: 'Respinge' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Respinge' }).click();
    await expect(dialog.getByText('Motivul respingerii este obligatoriu!')).toBeVisible();
    await dialog.getByLabel('Motivul respingerii').fill('Volumul estimat este prea mic pentru ridicari regulate.');
    await expectAccessible(admin);
    await dialog.getByRole('button', { name: 'Respinge' }).click();
    await expect(admin.getByText('Cererea a fost respinsa!')).toBeVisible();
  });

  await page.goto('/profile/pick-up-points/list');
  await expect(page.getByText('Niciun punct de ridicare definit!')).toBeVisible();
  await page.getByLabel('Afiseaza punctele respinse/sterse').check();
  await expect(page).toHaveURL(/displayDeleted=1/);
  await expect(point.getByText('Respinsa')).toBeVisible();
  await point.getByRole('button', { name: /Rapid Carpati/ }).click();
  await expect(point.getByText('Volumul estimat este prea mic pentru ridicari regulate.')).toBeVisible();
  await expect(point.getByText('Fara imprimanta: curierul aduce etichetele tiparite')).toBeVisible();
  await expect(point.getByRole('button', { name: 'Solicita stergerea' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'pickup-list-rejected');
});

test('at 390 px the request steps and the list stay usable', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await freshClient(page, `Mobil ${Date.now()} SRL`);
  await page.goto('/profile/pick-up-points/add');
  await page.getByRole('radio', { name: 'Adresa noua' }).check();
  // (The shared address form's hint under a disabled city field is scanned once a county is chosen, as elsewhere.)
  await page.getByRole('combobox', { name: 'Judet' }).click();
  await page.getByRole('option', { name: 'Cluj', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Continua' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'pickup-add-mobile');
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);

  await page.goto('/profile/pick-up-points/list');
  await expect(page.getByText('Niciun punct de ridicare definit!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Solicita un punct de ridicare' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'pickup-list-mobile');
  expect(await overflow()).toBeLessThanOrEqual(0);
});
