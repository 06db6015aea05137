// The server's API tests on PostgreSQL (TEST_DATABASE_URL), added to npm test's totals when present.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

if (!process.env.TEST_DATABASE_URL) {
  console.error('TEST_DATABASE_URL is not set (for example postgres://postgres@127.0.0.1:5432/test)');
  process.exit(2);
}
const out = '.test-output';
mkdirSync(out, { recursive: true });
const started = Date.now();
const res = spawnSync('npx', ['vitest', 'run', 'apps/server', '--allowOnly=false', '--reporter=default', '--reporter=json', `--outputFile.json=${out}/vitest-postgres.json`], {
  stdio: 'inherit',
});
const report = existsSync(`${out}/vitest-postgres.json`) ? JSON.parse(readFileSync(`${out}/vitest-postgres.json`, 'utf8')) : null;
const passed = report?.numPassedTests ?? 0;
// As in npm test, a skipped or to-do test is a failure: nothing may quietly stop running.
const notRun = (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0);
if (notRun > 0) console.log(`FAILED: ${notRun} skipped or to-do test(s) on PostgreSQL`);
const failed = (report?.numFailedTests ?? 0) + notRun + (res.status !== 0 && !report?.numFailedTests ? 1 : 0);
console.log(`\nPostgreSQL API tests took ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`PostgreSQL: ${passed} passed, ${failed} failed`);

const before = existsSync(`${out}/totals.json`) ? JSON.parse(readFileSync(`${out}/totals.json`, 'utf8')) : { passed: 0, failed: 0 };
console.log(`total: ${before.passed + passed} passed, ${before.failed + failed} failed`);
process.exit(failed === 0 ? 0 : 1);
