// StrykerJS over the money files (issue 24): run it with `npm run mutate` (scripts/mutate.mjs picks
// the files and their tests), never in CI or npm test: one file takes minutes to an hour here.
import { lstatSync } from 'node:fs';

/**
 * In a worktree whose node_modules are symlinks to another checkout's, Stryker links none into its
 * sandbox (it looks for real folders), and the server's own packages (apps/server/node_modules)
 * would not resolve there: every test file fails to import and the run stops with "No tests were
 * executed". A sandbox under apps/server finds them, and the root's, by Node's walk up the folders.
 */
const linkedModules = lstatSync('apps/server/node_modules', { throwIfNoEntry: false })?.isSymbolicLink() === true;

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
  tempDirName: linkedModules ? 'apps/server/.stryker-tmp' : '.stryker-tmp',
};
