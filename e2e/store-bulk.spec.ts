import type { TStoreListOrder } from '@colete/contract';
import type { Page } from '@playwright/test';
import fs from 'node:fs';
import { pdfText, pdfWords } from '../apps/server/test/support/pdf-tools';
import { connectedDemoStore, DEMO, expect, expectAccessible, ownServer, screenshotAtWidths, signIn, test } from './support/fixtures';

/*
 * Bulk activation (issue 14, spec 002 sections 2.1, 2.2, 4.5, 8) as the demo client does it: five
 * orders selected on the awaiting tab, one of them with an address to fix; the 'Activare comenzi'
 * preview, the run (found again after a reload), the results with the reason, the AWB copied, the
 * merged labels on A4 from the second position read back with pdftotext.
 */

// Its own worker and server: it activates the demo shop's orders, which the other store tests read.
ownServer({ STORE: 'simulator', STORE_E2E_WORKER: 'bulk' });

/** The awaiting orders as the list's API answers them (the first three pages, newest first). */
async function awaiting(page: Page, clientId: number) {
  const rows: TStoreListOrder[] = [];
  let endCursor: string | null = null;
  for (let p = 1; p <= 3; p++) {
    const res = await page.request.post(`/api/user/integration/shopify/orders/${clientId}`, { data: { type: 'AWAITING_ACTIVATION', page: p, endCursor } });
    const body = (await res.json()) as { list: TStoreListOrder[]; pageInfo: { endCursor: string | null } };
    rows.push(...body.list);
    endCursor = body.pageInfo.endCursor;
  }
  return rows;
}

/** Checks an order's box, scrolling down (the list fetches its next pages by itself) until the row is there. */
async function select(page: Page, name: string) {
  const box = page.getByRole('checkbox', { name: `Selecteaza comanda ${name}` });
  for (let i = 0; i < 20 && !(await box.isVisible()); i++) {
    await page.mouse.wheel(0, 3000);
    await page.waitForTimeout(300);
  }
  await box.check();
}

test('five orders bulk-activated with one courier service chosen for all, one refused for its address: the reasons, the AWBs, the merged labels', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.client);
  const clientId = await connectedDemoStore(page);
  const rows = await awaiting(page, clientId);
  const ready = rows.filter((r) => r.status.readyForActivation && r.fulfillment.status === 'UNFULFILLED').slice(0, 4);
  const broken = rows.find((r) => r.status.needsAddressFix && r.fulfillment.status === 'UNFULFILLED')!;
  expect(ready).toHaveLength(4);
  expect(broken).toBeTruthy();

  await page.goto(`/profile/shopify/orders/${clientId}`);
  await expect(page.getByRole('heading', { name: 'Lista comenzi' })).toBeVisible();
  for (const r of [...ready, broken]) await select(page, r.orderDisplayName);
  await page.getByRole('button', { name: 'Activeaza comenzi (5 comenzi selectate)' }).click();

  // The preview: the ready orders checked, the one needing a fix not (issue 24); checking it counts it in, unchecking one counts it out.
  const preview = page.getByRole('dialog', { name: 'Activare comenzi' });
  await expect(preview.getByText('4 comenzi selectate')).toBeVisible();
  await expect(preview.getByRole('checkbox', { name: `Selecteaza comanda ${broken.orderDisplayName}` })).not.toBeChecked();
  await preview.getByRole('checkbox', { name: `Selecteaza comanda ${broken.orderDisplayName}` }).check();
  await expect(preview.getByText('5 comenzi selectate')).toBeVisible();
  await expect(preview.getByText('Urmeaza sa activati comenzile de mai sus. Continuati ?')).toBeVisible();
  await expect(preview.getByText('Necesita interventie')).toHaveCount(1);
  for (const column of ['ID', 'Data', 'Client', 'Pret', 'Tip plata', 'Status plata', 'Status comanda', 'Produse']) await expect(preview.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  await preview.getByRole('checkbox', { name: `Selecteaza comanda ${ready[0]!.orderDisplayName}` }).uncheck();
  await expect(preview.getByText('4 comenzi selectate')).toBeVisible();
  await preview.getByRole('checkbox', { name: `Selecteaza comanda ${ready[0]!.orderDisplayName}` }).check();
  await expect(preview.getByText('5 comenzi selectate')).toBeVisible();
  // Issue 24: one courier service for the whole run, chosen among those the orders can go with.
  await preview.getByRole('radio', { name: 'Acelasi serviciu pentru toate comenzile' }).check();
  await preview.getByLabel('Serviciul pentru toate comenzile').click();
  const option = page.getByRole('option').first();
  const service = (await option.innerText()).split(' - livreaza ')[0]!;
  await option.click();
  await expectAccessible(page);
  await screenshotAtWidths(page, 'store-bulk-preview');
  await preview.getByRole('button', { name: 'Activeaza', exact: true }).click();

  // The run: its id in the address; a reload finds it again.
  await expect(page).toHaveURL(/[?&]bulk=\d+/);
  await page.reload();
  const results = page.getByRole('dialog', { name: /Rezultatul activarii|Activare comenzi/ });
  await expect(results.getByText('Se activeaza comenzile ...').or(results.getByText('4 din 5 comenzi activate'))).toBeVisible();
  await expect(results.getByText('4 din 5 comenzi activate')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('dialog', { name: 'Rezultatul activarii' })).toBeVisible();

  // The reason of the refused order, worded as the specification words it.
  await expect(results.getByText(`Comanda ${broken.orderDisplayName} nu a putut fi activata (Adresa destinatie invalida)`)).toBeVisible();
  const table = results.getByRole('table', { name: 'Rezultatul activarii' });
  for (const column of ['Comanda', 'Curier', 'AWB', 'Data estimata ridicare', 'Pret']) await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  // One row per shipment: an order of two warehouses has two.
  for (const r of ready) await expect(table.getByRole('row', { name: new RegExp(r.orderDisplayName) }).first()).toContainText(/\d+,\d{2} lei/);
  // Every shipment of the run with the service chosen in the preview.
  await expect(table.locator('tbody tr td:nth-child(2)')).toHaveText(Array(await table.locator('tbody tr').count()).fill(service));
  const awbs = (await table.locator('tbody tr td:nth-child(3)').allInnerTexts()).map((t) => t.trim());
  expect(awbs.length).toBeGreaterThanOrEqual(4);
  expect(new Set(awbs).size).toBe(awbs.length);

  // Copying an AWB.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await results.getByRole('button', { name: `Copiaza AWB ${awbs[0]}` }).click();
  await expect(page.getByText('AWB-ul a fost copiat!')).toBeVisible();

  // The merged labels on A4 from the second position: every AWB, the first in the top right quarter.
  await results.getByLabel('Format eticheta').click();
  await page.getByRole('option', { name: 'A4' }).click();
  await results.getByLabel('Pozitia de inceput pe foaia A4').click();
  await page.getByRole('option', { name: 'Pozitia 2' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), results.getByRole('button', { name: 'Descarca etichetele' }).click()]);
  const pdf = new Uint8Array(fs.readFileSync((await download.path())!));
  const text = (await pdfText(pdf)).join('\n');
  for (const awb of awbs) expect(text).toContain(awb);
  const [first] = await pdfWords(pdf);
  const at = first!.words.find((w) => w.text === awbs[0])!;
  expect(at.xMin).toBeGreaterThan(first!.width / 2);
  expect(at.yMin).toBeLessThan(first!.height / 2);

  await expectAccessible(page);
  await screenshotAtWidths(page, 'store-bulk-results');

  // Closed: the activated orders left the awaiting tab; the refused one is still there.
  await results.getByRole('button', { name: 'Inchide' }).click();
  await expect(page).not.toHaveURL(/bulk=/);
  await expect(page.getByRole('checkbox', { name: `Selecteaza comanda ${ready[0]!.orderDisplayName}` })).toHaveCount(0);
});
