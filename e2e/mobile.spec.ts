import { DEMO, expect, expectAccessible, screenshot, signIn, test } from './support/fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test('on a 390 px phone the pages fit and the menu opens from the top bar', async ({ page }) => {
  await page.goto('/login');
  await screenshot(page, 'mobile-login');
  await signIn(page, DEMO.client, { landing: 'dashboard' });
  const noHorizontalScroll = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(noHorizontalScroll).toBe(true);
  await screenshot(page, 'mobile-dashboard');
  await page.getByRole('button', { name: 'Deschide meniul' }).click();
  await expect(page.getByRole('navigation', { name: 'Navigare principala' }).getByRole('link', { name: 'Setari' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'mobile-menu');
});
