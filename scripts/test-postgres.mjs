// The server's API tests on PostgreSQL (TEST_DATABASE_URL), added to npm test's totals when present.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { runVitest } from './vitest-run.mjs';

if (!process.env.TEST_DATABASE_URL) {
  console.error('TEST_DATABASE_URL is not set (for example postgres://postgres@127.0.0.1:5432/test)');
  process.exit(2);
}
const out = '.test-output';
mkdirSync(out, { recursive: true });
const started = Date.now();
const run = await runVitest(['apps/server', '--allowOnly=false'], `${out}/vitest-postgres.json`);
const { passed, failed } = run;
console.log(`\nPostgreSQL API tests took ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`PostgreSQL: ${passed} passed, ${failed} failed`);

const before = existsSync(`${out}/totals.json`) ? JSON.parse(readFileSync(`${out}/totals.json`, 'utf8')) : { passed: 0, failed: 0 };
console.log(`total: ${before.passed + passed} passed, ${before.failed + failed} failed`);
process.exit(failed === 0 ? 0 : 1);
