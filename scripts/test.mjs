// npm test: every check and test, then one closing line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const out = '.test-output';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
let passed = 0;
let failed = 0;

function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status === 0;
}
function check(name, cmd, args) {
  if (step(name, cmd, args)) passed += 1;
  else {
    failed += 1;
    console.log(`FAILED: ${name}`);
  }
}
function readJson(file) {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  } catch {
    return null;
  }
}

check('typecheck (tsc -b)', 'npx', ['tsc', '-b', 'packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench']);
check('lint (eslint)', 'npx', ['eslint', '.', '--max-warnings=0']);

const unitOk = step('unit and API tests (vitest)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}/vitest.json`]);
const vitest = readJson(`${out}/vitest.json`);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (unitOk || vitest.numFailedTests > 0 ? 0 : 1);
} else failed += 1;

if (step('build', 'npm', ['run', 'build', '--silent'])) {
  passed += 1;
  const e2eOk = step('end-to-end tests (playwright, Chromium)', 'npx', ['playwright', 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright.json`,
  });
  const pw = readJson(`${out}/playwright.json`);
  if (pw?.stats) {
    passed += pw.stats.expected + pw.stats.flaky;
    failed += pw.stats.unexpected + (e2eOk || pw.stats.unexpected > 0 ? 0 : 1);
  } else failed += 1;
} else failed += 1;

writeFileSync(`${out}/totals.json`, JSON.stringify({ passed, failed }));
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
