import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, screenshot, screenshotAtWidths, signIn, test } from './support/fixtures';

/*
 * Issue 24: the store orders list's search and filters as the demo client uses them (an order found
 * by its number, a customer by name, cash on delivery, needs a fix, a warehouse, a tag), kept in the
 * address through a reload, and 'select all N matching' starting a bulk run of every order matching
 * the filters (here the ones needing a fix: the run refuses them all, so no AWB is bought).
 */

const rows = (page: Page) => page.getByRole('table', { name: 'Lista comenzi' }).locator('tbody tr');
const column = async (page: Page, index: number) => (await rows(page).locator(`td:nth-child(${index})`).allInnerTexts()).map((t) => t.trim());

async function openList(page: Page) {
  await signIn(page, DEMO.client);
  await page.goto('/profile/integration');
  await page.getByRole('article', { name: 'Colete Demo' }).getByRole('link', { name: 'Comenzi' }).click();
  // The first page reads the shop and checks ten addresses: slow on a busy machine.
  await expect(rows(page).first()).toContainText('#1096', { timeout: 60_000 });
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('search by order number and customer, filters in the address, and every matching order activated at once', async ({ page }) => {
  test.setTimeout(240_000);
  await openList(page);
  const search = page.getByLabel('Cauta dupa numar comanda sau client');

  // An order number: only that order, the address following the box after the pause.
  const target = (await column(page, 2))[4]!;
  await search.fill(target.slice(1));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(target);
  await expect(page).toHaveURL(new RegExp(`search=${target.slice(1)}`));

  // A customer's last name, whatever the case: every row is theirs.
  await search.fill('');
  await expect(rows(page).first()).toContainText('#1096');
  const customer = (await column(page, 4))[0]!;
  const last = customer.split(' ').at(-1)!;
  await search.fill(last.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`search=${last.toLowerCase()}`));
  // The first row was theirs before the search too: wait until every row is.
  await expect.poll(async () => (await column(page, 4)).filter((client) => !client.includes(last)), { timeout: 30_000 }).toEqual([]);
  await expect(rows(page).first()).toContainText(last);
  await search.fill('');
  await expect(page).not.toHaveURL(/search=/);

  // Cash on delivery, then only the orders needing a fix: every row says so.
  await choose(page, 'Ramburs', 'Cu ramburs');
  await expect(page).toHaveURL(/cod=da/);
  await expect(rows(page).first()).toBeVisible();
  await expect.poll(async () => new Set(await column(page, 6)), { timeout: 30_000 }).toEqual(new Set(['Cash']));
  await choose(page, 'Stare', 'Necesita interventie');
  await expect(page).toHaveURL(/fix=da/);
  // An order on hold says why under its verdict: the verdict is the cell's first line.
  await expect.poll(async () => new Set((await column(page, 11)).map((cell) => cell.split('\n')[0])), { timeout: 30_000 }).toEqual(new Set(['Necesita interventie']));
  const broken = await rows(page).count();
  expect(broken).toBeGreaterThan(0);

  // A reload shows the same list.
  await page.reload();
  await expect(page.getByLabel('Ramburs', { exact: true })).toContainText('Cu ramburs');
  await expect(page.getByLabel('Stare', { exact: true })).toContainText('Necesita interventie');
  await expect(rows(page)).toHaveCount(broken);
  await expectAccessible(page);
  await screenshot(page, 'store-orders-filters');

  // 'Select all N matching' (only the orders needing a fix: more than the first page): the shown rows, then every matching order, sent as the filters.
  // A short window: the list's end stays out of view, so only the first page is loaded.
  await page.setViewportSize({ width: 1280, height: 400 });
  await choose(page, 'Ramburs', 'Toate');
  await expect(page).not.toHaveURL(/cod=/);
  await expect(rows(page)).toHaveCount(10, { timeout: 30_000 });
  await page.getByRole('checkbox', { name: 'Selecteaza toate comenzile' }).check();
  await expect(page.getByText('Toate cele 10 comenzi afisate sunt selectate.')).toBeVisible();
  const selectAll = page.getByRole('button', { name: /^Selecteaza toate cele \d+ comenzi care corespund filtrelor$/ });
  await expect(selectAll).toBeVisible();
  const n = Number(/(\d+)/.exec(await selectAll.innerText())![1]);
  expect(n).toBeGreaterThan(10);
  await selectAll.click();
  await expect(page.getByText(`Sunt selectate toate cele ${n} comenzi care corespund filtrelor.`)).toBeVisible();
  await page.getByRole('button', { name: `Activeaza comenzi (${n} comenzi care corespund filtrelor)` }).click();
  const dialog = page.getByRole('dialog', { name: 'Activare comenzi' });
  await expect(dialog).toContainText(`Urmeaza sa activati toate cele ${n} comenzi care corespund filtrelor. Continuati ?`);
  // One service for the whole run, asked of the server for the matching orders: they all need a fix,
  // so none can carry them, and the run cannot start with that choice.
  await dialog.getByRole('radio', { name: 'Acelasi serviciu pentru toate comenzile' }).check();
  await expect(dialog.getByText('Niciun serviciu nu poate livra comenzile selectate.')).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByRole('button', { name: 'Activeaza' })).toBeDisabled();
  await screenshotAtWidths(page, 'store-orders-select-matching-service');
  await dialog.getByRole('radio', { name: 'Cel mai potrivit pentru fiecare comanda (cel salvat sau cel mai ieftin)' }).check();
  await expect(dialog.getByRole('button', { name: 'Activeaza' })).toBeEnabled();
  await screenshot(page, 'store-orders-select-matching');
  await dialog.getByRole('button', { name: 'Activeaza' }).click();
  await expect(page).toHaveURL(/bulk=\d+/);
  // The run holds every matching order (they all need a fix, so each is refused: no AWB is bought).
  await expect(page.getByRole('dialog')).toContainText(new RegExp(` din ${n}`), { timeout: 60_000 });
  await page.getByRole('dialog').getByRole('button', { name: 'Inchide' }).last().click({ timeout: 60_000 });
  await expect(page).not.toHaveURL(/bulk=/);
  await page.setViewportSize({ width: 1280, height: 720 });

  // A warehouse and a tag narrow the list on the awaiting tab; the platform tabs keep the search and cash on delivery only.
  await choose(page, 'Stare', 'Toate');
  await page.getByLabel('Depozit', { exact: true }).click();
  const warehouses = page.getByRole('option');
  expect(await warehouses.count()).toBeGreaterThan(2);
  await warehouses.nth(1).click();
  await expect(page).toHaveURL(/location=gid/);
  await page.getByLabel('Eticheta', { exact: true }).fill('cadou');
  await expect(page).toHaveURL(/tag=cadou/);
  await choose(page, 'Ramburs', 'Fara ramburs');
  await page.getByRole('tab', { name: 'Neridicate' }).click();
  await expect(page.getByLabel('Depozit', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Ramburs', { exact: true })).toContainText('Fara ramburs');
  await expect(page).toHaveURL(/tab=NOT_PICKED_UP.*cod=nu|cod=nu.*tab=NOT_PICKED_UP/);
});

test('the two shipment tabs show the order’s columns as the awaiting one does, with the AWB and the shipment’s status', async ({ page }) => {
  test.setTimeout(120_000);
  await openList(page);
  await page.getByRole('tab', { name: 'Neridicate' }).click();
  await expect(page).toHaveURL(/tab=NOT_PICKED_UP/);
  for (const name of ['ID', 'Data', 'Client', 'Pret', 'Tip plata', 'Status plata', 'Status comanda', 'Produse', 'Etichete', 'AWB', 'Status livrare']) {
    await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
  }
  // The demo's order sent through the platform: the shop's total, payment and products, the shipment's AWB.
  const row = rows(page).filter({ hasText: '#1089' });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  const cells = (await row.locator('td').allInnerTexts()).map((t) => t.trim());
  expect(cells[3]).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} lei$/);
  expect(['Cash', 'Card']).toContain(cells[4]);
  expect(cells[5]).not.toBe('-');
  expect(cells[7]).toMatch(/^\d+ produs(e)?$/);
  expect(cells[9]).toMatch(/\w{6,}/);
  expect(cells[10]).not.toBe('-');
  // A reload keeps the tab (it lives in the address).
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Neridicate', selected: true })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'store-orders-not-picked-up-columns');
});
