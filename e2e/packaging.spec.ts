import { FAVOURITE_DEBOUNCE_MS, messages } from '@colete/contract';
import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, screenshot, signIn, test } from './support/fixtures';

const m = messages.packaging;
const s = messages.shipments;

async function fillParcel(group: Locator, p: { weight: string; length: string; width: string; height: string }) {
  await group.getByLabel('Greutate (kg)').fill(p.weight);
  await group.getByLabel('Lungime (cm)').fill(p.length);
  await group.getByLabel('Latime (cm)').fill(p.width);
  await group.getByLabel('Inaltime (cm)').fill(p.height);
}

async function expectParcel(group: Locator, p: { weight: string; length: string; width: string; height: string }) {
  await expect(group.getByLabel('Greutate (kg)')).toHaveValue(p.weight);
  await expect(group.getByLabel('Lungime (cm)')).toHaveValue(p.length);
  await expect(group.getByLabel('Latime (cm)')).toHaveValue(p.width);
  await expect(group.getByLabel('Inaltime (cm)')).toHaveValue(p.height);
}

const meta = (page: Page, name: string) => page.locator(`meta[name="${name}"]`);
const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('the templates landing page: its title, meta tags and links; the packaging pages and the packages editor on a phone', async ({ page }) => {
  await signIn(page, DEMO.client);
  await page.goto('/profile/templates');
  await expect(page.getByRole('heading', { name: 'Sabloane', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(messages.templates.pageTitle);
  await expect(meta(page, 'robots')).toHaveAttribute('content', 'index,follow');
  await expect(meta(page, 'keywords')).toHaveAttribute('content', /preturi curierat/);
  await expect(meta(page, 'keywords')).toHaveAttribute('content', /sabloane impachetare/);
  await expect(meta(page, 'description')).toHaveAttribute('content', /preturile de curierat/);
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /Impachetare/ })).toHaveAttribute('href', '/profile/templates/packaging/packages/list');
  await expect(main.getByRole('link', { name: /Comenzi/ })).toHaveAttribute('href', '/profile/templates/orders/list');
  await expectAccessible(page);
  await screenshot(page, 'templates-landing');

  // Leaving the page gives the title and the tags back.
  await main.getByRole('link', { name: /Impachetare/ }).click();
  await expect(page).toHaveURL(/\/profile\/templates\/packaging\/packages\/list$/);
  await expect(page.getByRole('tab', { name: m.tabPackages, selected: true })).toBeVisible();
  await expect(page).toHaveTitle('Impachetare | Colete Online');
  await expect(meta(page, 'robots')).toHaveCount(0);
  await expect(meta(page, 'keywords')).toHaveCount(0);
  await expect(meta(page, 'description')).toHaveAttribute('content', /trimite colete prin mai multi curieri/);

  // A failed list stops loading and offers a retry, without a snackbar (the spec keeps it silent).
  await page.route('**/api/user/packaging/packages/list', (route) => route.fulfill({ status: 500, json: { success: false, message: 'x' } }));
  await page.reload();
  await expect(page.getByText(messages.common.loadError)).toBeVisible();
  await expect(page.getByText('x', { exact: true })).toHaveCount(0);
  await page.unroute('**/api/user/packaging/packages/list');
  await page.getByRole('button', { name: messages.common.retry }).click();
  await expect(page.getByText(messages.common.loadError)).toHaveCount(0);
  await expect(page.getByRole('article').first()).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/profile/templates');
  await expect(page.getByRole('heading', { name: 'Sabloane', level: 1 })).toBeVisible();
  expect(await fits(page)).toBe(true);
  await screenshot(page, 'mobile-templates-landing');

  // At 390 px the packaging pages and the packages editor fit without sideways scrolling.
  await page.goto('/profile/templates/packaging/data/list');
  await expect(page.getByRole('tab', { name: m.tabData, selected: true })).toBeVisible();
  expect(await fits(page)).toBe(true);
  await screenshot(page, 'mobile-packaging-templates');
  await page.goto('/profile/templates/packaging/packages/list');
  await expect(page.getByRole('tab', { name: m.tabPackages, selected: true })).toBeVisible();
  expect(await fits(page)).toBe(true);
  await expectAccessible(page);
  await screenshot(page, 'mobile-packaging-packages');
  await page.goto('/profile/orders/new');
  await expect(page.getByRole('region', { name: 'Colete' }).getByRole('combobox', { name: 'Completeaza din sablon' })).toBeVisible();
  expect(await fits(page)).toBe(true);
  await screenshot(page, 'mobile-packaging-new-shipment');
});

test('a client saves the packages of a new shipment as a packaging template and one as a saved package, finds them in the tabs, filters and favours', async ({ page }) => {
  const tag = `E2E${Date.now().toString(36).toUpperCase()}`;
  const templateName = `Doua cutii ${tag}`;
  const packageName = `Cutie mica ${tag}`;
  await signIn(page, DEMO.client);
  await page.goto('/profile/orders/new');
  await expect(page.getByRole('heading', { name: 'Comanda noua' })).toBeVisible();
  const packages = page.getByRole('region', { name: 'Colete' });
  const first = packages.getByRole('group', { name: 'Colet 1' });

  // Invalid packages are not saved: their messages show instead.
  await fillParcel(first, { weight: '0', length: '30', width: '20', height: '2' });
  await packages.getByRole('button', { name: 'Salveaza ca sablon' }).click();
  await expect(page.getByText(messages.common.cannotSaveInvalid)).toBeVisible();
  await expect(first.getByText(s.weightMin)).toBeVisible();
  await expect(first.getByText(s.heightMin)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await first.getByRole('button', { name: 'Salveaza colet 1 ca pachet' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Two valid parcels and a content, kept as a packaging template; the name is required.
  await fillParcel(first, { weight: '2,5', length: '30', width: '20', height: '15' });
  await packages.getByRole('button', { name: 'Adauga colet' }).click();
  const second = packages.getByRole('group', { name: 'Colet 2' });
  await fillParcel(second, { weight: '1', length: '20', width: '20', height: '10' });
  await page.getByRole('region', { name: 'Detalii expediere' }).getByLabel('Continut').fill('Carti de colectie');
  await packages.getByRole('button', { name: 'Salveaza ca sablon' }).click();
  const templateDialog = page.getByRole('dialog', { name: 'Salveaza sablon de ambalare' });
  await expect(templateDialog.getByText('2 colete, continut: Carti de colectie', { exact: false })).toBeVisible();
  await templateDialog.getByRole('button', { name: 'Salveaza' }).click();
  await expect(templateDialog.getByText(m.nameRequired)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'packaging-save-template-dialog');
  await templateDialog.getByLabel('Nume sablon').fill(templateName);
  await templateDialog.getByRole('button', { name: 'Salveaza' }).click();
  await expect(page.getByText(m.templateSaved)).toBeVisible();
  await expect(templateDialog).toHaveCount(0);

  // The second parcel kept as a saved package.
  await second.getByRole('button', { name: 'Salveaza colet 2 ca pachet' }).click();
  const packageDialog = page.getByRole('dialog', { name: 'Salveaza pachet' });
  await expect(packageDialog.getByText('1 kg · 20 x 20 x 10 cm', { exact: false })).toBeVisible();
  await packageDialog.getByLabel('Nume pachet').fill(packageName);
  await packageDialog.getByRole('button', { name: 'Salveaza' }).click();
  await expect(page.getByText(m.packageSaved)).toBeVisible();
  await expect(packageDialog).toHaveCount(0);

  // 'Marfa ambalata': the template with its content and parcels.
  await page.goto('/profile/templates/packaging');
  await expect(page).toHaveURL(/\/profile\/templates\/packaging\/data\/list$/);
  await expect(page.getByRole('tab', { name: m.tabData, selected: true })).toBeVisible();
  const card = page.getByRole('article', { name: templateName });
  await expect(card).toBeVisible();
  await expect(card.getByText('Carti de colectie')).toBeVisible();
  await expect(card.getByText('2 colete')).toBeVisible();
  const parcels = card.getByRole('list', { name: `Pachetele sablonului ${templateName}` }).getByRole('listitem');
  await expect(parcels).toHaveText(['Pachet 1: 2,5 kg · 30 x 20 x 15 cm', 'Pachet 2: 1 kg · 20 x 20 x 10 cm']);

  // The filter (in the URL): nothing matches, then only this template.
  const filter = page.getByLabel('Filtreaza sabloanele');
  await filter.fill('nu-exista-nimic');
  await expect(page.getByText('Niciun rezultat pentru filtrul ales.')).toBeVisible();
  await expect(page).toHaveURL(/search=nu-exista-nimic/);
  await filter.fill(tag.toLowerCase());
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`search=${tag.toLowerCase()}`));

  // Favourite: the star turns at once, the call leaves after the pause, the button waits for it.
  const star = card.getByRole('button', { name: `Favorit: ${templateName}` });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let sentAt = 0;
  await page.route('**/api/user/packaging/templates/*', async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    sentAt = Date.now();
    await held;
    await route.fallback();
  });
  const clickedAt = Date.now();
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await expect(star).toBeDisabled();
  expect(sentAt - clickedAt).toBeGreaterThanOrEqual(FAVOURITE_DEBOUNCE_MS - 100);
  release();
  await expect(star).toBeEnabled();
  await page.unroute('**/api/user/packaging/templates/*');
  await expectAccessible(page);
  await screenshot(page, 'packaging-templates');
  await page.reload();
  await expect(page.getByRole('article', { name: templateName }).getByRole('button', { name: `Favorit: ${templateName}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Filtreaza sabloanele')).toHaveValue(tag.toLowerCase());

  // 'Tipuri ambalaje': the saved package.
  await page.getByRole('tab', { name: m.tabPackages }).click();
  await expect(page).toHaveURL(/\/profile\/templates\/packaging\/packages\/list$/);
  const saved = page.getByRole('article', { name: packageName });
  await expect(saved.getByText('1 kg · 20 x 20 x 10 cm')).toBeVisible();
  await page.getByLabel('Filtreaza pachetele').fill('nu-exista-nimic');
  await expect(page.getByText('Niciun rezultat pentru filtrul ales.')).toBeVisible();
  await page.getByLabel('Filtreaza pachetele').fill(tag);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expectAccessible(page);
  await screenshot(page, 'packaging-packages');
});

test('a client fills a new shipment from a packaging template and a saved package, then deletes them with confirmation', async ({ page }) => {
  const tag = `E2E${Date.now().toString(36).toUpperCase()}`;
  const templateName = `Doua cutii ${tag}`;
  const packageName = `Cutie mica ${tag}`;
  await signIn(page, DEMO.client);
  // Made through the API (the previous test saves them through the page).
  const template = await page.request.post('/api/user/packaging/templates/add', {
    data: {
      name: templateName,
      template: {
        content: 'Carti de colectie',
        envelope: false,
        packages: [
          { weight: 2.5, xLength: 30, yLength: 20, zLength: 15 },
          { weight: 1, xLength: 20, yLength: 20, zLength: 10 },
        ],
      },
    },
  });
  expect(template.ok()).toBe(true);
  const saved = await page.request.post('/api/user/packaging/packages/add', { data: { name: packageName, weight: 1, xLength: 20, yLength: 20, zLength: 10 } });
  expect(saved.ok()).toBe(true);
  // A newer template, not a favourite: the favourite one still comes first.
  const newer = await page.request.post('/api/user/packaging/templates/add', {
    data: { name: `Plic acte ${tag}`, template: { content: 'Acte', envelope: true, packages: [{ weight: 0.2, xLength: 24, yLength: 16, zLength: 3 }] } },
  });
  expect(newer.ok()).toBe(true);
  const { template: created } = (await template.json()) as { template: { id: number } };
  expect((await page.request.put(`/api/user/packaging/templates/${created.id}`)).ok()).toBe(true);

  // A new shipment filled from the template (parcels and content), then a third parcel from the saved package.
  await page.goto('/profile/orders/new');
  const newPackages = page.getByRole('region', { name: 'Colete' });
  await newPackages.getByRole('combobox', { name: 'Completeaza din sablon' }).fill(tag);
  await expect(page.getByRole('option')).toHaveCount(2);
  await expect(page.getByRole('option').first()).toContainText(templateName);
  await expect(page.getByRole('option').first().getByLabel('Favorit')).toBeVisible();
  await expect(page.getByRole('option').nth(1)).toContainText(`Plic acte ${tag}`);
  await expectAccessible(page);
  await screenshot(page, 'packaging-template-picker');
  await page.getByRole('option', { name: new RegExp(templateName) }).click();
  await expect(page.getByText(`Coletele au fost completate din sablonul „${templateName}”.`)).toBeVisible();
  await expectParcel(newPackages.getByRole('group', { name: 'Colet 1' }), { weight: '2,5', length: '30', width: '20', height: '15' });
  await expectParcel(newPackages.getByRole('group', { name: 'Colet 2' }), { weight: '1', length: '20', width: '20', height: '10' });
  await expect(page.getByRole('region', { name: 'Detalii expediere' }).getByLabel('Continut')).toHaveValue('Carti de colectie');
  await newPackages.getByRole('button', { name: 'Adauga colet' }).click();
  const third = newPackages.getByRole('group', { name: 'Colet 3' });
  await third.getByRole('combobox', { name: 'Pachet salvat' }).fill(tag);
  await page.getByRole('option', { name: new RegExp(packageName) }).click();
  await expectParcel(third, { weight: '1', length: '20', width: '20', height: '10' });
  await expectAccessible(page);
  await screenshot(page, 'packaging-new-shipment-filled');

  // Delete with confirmation: 'Renunta' keeps it, 'Sterge' removes it.
  await page.goto(`/profile/templates/packaging/packages/list?search=${tag}`);
  await page.getByRole('article', { name: packageName }).getByRole('button', { name: `Sterge pachetul ${packageName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Stergere pachet salvat' });
  await expect(confirm.getByText(packageName, { exact: false })).toBeVisible();
  await confirm.getByRole('button', { name: 'Renunta' }).click();
  await expect(page.getByRole('article', { name: packageName })).toBeVisible();
  await page.getByRole('article', { name: packageName }).getByRole('button', { name: `Sterge pachetul ${packageName}` }).click();
  await confirm.getByRole('button', { name: 'Sterge' }).click();
  await expect(page.getByText(m.packageDeleted)).toBeVisible();
  await expect(page.getByRole('article', { name: packageName })).toHaveCount(0);
  await expect(page.getByText('Niciun rezultat pentru filtrul ales.')).toBeVisible();

  await page.goto(`/profile/templates/packaging/data/list?search=${tag}`);
  await page.getByRole('button', { name: `Sterge sablonul ${templateName}` }).click();
  await page.getByRole('dialog', { name: 'Stergere sablon de ambalare' }).getByRole('button', { name: 'Sterge' }).click();
  await expect(page.getByText(m.templateDeleted)).toBeVisible();
  await expect(page.getByRole('article', { name: templateName })).toHaveCount(0);
});

test('a client creates, edits and deletes a packaging template and a saved package on their own pages; invalid values are refused in Romanian', async ({ page }) => {
  const stamp = Date.now();
  const template = `Sablon propriu ${stamp}`;
  const saved = `Cutie proprie ${stamp}`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.client);

  // A packaging template made on its tab.
  await page.goto('/profile/templates/packaging/data/list');
  await page.getByRole('button', { name: 'Adauga sablon' }).click();
  let dialog = page.getByRole('dialog', { name: 'Sablon de ambalare nou' });
  await dialog.getByLabel('Greutate (kg), pachetul 1').fill('0');
  await dialog.getByLabel('Inaltime (cm), pachetul 1').fill('1');
  await dialog.getByRole('button', { name: 'Salveaza' }).click();
  await expect(dialog.getByText(m.nameRequired)).toBeVisible();
  await expect(dialog.getByText(s.weightMin)).toBeVisible();
  await expect(dialog.getByText(s.heightMin)).toBeVisible();
  await expect(dialog.getByText(s.lengthRequired)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'packaging-template-dialog-invalid-1440');
  await dialog.getByLabel('Nume').fill(template);
  await dialog.getByLabel('Continut').fill('Carti');
  await dialog.getByLabel('Greutate (kg), pachetul 1').fill('2,5');
  await dialog.getByLabel('Lungime (cm), pachetul 1').fill('40');
  await dialog.getByLabel('Latime (cm), pachetul 1').fill('30');
  await dialog.getByLabel('Inaltime (cm), pachetul 1').fill('20');
  await dialog.getByRole('button', { name: 'Adauga pachet' }).click();
  await dialog.getByLabel('Greutate (kg), pachetul 2').fill('1');
  await dialog.getByLabel('Lungime (cm), pachetul 2').fill('20');
  await dialog.getByLabel('Latime (cm), pachetul 2').fill('20');
  await dialog.getByLabel('Inaltime (cm), pachetul 2').fill('10');
  await dialog.getByRole('button', { name: 'Salveaza' }).click();
  await expect(page.getByText(m.templateSaved)).toBeVisible();
  await page.getByLabel('Filtreaza sabloanele').fill(template);
  let card = page.getByRole('article', { name: template });
  await expect(card.getByText('Carti')).toBeVisible();
  await expect(card.getByText('2 colete')).toBeVisible();
  await screenshot(page, 'packaging-templates-own-1440');

  // Changed: one package less, another content.
  await card.getByRole('button', { name: `Modifica sablonul ${template}` }).click();
  dialog = page.getByRole('dialog', { name: 'Modifica sablonul de ambalare' });
  await expect(dialog.getByLabel('Nume')).toHaveValue(template);
  await expect(dialog.getByLabel('Greutate (kg), pachetul 1')).toHaveValue('2.5');
  await dialog.getByRole('button', { name: 'Sterge pachetul 2' }).click();
  await dialog.getByLabel('Continut').fill('Reviste');
  await dialog.getByRole('button', { name: 'Salveaza' }).click();
  await expect(dialog).toHaveCount(0);
  card = page.getByRole('article', { name: template });
  await expect(card.getByText('Reviste')).toBeVisible();
  await expect(card.getByText('Colet', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('article', { name: template }).getByText('Reviste')).toBeVisible();
  await page.getByRole('button', { name: `Sterge sablonul ${template}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sterge' }).click();
  await expect(page.getByText(m.templateDeleted)).toBeVisible();
  await expect(page.getByRole('article', { name: template })).toHaveCount(0);

  // A saved package made on its tab, at phone width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/profile/templates/packaging/packages/list');
  await page.getByRole('button', { name: 'Adauga pachet salvat' }).click();
  dialog = page.getByRole('dialog', { name: 'Pachet salvat nou' });
  await dialog.getByLabel('Nume').fill(saved);
  await dialog.getByLabel('Greutate (kg)').fill('abc');
  await dialog.getByLabel('Lungime (cm)').fill('20');
  await dialog.getByLabel('Latime (cm)').fill('0');
  await dialog.getByLabel('Inaltime (cm)').fill('10');
  await dialog.getByRole('button', { name: 'Salveaza' }).click();
  await expect(dialog.getByText(s.weightRequired)).toBeVisible();
  await expect(dialog.getByText(s.widthMin)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'saved-package-dialog-invalid-390');
  await dialog.getByLabel('Greutate (kg)').fill('1,5');
  await dialog.getByLabel('Latime (cm)').fill('15');
  await dialog.getByRole('button', { name: 'Salveaza' }).click();
  await expect(page.getByText(m.packageSaved)).toBeVisible();
  await page.getByLabel('Filtreaza pachetele').fill(saved);
  await expect(page.getByRole('article', { name: saved })).toBeVisible();
  await screenshot(page, 'saved-packages-own-390');
  await page.getByRole('button', { name: `Modifica pachetul ${saved}` }).click();
  dialog = page.getByRole('dialog', { name: 'Modifica pachetul salvat' });
  await expect(dialog.getByLabel('Greutate (kg)')).toHaveValue('1.5');
  await dialog.getByLabel('Nume').fill(`${saved} mare`);
  await dialog.getByLabel('Inaltime (cm)').fill('25');
  await dialog.getByRole('button', { name: 'Salveaza' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByLabel('Filtreaza pachetele').fill(`${saved} mare`);
  await expect(page.getByRole('article', { name: `${saved} mare` })).toBeVisible();
  expect(await fits(page)).toBe(true);
  await page.getByRole('button', { name: `Sterge pachetul ${saved} mare` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sterge' }).click();
  await expect(page.getByText(m.packageDeleted)).toBeVisible();
  await expect(page.getByRole('article', { name: `${saved} mare` })).toHaveCount(0);
});
