import type { Page } from '@playwright/test';
import { DEMO, connectedDemoStore, expect, signIn, test } from './support/fixtures';

/*
 * Touch targets at least 24 x 24 px (issue 24, "Screens"; WCAG 2.5.8): every button, link, checkbox
 * and icon action the merchant taps on the store order page, the store orders list and the
 * shipments list. Each one's box is measured in the browser.
 */

/** The visible targets inside `main` smaller than 24 px on a side, described by their name. */
async function smallTargets(page: Page) {
  return page.locator('main').evaluate((main) => {
    const small: string[] = [];
    for (const el of Array.from(main.querySelectorAll<HTMLElement>('a[href], button, [role="button"], input[type="checkbox"], input[type="radio"]'))) {
      // A checkbox's or radio's box is its MUI wrapper (the input itself is hidden over it).
      const target = el instanceof HTMLInputElement ? (el.parentElement ?? el) : el;
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(target);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      if (box.width < 24 || box.height < 24) {
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
        small.push(`${name} (${Math.round(box.width)}x${Math.round(box.height)})`);
      }
    }
    return small;
  });
}

const orderUrl = (clientId: number, number: number) => `/profile/shopify/order/${encodeURIComponent(`gid://shopify/Order/${number}`)}?clientId=${clientId}`;

test('the store order page, the store orders list and the shipments list have no target under 24 x 24 px', async ({ page }) => {
  // Three pages, each loaded in full.
  test.setTimeout(150_000);
  await signIn(page, DEMO.client);
  const clientId = await connectedDemoStore(page);

  // An order with packages: the product lines' actions, the drag handles, the package actions.
  await page.goto(orderUrl(clientId, 1016));
  const card = page.getByRole('article', { name: 'Comanda #1' });
  await expect(card.getByRole('region', { name: 'Pachet 1' })).toBeVisible({ timeout: 15_000 });
  await card.getByRole('button', { name: /Adauga pachet/ }).click();
  await expect(card.getByRole('button', { name: 'Sterge Pachet 2' })).toBeVisible();
  expect.soft(await smallTargets(page)).toEqual([]);

  // The store orders list: each tab, with its order links and AWBs.
  await page.goto(`/profile/shopify/orders/${clientId}`);
  await expect(page.getByRole('table').first()).toBeVisible({ timeout: 15_000 });
  expect.soft(await smallTargets(page)).toEqual([]);

  // The shipments list: the recipient links and the AWBs.
  await page.goto('/profile/orders');
  await expect(page.getByRole('table').first()).toBeVisible({ timeout: 15_000 });
  expect.soft(await smallTargets(page)).toEqual([]);
});
