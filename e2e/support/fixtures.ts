import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';

export const DEMO = {
  client: { email: 'client@demo.ro', password: 'Client123!' },
  client2: { email: 'client2@demo.ro', password: 'Client123!' },
  admin: { email: 'admin@demo.ro', password: 'Admin123!' },
} as const;

export const test = base.extend({
  // Playwright reads the fixture's dependencies from this (empty) destructuring.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not start the server');
    await use(url);
  },
});
export { expect };

/** WCAG 2.1 A and AA: the page must have no violations. */
export async function expectAccessible(page: Page) {
  // Measure the settled page: an element fading in has a blended colour, not its real one.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 5_000 });
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, 'accessibility violations').toEqual([]);
}

const SCREENS = path.resolve(import.meta.dirname, '../.artifacts/screens');
/** A full-page screenshot kept for a person to look at. */
export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: true });
}

export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Parola', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Autentificare' }).click();
  await expect(page.getByRole('heading', { name: 'Setari' })).toBeVisible();
}

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${counter++}@test.ro`;

/** Pays on the card simulator's hosted page with a test card (any future date, any CVV). */
export async function payWithCard(page: Page, number: string) {
  await expect(page.getByText('Mediu de test: simulator')).toBeVisible();
  await page.getByLabel('Numar card').fill(number);
  await page.getByLabel('Expira (LL/AA)').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: /^Plateste/ }).click();
}
