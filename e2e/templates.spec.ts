import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, screenshot, signIn, test, uniqueEmail, typeDay } from './support/fixtures';

const SAVED = 'Sablonul a fost salvat cu succes';
const GENERIC = 'Pentru a crea sablonul va rugam sa completati corect toate campurile obligatorii';
const FORM_EMPTY = 'Formularul de retur este gol. Daca doriti sa dezactivati aceasta optiune, debifati casuta aferenta din sectiunea formular de retur!';
/** A real 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navigare principala' });
const card = (page: Page, name: string) => page.getByRole('article', { name });
const fieldCard = (page: Page, n: number) => page.getByRole('region', { name: new RegExp(`^Campul ${n}\\. `) });
const preview = (page: Page) => page.getByRole('region', { name: 'Previzualizare' });

async function addField(page: Page, type: string) {
  await page.getByRole('combobox', { name: 'Tip camp' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await page.getByRole('button', { name: 'Adauga camp' }).click();
}

/** A new template with its name and the demo's Bucharest office from the address book. */
async function startTemplate(page: Page, name: string) {
  await page.goto('/profile/templates/orders/new');
  await expect(page.getByRole('heading', { name: 'Sablon nou' })).toBeVisible();
  await page.getByLabel('Nume sablon').fill(name);
  await page.getByRole('combobox', { name: 'Cautare in agenda' }).fill('Birou');
  await page.getByRole('option', { name: /Birou Bucuresti/ }).click();
  await expect(page.getByLabel('Nume adresa')).toHaveValue('Birou Bucuresti');
}

async function searchList(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Cauta sablon' }).fill(name);
  await expect(card(page, name)).toBeVisible();
}

async function fillCluj(page: Page) {
  await page.getByRole('combobox', { name: 'Judet' }).click();
  await page.getByRole('option', { name: 'Cluj', exact: true }).click();
  await page.getByRole('combobox', { name: 'Localitate' }).fill('napoca');
  await page.getByRole('option', { name: 'Cluj-Napoca' }).click();
  await page.getByRole('combobox', { name: 'Strada' }).fill('memorand');
  await page.getByRole('option', { name: 'Strada Memorandumului' }).click();
  await page.getByLabel('Numar').fill('28');
  // The street's postal code arrives from the nomenclature, as the customer sees it fill in.
  await expect(page.getByLabel('Cod postal')).toHaveValue('400114');
}

const fieldError = (scope: Page | Locator, text: string) => scope.getByText(text, { exact: true }).first();

test('a merchant builds a return form with every field type, shares the link, and the customer sends a return', async ({ page, browser, baseURL }) => {
  // One long journey, as a merchant and then their customer live it.
  test.setTimeout(240_000);
  const name = `Retur magazin ${Date.now()}`;
  await signIn(page, DEMO.client);
  await expect(nav(page).getByRole('link', { name: 'Sabloane' })).toHaveAttribute('href', '/profile/templates');

  // 'orders' goes to the list; a missing template goes back to it with the spec's message.
  await page.goto('/profile/templates/orders');
  await expect(page).toHaveURL(/\/profile\/templates\/orders\/list$/);
  await page.goto('/profile/templates/orders/edit/999999');
  await expect(page).toHaveURL(/\/profile\/templates\/orders\/list$/);
  await expect(page.getByText('Sablonul nu exista!')).toBeVisible();

  await page.getByRole('link', { name: 'Sablon nou' }).click();
  await page.getByRole('button', { name: 'Salveaza sablonul' }).click();
  await expect(page.getByText(GENERIC)).toBeVisible();
  await expect(page.getByText('Numele sablonului este obligatoriu!')).toBeVisible();
  // Clients never see the admin's terms section.
  await expect(page.getByRole('heading', { name: '6. Termeni si aprobare' })).toHaveCount(0);

  await startTemplate(page, name);
  await expect(page.getByLabel('Nume adresa')).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'Modifica adresa existenta' })).toBeChecked();

  // Extra options: the spec's defaults, and 'additional' driving its four sub-options.
  const options = page.getByRole('group', { name: 'Optiuni extra' });
  await expect(options.getByRole('switch', { name: 'Schimb de colet' })).not.toBeChecked();
  await expect(options.getByRole('switch', { name: 'Livrare sambata' })).toBeChecked();
  await options.getByRole('switch', { name: 'Servicii aditionale' }).click();
  for (const sub of ['Livrare sambata', 'Deschidere la livrare', 'Retur documente', 'Schimb de colet']) await expect(options.getByRole('switch', { name: sub })).not.toBeChecked();
  await options.getByRole('switch', { name: 'Servicii aditionale' }).click();
  for (const sub of ['Livrare sambata', 'Deschidere la livrare', 'Retur documente', 'Schimb de colet']) await expect(options.getByRole('switch', { name: sub })).toBeChecked();
  await options.getByRole('switch', { name: 'Schimb de colet' }).click();

  // Logo: two files, a 60 KB file and a text file renamed .png are refused; a small PNG is previewed.
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles([
    { name: 'a.png', mimeType: 'image/png', buffer: PNG },
    { name: 'b.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(page.getByText('Eroare la incarcarea fisierului! Maxim 1 fisier poate fi incarcat!')).toBeVisible();
  await fileInput.setInputFiles({ name: 'mare.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(60 * 1024)]) });
  await expect(page.getByText('Eroare la incarcarea fisierului! Fisierul poate avea maxim 50 KB!')).toBeVisible();
  await fileInput.setInputFiles({ name: 'text.png', mimeType: 'image/png', buffer: Buffer.from('acesta nu este o imagine') });
  await expect(page.getByText('Eroare la incarcarea fisierului! Fisierul incarcat trebuie sa fie o imagine / un vector (png, jpg, jpeg, svg etc...)')).toBeVisible();
  await fileInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Logo sablon' })).toBeVisible();
  await expect(page.getByText(/Eroare la incarcarea fisierului/)).toHaveCount(0);

  // An enabled, mandatory form with no fields cannot be saved.
  await page.getByRole('switch', { name: 'Activeaza formularul de retur' }).click();
  await page.getByRole('switch', { name: 'Formularul este obligatoriu' }).click();
  await page.getByRole('button', { name: 'Salveaza sablonul' }).click();
  await expect(page.getByRole('alert').filter({ hasText: FORM_EMPTY }).first()).toBeVisible();

  // One field of each type, each with its own configuration and messages.
  await addField(page, 'Titlu');
  await fieldCard(page, 1).getByLabel('Text').fill('Retur produse');
  await fieldCard(page, 1).getByRole('combobox', { name: 'Marime' }).click();
  await page.getByRole('option', { name: 'Mare' }).click();
  await fieldCard(page, 1).getByRole('combobox', { name: 'Pozitie' }).click();
  await page.getByRole('option', { name: 'Centru' }).click();
  await expect(preview(page).getByRole('heading', { name: 'Retur produse' })).toBeVisible();

  await addField(page, 'Paragraf');
  await fieldCard(page, 2).getByLabel('Text').fill('Completati datele de mai jos.');
  await fieldCard(page, 2).getByLabel('Text').fill('');
  await expect(fieldError(fieldCard(page, 2), 'Campul este obligatoriu!')).toBeVisible();
  await fieldCard(page, 2).getByLabel('Text').fill('Completati datele de mai jos.');

  await addField(page, 'Camp text');
  const text = fieldCard(page, 3);
  await text.getByLabel('Eticheta').fill('Motivul returului');
  await text.getByLabel('Text ajutator in camp').fill('De exemplu: marime gresita');
  await text.getByLabel('Descriere').fill('Minim 5 caractere.');
  await text.getByLabel('Lungime maxima').fill('400');
  await expect(fieldError(text, 'Lungimea maxima este de 300 de caractere!')).toBeVisible();
  await text.getByLabel('Lungime maxima').fill('');
  await expect(fieldError(text, 'Lungimea maxima este obligatorie!')).toBeVisible();
  await text.getByLabel('Lungime maxima').fill('200');
  await text.getByLabel('Lungime minima').fill('');
  await expect(fieldError(text, 'Lungimea minima este obligatorie!')).toBeVisible();
  await text.getByLabel('Lungime minima').fill('5');
  await text.getByRole('switch', { name: 'Obligatoriu' }).click();

  await addField(page, 'Camp email');
  await fieldCard(page, 4).getByLabel('Eticheta').fill('Email comanda');
  await addField(page, 'Camp telefon');
  await fieldCard(page, 5).getByLabel('Eticheta').fill('Telefon alternativ');
  await addField(page, 'Cont bancar (IBAN)');
  await fieldCard(page, 6).getByLabel('Eticheta').fill('IBAN rambursare');
  await addField(page, 'Data');
  await fieldCard(page, 7).getByLabel('Eticheta').fill('Data livrarii');
  await fieldCard(page, 7).getByRole('switch', { name: 'Obligatoriu' }).click();

  await addField(page, 'Casute de bifat');
  const boxes = fieldCard(page, 8);
  await boxes.getByRole('button', { name: 'Sterge casuta 1' }).click();
  await expect(fieldError(boxes, 'Trebuie sa aveti cel putin un checkbox!')).toBeVisible();
  await boxes.getByRole('button', { name: 'Adauga casuta' }).click();
  await boxes.getByLabel('Text casuta 1').fill('Produsul este sigilat');

  await addField(page, 'Butoane radio');
  const radios = fieldCard(page, 9);
  await radios.getByLabel('Eticheta').fill('Cum doriti banii?');
  await radios.getByRole('textbox', { name: 'Optiunea 1', exact: true }).fill('Transfer bancar');
  await radios.getByRole('switch', { name: 'Cere IBAN (optiunea 1)' }).click();
  await radios.getByRole('button', { name: 'Adauga optiune' }).click();
  await radios.getByRole('textbox', { name: 'Optiunea 2', exact: true }).fill('Voucher');
  await radios.getByRole('switch', { name: 'Obligatoriu' }).click();

  await addField(page, 'Tabel');
  const table = fieldCard(page, 10);
  await expect(table.getByLabel('Textul butonului de adaugare')).toHaveValue('Adauga produs');
  for (let i = 0; i < 4; i++) await table.getByRole('button', { name: 'Adauga coloana' }).click();
  await table.getByRole('button', { name: 'Adauga coloana' }).click();
  await expect(fieldError(table, 'Tabelul poate avea maxim 5 coloane!')).toBeVisible();
  for (const n of [5, 4, 3, 2]) await table.getByRole('button', { name: `Sterge coloana ${n}` }).click();
  await table.getByLabel('Nume coloana 1').fill('x');
  await table.getByLabel('Nume coloana 1').fill('');
  await expect(fieldError(table, 'Coloana trebuie sa aiba un nume!')).toBeVisible();
  await table.getByLabel('Nume coloana 1').fill('Produs');
  await table.getByRole('switch', { name: 'Obligatorie (coloana 1)' }).click();

  // The preview follows the builder after its pause: the customer's form, field by field.
  const shown = preview(page);
  await expect(shown.getByLabel('Motivul returului')).toBeVisible();
  await expect(shown.getByLabel('Email comanda')).toBeVisible();
  await expect(shown.getByLabel('Telefon alternativ')).toBeVisible();
  await expect(shown.getByLabel('IBAN rambursare')).toBeVisible();
  await expect(shown.getByLabel('Data livrarii')).toBeVisible();
  await expect(shown.getByRole('checkbox', { name: 'Produsul este sigilat' })).toBeVisible();
  await expect(shown.getByRole('radio', { name: 'Voucher' })).toBeVisible();
  await expect(shown.getByLabel('Produs (randul 1)')).toBeVisible();
  await expect(shown.getByRole('button', { name: 'Adauga produs' })).toBeVisible();
  // Reordering: the paragraph goes above the title, and back.
  await fieldCard(page, 2).getByRole('button', { name: 'Muta in sus campul 2' }).click();
  await expect(fieldCard(page, 1)).toContainText('Paragraf');
  await fieldCard(page, 1).getByRole('button', { name: 'Muta in jos campul 1' }).click();
  await expect(fieldCard(page, 1)).toContainText('Titlu');
  await expect(page.getByRole('alert').filter({ hasText: FORM_EMPTY })).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'templates-editor');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'templates-editor-390');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shown.scrollIntoViewIfNeeded();
  await shown.screenshot({ path: 'e2e/.artifacts/screens/templates-builder-preview.png' });

  await page.getByRole('button', { name: 'Salveaza sablonul' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/templates\/orders\/list/);

  // The list: filter, the card with its address and public link (copied), the logo saved.
  await searchList(page, name);
  await expect(page).toHaveURL(/search=/);
  const mine = card(page, name);
  // The demo's Bucharest office (another spec may have changed its number).
  await expect(mine).toContainText(/Calea Victoriei, Nr\. \d+/);
  const link = (await mine.getByRole('link', { name: /\/order\/return\// }).textContent()) ?? '';
  expect(link).toMatch(new RegExp(`^${baseURL}/order/return/[A-Za-z0-9-]+$`));
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await mine.getByRole('button', { name: `Copiaza link-ul sablonului ${name}` }).click();
  await expect(page.getByText('Link-ul a fost copiat!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expectAccessible(page);
  await screenshot(page, 'templates-list');

  // An extra option saved from the card stays after a reload.
  await expect(mine.getByRole('switch', { name: 'Ramburs' })).toBeChecked();
  await mine.getByRole('switch', { name: 'Ramburs' }).click();
  await expect(page.getByText('Datele au fost actualizate cu succes.')).toBeVisible();
  await page.reload();
  await expect(card(page, name).getByRole('switch', { name: 'Ramburs' })).not.toBeChecked();
  await expect(card(page, name).getByRole('switch', { name: 'Schimb de colet' })).not.toBeChecked();

  // Editing: the name is locked, the form comes back as built.
  await card(page, name).getByRole('link', { name: `Modifica sablonul ${name}` }).click();
  await expect(page.getByRole('heading', { name: 'Modifica sablonul' })).toBeVisible();
  await expect(page.getByLabel('Nume sablon')).toBeDisabled();
  await expect(page.getByLabel('Nume sablon')).toHaveValue(name);
  await expect(fieldCard(page, 10)).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo sablon' })).toBeVisible();

  // The customer, signed out, opens the link.
  const customer = await browser.newContext();
  const pub = await customer.newPage();
  try {
    await pub.goto(link);
    await expect(pub.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(pub.getByRole('img', { name: /^Logo / })).toBeVisible();
    await expect(pub.getByRole('heading', { name: 'Retur produse' })).toBeVisible();
    await pub.getByRole('button', { name: 'Trimite cererea de retur' }).click();
    await expect(pub.getByText('Va rugam sa completati toate campurile!')).toBeVisible();
    const form = pub.getByRole('region', { name: 'Formular de retur' });
    // The mandatory text, the IBAN (always required), the date, the radio choice and the table's mandatory column.
    await expect(form.getByText('Campul este obligatoriu!')).toHaveCount(5);
    // The first message is where the customer is taken.
    await expect(form.getByLabel('Motivul returului')).toBeFocused();
    await expect(pub.getByText('Numele persoanei de contact este obligatoriu!')).toBeVisible();
    await expect(pub.getByText('Adaugati cel putin un rand!')).toHaveCount(0);
    await expectAccessible(pub);
    await screenshot(pub, 'templates-public-errors');

    await form.getByLabel('Motivul returului').fill('abc');
    await form.getByLabel('Email comanda').fill('nu-este-email');
    await form.getByLabel('IBAN rambursare').fill('RO00 GRESIT');
    await expect(form.getByText('Campul trebuie sa aiba minim 5 caractere!')).toBeVisible();
    await expect(form.getByText('Adresa de email este invalida!')).toBeVisible();
    await expect(form.getByText('Contul IBAN este invalid!')).toBeVisible();
    await form.getByLabel('Motivul returului').fill('Marime gresita');
    await form.getByLabel('Email comanda').fill('client@exemplu.ro');
    await form.getByLabel('IBAN rambursare').fill('RO49AAAA1B31007593840000');
    // The Romanian date field: typed dd.mm.yyyy as a person does, sent as '2026-11-02'.
    const day = form.getByLabel('Data livrarii');
    await typeDay(day, '02.11.2026');
    await form.getByRole('checkbox', { name: 'Produsul este sigilat' }).check();
    await form.getByRole('radio', { name: 'Transfer bancar' }).check();
    await form.getByLabel('Cont bancar (IBAN)').fill('RO49AAAA1B31007593840000');
    await form.getByLabel('Produs (randul 1)').fill('Geaca albastra');
    await form.getByRole('button', { name: 'Adauga produs' }).click();
    await form.getByLabel('Produs (randul 2)').fill('Fular');

    const customerName = `Ioana Retur ${Date.now()}`;
    await pub.getByLabel('Nume si prenume').fill(customerName);
    await pub.getByLabel('Telefon', { exact: true }).fill('0722123456');
    await pub.getByLabel('Email', { exact: true }).fill('ioana@exemplu.ro');
    await fillCluj(pub);
    await pub.setViewportSize({ width: 390, height: 844 });
    await screenshot(pub, 'templates-public-390');
    await pub.getByRole('button', { name: 'Trimite cererea de retur' }).click();
    await expect(pub.getByText('Cererea de retur a fost trimisa cu succes!')).toBeVisible();
    await expect(pub.getByText('Referinta cererii:')).toBeVisible();
    await pub.setViewportSize({ width: 1280, height: 900 });
    await expectAccessible(pub);
    await screenshot(pub, 'templates-public-sent');

    // The merchant finds it among their shipments, as a return.
    await page.goto(`/profile/orders?q=${encodeURIComponent(customerName)}`);
    await expect(page.getByText('Retur', { exact: true }).first()).toBeVisible();
    // The list names the customer who sends it back (the return's sender).
    await page.getByRole('link', { name: customerName }).first().click();
    const answers = page.getByRole('list', { name: 'Raspunsurile clientului' });
    await expect(answers).toContainText('Motivul returului');
    await expect(answers).toContainText('Marime gresita');
    await expect(answers).toContainText('Transfer bancar');
    await expect(answers).toContainText('Produs: Geaca albastra');
    await expect(page.getByText(customerName)).toBeVisible();

    // Deleting the template, confirmed, turns its link off.
    await page.goto('/profile/templates/orders/list');
    await searchList(page, name);
    await card(page, name).getByRole('button', { name: `Sterge sablonul ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Stergere sablon' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Sterge' }).click();
    await expect(page.getByText('Sablonul a fost sters cu succes')).toBeVisible();
    await expect(card(page, name)).toHaveCount(0);
    await pub.goto(link);
    await expect(pub.getByRole('heading', { name: 'Sablonul nu exista!' })).toBeVisible();
    await expectAccessible(pub);
  } finally {
    await customer.close();
  }
});

test('an admin approves a client’s template and writes its terms; the client cannot see that section; a flood of returns is refused', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const name = `Aprobare ${Date.now()}`;
  await signIn(page, DEMO.client);
  await startTemplate(page, name);
  await page.getByRole('button', { name: 'Salveaza sablonul' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  await searchList(page, name);
  await expect(card(page, name).getByText('Aprobat')).toHaveCount(0);
  const link = (await card(page, name).getByRole('link', { name: /\/order\/return\// }).textContent()) ?? '';

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await signIn(admin, DEMO.admin);
    await admin.getByRole('combobox', { name: 'Client selectat' }).fill('client@demo');
    await admin.getByRole('option', { name: 'Demo Logistic SRL (client@demo.ro)' }).click();
    await admin.goto('/profile/templates/orders/list');
    await searchList(admin, name);
    await card(admin, name).getByRole('link', { name: `Modifica sablonul ${name}` }).click();
    const terms = admin.getByRole('region', { name: '6. Termeni si aprobare' });
    await expect(terms).toBeVisible();
    await terms.getByLabel('Termeni si conditii (HTML)').fill('<p>Returul este gratuit <b>30 de zile</b>.</p><script>window.hacked = 1</script>');
    await expect(terms.getByText('Returul este gratuit')).toBeVisible();
    await terms.getByRole('switch', { name: 'Aprobat' }).click();
    await expectAccessible(admin);
    await screenshot(admin, 'templates-admin-terms');
    await admin.getByRole('button', { name: 'Salveaza sablonul' }).click();
    await expect(admin.getByText(SAVED)).toBeVisible();
    await searchList(admin, name);
    await expect(card(admin, name).getByText('Aprobat')).toBeVisible();
  } finally {
    await adminContext.close();
  }

  // The client sees the approval, but not the section that sets it.
  await page.reload();
  await expect(card(page, name).getByText('Aprobat')).toBeVisible();
  await card(page, name).getByRole('link', { name: `Modifica sablonul ${name}` }).click();
  await expect(page.getByRole('heading', { name: 'Modifica sablonul' })).toBeVisible();
  await expect(page.getByRole('region', { name: '6. Termeni si aprobare' })).toHaveCount(0);

  // The terms reach the customer without the script.
  await page.goto(link);
  await expect(page.getByRole('region', { name: 'Termeni si conditii' })).toContainText('Returul este gratuit 30 de zile.');
  expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
  expect(await page.getByRole('region', { name: 'Termeni si conditii' }).innerHTML()).not.toContain('script');

  // A flood of returns from one address is stopped, and the page says so.
  const uniqueId = link.split('/').pop() ?? '';
  const flood = {
    address: { contactName: 'Flood Test', contactPhone: '+40722123456', contactEmail: 'flood@exemplu.ro', countyCode: 'CJ', city: 'Cluj-Napoca', postalCode: '400114', street: 'Strada Memorandumului', number: '28' },
    answers: {},
  };
  const statuses: number[] = [];
  while (statuses.length < 8 && statuses.at(-1) !== 429) statuses.push((await page.request.post(`/api/order/return/${uniqueId}`, { data: flood })).status());
  expect(statuses.at(-1)).toBe(429);
  expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
  await page.getByLabel('Nume si prenume').fill('Ana Retur');
  await page.getByLabel('Telefon', { exact: true }).fill('0722123456');
  await page.getByLabel('Email', { exact: true }).fill('ana@exemplu.ro');
  await fillCluj(page);
  // A field left empty: the form says so, and the message goes once the field is filled.
  await page.getByLabel('Cod postal').fill('');
  await page.getByRole('button', { name: 'Trimite cererea de retur' }).click();
  await expect(page.getByText('Codul postal este obligatoriu!')).toBeVisible();
  await expect(page.getByText('Va rugam sa completati toate campurile!')).toBeVisible();
  await page.getByLabel('Cod postal').fill('400114');
  await expect(page.getByText('Codul postal este obligatoriu!')).toHaveCount(0);
  await expect(page.getByText('Va rugam sa completati toate campurile!')).toHaveCount(0);
  await page.getByRole('button', { name: 'Trimite cererea de retur' }).click();
  await expect(page.getByText('Prea multe cereri de retur. Va rugam reincercati mai tarziu!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Trimite cererea de retur' })).toBeEnabled();
});

test('a new client sees what templates are, and a filter without matches says so', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Denumire firma').fill(`Sabloane ${Date.now()} SRL`);
  await page.getByLabel('Email').fill(uniqueEmail('sabloane'));
  await page.getByLabel('Telefon').fill('+40722555666');
  await page.getByLabel('Parola', { exact: true }).fill('Parola123!');
  await page.getByRole('button', { name: 'Creeaza cont' }).click();
  await expect(page.getByRole('heading', { name: 'Setari' })).toBeVisible();

  await page.goto('/profile/templates/orders/list');
  await expect(page.getByText('Ce este un sablon de comanda?')).toBeVisible();
  await expect(page.getByText('Un sablon de comanda va da un link public de retur', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Creeaza primul sablon' })).toHaveAttribute('href', '/profile/templates/orders/new');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await screenshot(page, 'templates-list-empty-390');
  await page.getByRole('searchbox', { name: 'Cauta sablon' }).fill('nimic');
  await expect(page.getByText('Niciun sablon nu corespunde cautarii.')).toBeVisible();
  await expect(page).toHaveURL(/search=nimic/);
});

const UNSAFE_SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><script>parent.hacked = 1</script><rect width="120" height="60" fill="red"/></svg>');
const SAFE_SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><rect width="120" height="60" fill="#0d47a1"/></svg>');

test('at 390 px the option switches sit apart; a chosen address drops a stale locality message; an SVG logo is not previewed before the server accepts it', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Telefon ${Date.now()}`;
  await signIn(page, DEMO.client);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/profile/templates/orders/new');
  await expect(page.getByRole('heading', { name: 'Sablon nou' })).toBeVisible();

  // The extra options on a phone: each switch whole inside the section, each row tall enough to tap, no two rows touching, each label on one line.
  const options = page.getByRole('group', { name: 'Optiuni extra' });
  await options.scrollIntoViewIfNeeded();
  const section = (await page.getByRole('region', { name: '3. Optiuni extra' }).boundingBox())!;
  const rows = await options.locator('label').evaluateAll((labels) =>
    labels.map((l) => {
      const row = l.getBoundingClientRect();
      const track = l.querySelector('.MuiSwitch-root')!.getBoundingClientRect();
      const text = l.querySelector('.MuiFormControlLabel-label')!;
      const lineHeight = parseFloat(getComputedStyle(text).lineHeight);
      return { label: text.textContent, top: row.top, bottom: row.bottom, height: row.height, trackLeft: track.left, trackRight: track.right, textLines: Math.round(text.getBoundingClientRect().height / lineHeight) };
    }),
  );
  expect(rows).toHaveLength(7);
  for (const [i, row] of rows.entries()) {
    expect(row.trackLeft, `${row.label}: the switch is not cut off`).toBeGreaterThanOrEqual(section.x);
    expect(row.trackRight, row.label ?? '').toBeLessThanOrEqual(section.x + section.width);
    expect(row.height, `${row.label}: a row a finger can hit`).toBeGreaterThanOrEqual(40);
    expect(row.textLines, `${row.label}: one line`).toBe(1);
    if (i > 0) expect(row.top, `${row.label} below ${rows[i - 1]!.label}`).toBeGreaterThanOrEqual(rows[i - 1]!.bottom);
  }
  await options.screenshot({ path: '/tmp/shots-h5-returns/template-options-390.png' });

  // A save with an empty form, a city typed but not chosen: 'Localitate invalida!'; choosing a valid address clears it.
  await page.getByRole('button', { name: 'Salveaza sablonul' }).click();
  await expect(page.getByText(GENERIC)).toBeVisible();
  await page.getByRole('combobox', { name: 'Judet' }).click();
  await page.getByRole('option', { name: 'Cluj', exact: true }).click();
  await page.getByRole('combobox', { name: 'Localitate' }).fill('napo');
  await page.getByLabel('Numar').focus();
  await expect(page.getByText('Localitate invalida!')).toBeVisible();
  await page.getByRole('combobox', { name: 'Localitate' }).fill('napoca');
  await page.getByRole('option', { name: 'Cluj-Napoca' }).click();
  await expect(page.getByText('Localitate invalida!')).toHaveCount(0);
  // Typed wrong again, then an address-book entry is chosen instead: the message goes too.
  await page.getByRole('combobox', { name: 'Localitate' }).fill('napo');
  await page.getByLabel('Numar').focus();
  await expect(page.getByText('Localitate invalida!')).toBeVisible();
  await page.getByLabel('Nume sablon').fill(name);
  await page.getByRole('combobox', { name: 'Cautare in agenda' }).fill('Birou');
  await page.getByRole('option', { name: /Birou Bucuresti/ }).click();
  await expect(page.getByRole('combobox', { name: 'Localitate' })).toHaveValue(/Sectorul/);
  await expect(page.getByText('Localitate invalida!')).toHaveCount(0);
  await page.waitForTimeout(500);
  await expect(page.getByText('Localitate invalida!')).toHaveCount(0);

  // An SVG with a script: never shown, and the server refuses it when the template is saved.
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: UNSAFE_SVG });
  const logo = page.getByRole('region', { name: '4. Logo' });
  await expect(logo.getByText('logo.svg')).toBeVisible();
  await expect(logo.getByRole('img', { name: 'Logo sablon' })).toHaveCount(0);
  await expect(logo.locator('img')).toHaveCount(0);
  await logo.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/shots-h5-returns/template-logo-svg-390.png' });
  await page.getByRole('button', { name: 'Salveaza sablonul' }).click();
  await expect(page.getByText('Eroare la incarcarea fisierului! Fisierul incarcat trebuie sa fie o imagine / un vector (png, jpg, jpeg, svg etc...)')).toBeVisible();
  // The template itself was saved: the editor stays, in edit mode, without a logo.
  await expect(page.getByRole('heading', { name: 'Modifica sablonul' })).toBeVisible();
  await expect(page.getByRole('region', { name: '4. Logo' }).locator('img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();

  // A safe SVG is accepted on save, and then shown from the server (once the message has gone from over the button:
  // the pointer moved off it, or it stays).
  await page.mouse.move(10, 10);
  await expect(page.locator('#notistack-snackbar')).toHaveCount(0, { timeout: 15_000 });
  await page.locator('input[type="file"]').setInputFiles({ name: 'bun.svg', mimeType: 'image/svg+xml', buffer: SAFE_SVG });
  await expect(page.getByRole('region', { name: '4. Logo' }).getByRole('img', { name: 'Logo sablon' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Salveaza sablonul' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  await searchList(page, name);
  await card(page, name).getByRole('link', { name: `Modifica sablonul ${name}` }).click();
  const saved = page.getByRole('region', { name: '4. Logo' }).getByRole('img', { name: 'Logo sablon' });
  await expect(saved).toBeVisible();
  expect(await saved.getAttribute('src')).toMatch(/^\/api\/order\/return\/[a-z0-9]+\/logo/);
  await page.getByRole('group', { name: 'Optiuni extra' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/shots-h5-returns/template-editor-390.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: '/tmp/shots-h5-returns/template-editor-1440.png', fullPage: true });
  await expectAccessible(page);
});
