import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    // *.pg.test.ts need PostgreSQL: they run in scripts/test-postgres.mjs (TEST_DATABASE_URL set).
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts'])],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // On PostgreSQL, one migrated template database the tests' databases are copied from.
    globalSetup: ['apps/server/test/global-setup.ts'],
    pool: 'forks',
    // Each worker imports the modules once for all its files: every test file builds its own
    // database and app, and no module keeps state a test changes (import time fell from about
    // 200 s to 20 s of the run's total; the whole suite passes in shuffled orders too).
    isolate: false,
    maxWorkers: 2,
  },
});
