import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// The API tests' config for `npm run mutate` (scripts/mutate.mjs): only the test files of the
// files being mutated (MUTATE_TESTS, comma-separated), on PGlite like the API tests by default.
// Replaced, not merged: vitest's mergeConfig would add the lists to the whole suite's.
const tests = (process.env.MUTATE_TESTS ?? '').split(',').filter(Boolean);

export default defineConfig({
  ...base,
  test: { ...base.test, include: tests, exclude: ['**/node_modules/**', '**/*.pg.test.ts'], maxWorkers: 1, testTimeout: 180_000, hookTimeout: 180_000 },
});
