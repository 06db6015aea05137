// StrykerJS over the money files (issue 24): run it with `npm run mutate` (scripts/mutate.mjs picks
// the files and their tests), never in CI or npm test: one file takes minutes to an hour here.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutate.config.ts', related: false },
  coverageAnalysis: 'perTest',
  concurrency: 1,
  timeoutMS: 60_000,
  dryRunTimeoutMinutes: 30,
  timeoutFactor: 2,
  reporters: ['clear-text', 'json', 'progress'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  ignorePatterns: ['reports', '.test-output', 'test-results', 'playwright-report', 'e2e/.artifacts', 'bench/.out', '.data'],
  cleanTempDir: 'always',
};
