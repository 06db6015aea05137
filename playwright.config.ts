import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

/**
 * Debian's Chromium: its headless shell (package chromium-headless-shell, the same build without the
 * browser's own interface) where it is installed, which needs about a quarter less CPU per test on
 * this two-core machine; otherwise the full browser (package chromium).
 */
function chromiumPath() {
  return existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium';
}

/**
 * End-to-end tests in Debian's Chromium against the real built server. Each worker starts its own
 * server on a free port with its own in-memory database and the demo data (e2e/support/fixtures.ts),
 * so workers never see each other's changes and any test may run in any worker, in any order.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/support/global-setup.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  // Two by default (this project's CI machine has two cores); E2E_WORKERS=1 runs them one by one.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A forgotten test.only would silently drop every other test: refused in CI (npm test passes --forbid-only).
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/results.json' }]],
  use: {
    // A trace only for a failed test's second try (npm test runs with --retries=1): recording one
    // for every test, to keep the failed ones, cost about a third of the run's time on two cores.
    trace: 'on-first-retry',
    locale: 'ro-RO',
    timezoneId: 'Europe/Bucharest',
    reducedMotion: process.env.E2E_MOTION === 'on' ? 'no-preference' : 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromiumPath(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
