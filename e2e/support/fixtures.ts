import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { runDir, startServer } from './server';

export const DEMO = {
  client: { email: 'client@demo.ro', password: 'Client123!' },
  client2: { email: 'client2@demo.ro', password: 'Client123!' },
  admin: { email: 'admin@demo.ro', password: 'Admin123!' },
} as const;

/** What every test gets on top of Playwright's own: its worker's server. */
type WorkerFixtures = {
  /**
   * Extra environment for the worker's server (e.g. COURIER_SIM_SPEED, TEST_CLOCK). A file that
   * sets it (ownServer) runs in workers of its own, with a server of its own.
   */
  serverEnv: Record<string, string>;
  /** The built server this worker's tests talk to: its own port and its own in-memory database with the demo data. */
  server: { url: string };
};

export const test = base.extend<object, WorkerFixtures>({
  serverEnv: [{}, { scope: 'worker', option: true }],
  server: [
    async ({ serverEnv }, use) => {
      const server = await startServer(serverEnv);
      try {
        await use({ url: server.url });
      } finally {
        await server.stop();
      }
    },
    // Starting means migrating and seeding the demo data (or waiting for another server of its kind to
    // write it down): slower than a test's own setup on a busy machine.
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});
export { expect };

/**
 * The file's tests on a server of their own kind (`env` on top of the shared servers' environment),
 * run one after another in one worker: each worker of a kind starts its own server (from the kind's
 * seeded copy, 10 to 40 s on a busy machine), which a file of two or three short tests would
 * otherwise pay twice, once in each worker. A failed test does not stop the next (not 'serial').
 */
export function ownServer(env: Record<string, string>) {
  test.use({ serverEnv: env });
  test.describe.configure({ mode: 'default' });
}

/**
 * Whether a kind of page was scanned already in this run: the path and query with their ids as
 * ':id', the open dialog's name, whether an alert shows and the main heading. One scan per kind of
 * page and run (axe takes a second or more of CPU a scan): the same screen in the same state is not
 * scanned again by the next test that passes it, in this worker or another (a marker file per kind
 * in the run's folder, made once the scan has passed).
 */
function firstScanOf(kind: string) {
  const marker = path.join(runDir(), `axe-${createHash('sha256').update(kind).digest('hex').slice(0, 20)}`);
  if (fs.existsSync(marker)) return null;
  return () => fs.writeFileSync(marker, kind);
}
async function pageKind(page: Page) {
  const url = new URL(page.url());
  const ids = (s: string) => s.replace(/[0-9a-f]{8,}|\d+/gi, ':id');
  const state = await page.evaluate(() => {
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null || getComputedStyle(el).position === 'fixed';
    const dialog = Array.from(document.querySelectorAll('[role=dialog],[role=alertdialog]')).find(visible);
    const named = dialog?.getAttribute('aria-label') ?? (dialog?.getAttribute('aria-labelledby') ? document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent : null) ?? '';
    const alert = Array.from(document.querySelectorAll('[role=alert]')).some(visible);
    const invalid = document.querySelector('[aria-invalid=true]') !== null;
    const popup = Array.from(document.querySelectorAll('[role=menu],[role=listbox],[role=tooltip]')).some(visible);
    const heading = document.querySelector('h1')?.textContent ?? '';
    return `${named}|${alert}|${invalid}|${popup}|${heading}`;
  });
  return `${ids(url.pathname)}?${ids(url.search)}|${page.viewportSize()?.width ?? 0}|${state}`;
}

/** WCAG 2.1 A and AA: the page must have no violations (scanned once per kind of page and worker). */
export async function expectAccessible(page: Page) {
  // Measure the settled page: an element fading in has a blended colour, not its real one.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 5_000 });
  // Nor a list still showing its previous page dimmed (aria-busy while a new page loads): its faded
  // text is not the contrast the user reads once it has come.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const kind = await pageKind(page);
  const passed = firstScanOf(kind);
  if (!passed) return;
  // Legacy mode runs axe in the page itself: the default opens a blank page to combine the frames'
  // results, which the app (no iframes) does not need and which costs about 40% of each check.
  const result = await new AxeBuilder({ page }).setLegacyMode(true).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, 'accessibility violations').toEqual([]);
  passed();
}

const SCREENS = path.resolve(import.meta.dirname, '../.artifacts/screens');
/** A full-page screenshot kept for a person to look at. */
export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: true });
}

/** The screen at desktop and phone widths (name-1440, name-390), kept for a person to look at; the viewport is restored after. */
export async function screenshotAtWidths(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 5_000 });
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/**
 * Types a day into a date field ('dd.mm.yyyy'), again until the field shows it: under load the
 * picker's sections may drop a keystroke typed while they re-render.
 */
export async function typeDay(field: Locator, text: string) {
  await expect(async () => {
    await field.click();
    await field.press('ControlOrMeta+a');
    await field.pressSequentially(text, { delay: 20 });
    expect(await field.inputValue()).toBe(text);
  }).toPass({ timeout: 30_000 });
}

/**
 * Signs in through the form. By default the form returns to the settings page (`?redirect=`, as
 * after an expired session): most tests go on to a page of their own, and the dashboard's tiles,
 * charts and live shop read would be work for nothing on every test. `{ landing: 'dashboard' }`
 * signs in as a user does, onto the dashboard (a client's; an admin without a client, the platform's).
 */
export async function signIn(page: Page, account: { email: string; password: string }, opts: { landing?: 'settings' | 'dashboard' } = {}) {
  const dashboard = opts.landing === 'dashboard';
  await page.goto(dashboard ? '/login' : `/login?redirect=${encodeURIComponent('/profile/settings')}`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Parola', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Autentificare' }).click();
  // The page's code is loaded after the sign-in: on a busy machine that takes longer than a check.
  await expect(dashboard ? page.getByRole('heading', { name: 'Panou de control', level: 1 }) : page.getByRole('heading', { name: 'Setari' })).toBeVisible({ timeout: 20_000 });
}

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${counter++}@test.ro`;

/** A new client registered through the form as a person does (a company name, a fresh e-mail), landing on Setari. */
export async function registerClient(page: Page, company: string, emailPrefix: string, phone = '+40722555888', password = 'Parola123!') {
  const email = uniqueEmail(emailPrefix);
  await page.goto('/register');
  await page.getByLabel('Denumire firma').fill(company);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Telefon').fill(phone);
  await page.getByLabel('Parola', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Creeaza cont' }).click();
  await expect(page.getByRole('heading', { name: 'Setari' })).toBeVisible();
  return email;
}

/** Pays on the card simulator's hosted page with a test card (any future date, any CVV). */
export async function payWithCard(page: Page, number: string) {
  await expect(page.getByText('Mediu de test: simulator')).toBeVisible();
  await page.getByLabel('Numar card').fill(number);
  await page.getByLabel('Expira (LL/AA)').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: /^Plateste/ }).click();
}

/**
 * The signed-in client's demo shop account id, connected: the store test of the same worker may have
 * uninstalled the demo shop (which disconnects every account of it), so it is connected again then.
 */
export async function connectedDemoStore(page: Page) {
  await page.goto('/profile/integration');
  const store = page.getByRole('article', { name: 'Colete Demo' });
  await expect(store).toBeVisible();
  const reconnect = store.getByRole('button', { name: 'Reconecteaza' });
  if (await reconnect.isVisible()) {
    await reconnect.click();
    await page.waitForURL(/\/sim\/shopify\/admin\/oauth\/authorize\?/);
    await page.getByRole('button', { name: 'Instaleaza aplicatia' }).click();
    await expect(store.getByText('Conectat', { exact: true })).toBeVisible();
  }
  const { list } = (await (await page.request.get('/api/user/integration/shopify/accounts')).json()) as { list: { clientId: number; shop: string }[] };
  return list.find((a) => a.shop === 'colete-demo.myshopify.com')!.clientId;
}
