// The server's API tests on PostgreSQL (TEST_DATABASE_URL), added to npm test's totals when present.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

if (!process.env.TEST_DATABASE_URL) {
  console.error('TEST_DATABASE_URL is not set (for example postgres://postgres@127.0.0.1:5432/test)');
  process.exit(2);
}
const out = '.test-output';
mkdirSync(out, { recursive: true });
const res = spawnSync('npx', ['vitest', 'run', 'apps/server', '--reporter=default', '--reporter=json', `--outputFile.json=${out}/vitest-postgres.json`], {
  stdio: 'inherit',
});
const report = existsSync(`${out}/vitest-postgres.json`) ? JSON.parse(readFileSync(`${out}/vitest-postgres.json`, 'utf8')) : null;
const passed = report?.numPassedTests ?? 0;
const failed = (report?.numFailedTests ?? 0) + (res.status !== 0 && !report?.numFailedTests ? 1 : 0);
console.log(`\nPostgreSQL: ${passed} passed, ${failed} failed`);

const before = existsSync(`${out}/totals.json`) ? JSON.parse(readFileSync(`${out}/totals.json`, 'utf8')) : { passed: 0, failed: 0 };
console.log(`total: ${before.passed + passed} passed, ${before.failed + failed} failed`);
process.exit(failed === 0 ? 0 : 1);
