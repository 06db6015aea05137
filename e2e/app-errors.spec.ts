import { messages } from '@colete/contract';
import { DEMO, expect, expectAccessible, screenshot, signIn, test } from './support/fixtures';

for (const width of [1440, 390]) {
  test(`a page whose code cannot be downloaded shows the error and a reload, not a blank page (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, DEMO.client, { landing: 'dashboard' });
    await expect(page.getByRole('heading', { name: 'Panou de control' })).toBeVisible();

    // As after a release that removed the old chunks: the next page's script cannot be downloaded.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.evaluate(() => {
      window.history.pushState({}, '', '/profile/addresses');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(messages.common.serverError);
    await expectAccessible(page);
    await screenshot(page, `app-error-${width}`);

    // The reload brings the page once the scripts can be downloaded again.
    await page.unroute('**/assets/*.js');
    await alert.getByRole('button', { name: messages.common.retry }).click();
    await expect(page).toHaveURL(/\/profile\/addresses$/);
    await expect(page.getByRole('heading', { name: 'Adrese', level: 1 })).toBeVisible();
  });
}
