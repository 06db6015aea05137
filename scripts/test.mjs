// npm test: every check and test, then each stage's duration, then one closing line "N passed, N failed".
// A skipped or to-do test counts as a failure: a test that does not run proves nothing.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { runVitest } from './vitest-run.mjs';

const out = '.test-output';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
let passed = 0;
let failed = 0;
/** What went wrong (and the fork pool's exits forgiven), printed again above the closing line: a CI log's tail shows it. */
const endNotes = [];
const failedChecks = [];
/** Each stage's name and how long it took, printed at the end. */
const durations = [];
const runStarted = performance.now();

/** Runs one stage and times it; true when it exited 0. */
function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}`);
  const started = performance.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  durations.push({ name, ms: performance.now() - started });
  return res.status === 0;
}
/** A stage that counts as one check: passed when it exits 0. */
function check(name, cmd, args) {
  if (step(name, cmd, args)) passed += 1;
  else {
    failed += 1;
    failedChecks.push(name);
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
function notRun(name, count) {
  if (count > 0) console.log(`FAILED: ${name}: ${count} test(s) skipped or left to do; every test must run`);
  return count;
}

// The e-Factura rules compiled for saxon-js (15 to 30 s, once into node_modules/.cache) beside the
// typecheck and lint, which leave a core free; the tests that need it find it, or wait for it.
const rulesCompile = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', "await (await import('./apps/server/src/integrations/e-invoicing/cius-ro-rules.ts')).compiledRules()"], { stdio: 'ignore' });
rulesCompile.on('error', () => undefined);

/**
 * Checks run side by side (each single-threaded: on two cores together they take about the longer
 * one's time); each one's output is printed whole when it ends, each timed and counted on its own.
 */
async function checksTogether(list) {
  const runs = list.map(({ name, cmd, args }) => {
    const started = performance.now();
    const child = spawn(cmd, args, { env: process.env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    return new Promise((resolve) => {
      child.on('error', (err) => resolve({ name, started, output: `${output}${err.message}\n`, code: 1 }));
      child.on('close', (code) => resolve({ name, started, output, code, ms: performance.now() - started }));
    });
  });
  for (const run of runs) {
    const { name, output, code, ms, started } = await run;
    console.log(`\n=== ${name}`);
    process.stdout.write(output);
    durations.push({ name, ms: ms ?? performance.now() - started });
    if (code === 0) passed += 1;
    else {
      failed += 1;
      failedChecks.push(name);
      console.log(`FAILED: ${name}`);
    }
  }
}
await checksTogether([
  { name: 'typecheck (tsc -b)', cmd: 'npx', args: ['tsc', '-b', 'packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench'] },
  { name: 'lint (eslint, beside the typecheck)', cmd: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
]);

// --allowOnly=false: a forgotten it.only fails the run instead of silently dropping the other tests.
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
{
  const name = `unit and API tests (vitest, the API on ${database})`;
  console.log(`\n=== ${name}`);
  const started = performance.now();
  const unit = await runVitest(['--allowOnly=false'], `${out}/vitest.json`);
  durations.push({ name, ms: performance.now() - started });
  passed += unit.passed;
  failed += unit.failed;
  if (unit.said.length > 0) endNotes.push('vitest:', ...unit.said);
}

const flakySpecs = [];
/** The several-instances stage's figures, for the closing lines. */
let instances = null;

/**
 * The platform on several instances (scripts/instances-stage.mjs, issue 28): the built server three
 * times on one PostgreSQL database, nginx in front, instances killed mid-run. Each of its checks
 * counts; a stage that ended before writing them counts as one failure.
 */
function runInstancesStage() {
  const report = `${out}/instances.json`;
  const ok = step('several instances behind nginx (scripts/instances-stage.mjs)', 'node', ['scripts/instances-stage.mjs', '--json', report]);
  const result = readJson(report);
  if (!result) {
    failed += 1;
    failedChecks.push('several instances: no report');
    return null;
  }
  passed += result.passed;
  failed += result.failed + (ok || result.failed > 0 ? 0 : 1);
  for (const c of result.checks.filter((x) => !x.ok)) endNotes.push(`  FAILED: several instances: ${c.name}: ${c.detail.split('\n')[0]}`);
  return result;
}
if (step('build', 'npm', ['run', 'build', '--silent'])) {
  passed += 1;
  check('first-load JavaScript budget (scripts/check-bundle.mjs)', 'node', ['scripts/check-bundle.mjs']);
  // --forbid-only: as in CI, a test.only fails the run.
  // --retries=1: a test that fails once and passes on its second try counts as passed and is named
  // below as flaky (a red run on one timing fluke throws away a whole day's work); twice fails.
  const e2eOk = step('end-to-end tests (playwright, Chromium)', 'npx', ['playwright', 'test', '--forbid-only', '--retries=1'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright.json`,
  });
  const pw = readJson(`${out}/playwright.json`);
  if (pw?.stats) {
    passed += pw.stats.expected + pw.stats.flaky;
    failed += pw.stats.unexpected + notRun('playwright', pw.stats.skipped) + (e2eOk || pw.stats.unexpected > 0 ? 0 : 1);
    const failedSpecs = [];
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        if (!spec.ok) failedSpecs.push(`  FAILED: ${spec.file}:${spec.line} › ${spec.title}`);
        else if (spec.tests?.some((t) => t.status === 'flaky')) flakySpecs.push(`  FLAKY (failed once, passed on its second try): ${spec.file}:${spec.line} › ${spec.title}`);
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of pw.suites ?? []) walk(suite);
    if (failedSpecs.length > 0) endNotes.push('playwright:', ...failedSpecs);
    if (!e2eOk && pw.stats.unexpected === 0) endNotes.push(`playwright exited non-zero with no failed test (errors: ${(pw.errors ?? []).map((e) => e.message?.split('\n')[0]).join('; ') || 'none reported'})`);
  } else {
    failed += 1;
    failedChecks.push('end-to-end tests: no report');
  }
  instances = runInstancesStage();
} else {
  failed += 1;
  failedChecks.push('build');
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
// The run's own time (stages side by side count once).
const total = performance.now() - runStarted;
const width = Math.max(...durations.map((d) => d.name.length), 'total'.length);
console.log('\nStage durations:');
for (const d of [...durations, { name: 'total', ms: total }]) console.log(`  ${d.name.padEnd(width)}  ${seconds(d.ms).padStart(9)}`);

if (instances) console.log(`\nSeveral instances (${instances.passed} of ${instances.passed + instances.failed} checks passed, ${instances.figures.seconds} s): ${instances.figures.summary ?? 'no figures'}`);
if (flakySpecs.length > 0) console.log(`\nFlaky end-to-end tests (passed, to mend):\n${flakySpecs.join('\n')}`);
for (const name of failedChecks) endNotes.push(`FAILED: ${name}`);
if (endNotes.length > 0) console.log(`\nWhat went wrong:\n${endNotes.join('\n')}`);

writeFileSync(`${out}/totals.json`, JSON.stringify({ passed, failed }));
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
