// Runs vitest once, its output shown as it comes and kept, and judges the run from its JSON report.
//
// Vitest 4's fork pool can fail a run in which every test passed: on a busy machine a worker's IPC
// write fails with EPIPE while it shuts down, or a worker that finished its files exits before the
// pool stops it, and the pool reports "[vitest-pool]: Worker forks emitted error" (caused by
// "Worker exited unexpectedly"). Vitest 5 handles both, but needs Node 22 (this project runs on
// Node 20). Such a run counts as passed only when nothing else is wrong: every test file reported
// and passed, no test failed, skipped or left to do, and every unhandled error printed is of that
// pool kind. Any other unhandled error (an unhandled rejection in a test, say) fails the run, and
// the errors are printed again at the end so the last lines of a CI log show them.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** The pool's report of a worker gone: its own error, caused by the exit or by the closed IPC channel. */
const isPoolExit = (block) =>
  /\[vitest-pool\]: Worker (forks|threads) emitted error/.test(block) && /Caused by: Error: (Worker exited unexpectedly|write EPIPE|.*ERR_IPC_CHANNEL_CLOSED)/.test(block);
// eslint-disable-next-line no-control-regex -- the escape sequences of a coloured terminal
const strip = (s) => s.replace(/\x1b\[[0-9;]*m/g, '');

/** The unhandled-error sections vitest printed: each "Unhandled ..." block up to the next rule. */
export function unhandledErrors(output) {
  const lines = strip(output).split('\n');
  const blocks = [];
  let current = null;
  for (const line of lines) {
    if (/⎯{3,} Unhandled (Error|Rejection|Exception) ⎯/.test(line)) {
      if (current) blocks.push(current.join('\n'));
      current = [line];
    } else if (/⎯{3,} Unhandled Errors ⎯/.test(line)) {
      if (current) blocks.push(current.join('\n'));
      current = null;
    } else if (current) {
      if (/^⎯{6,}$|^\s*Test Files\s/.test(line.trim())) {
        blocks.push(current.join('\n'));
        current = null;
      } else current.push(line);
    }
  }
  if (current) blocks.push(current.join('\n'));
  return blocks;
}

/**
 * Runs `npx vitest run <args>` writing its JSON report to `jsonFile`. Answers the counts for the
 * closing line, whether the run passed, and what was said of it (failures, unhandled errors).
 */
export async function runVitest(args, jsonFile, env = {}) {
  let output = '';
  const status = await new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${jsonFile}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const keep = (stream) => (chunk) => {
      stream.write(chunk);
      output += chunk.toString();
      // Only the tail matters for the error summary; the whole log is on the screen.
      if (output.length > 4_000_000) output = output.slice(-2_000_000);
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('close', (code) => resolve(code ?? 1));
  });
  let report = null;
  try {
    report = existsSync(jsonFile) ? JSON.parse(readFileSync(jsonFile, 'utf8')) : null;
  } catch {
    report = null;
  }
  if (!report) {
    const said = [`FAILED: vitest exited ${status} without its report`];
    console.log(said[0]);
    return { passed: 0, failed: 1, ok: false, said };
  }
  const said = [];
  const result = judgeVitest({ status, report, output }, (line) => said.push(line));
  for (const line of said) console.log(line);
  return { ...result, said };
}

/** The run's counts from its exit status, JSON report and output; what it finds goes to `say`. */
export function judgeVitest({ status, report, output }, say) {
  const notRun = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  if (notRun > 0) say(`FAILED: vitest: ${notRun} test(s) skipped or left to do; every test must run`);
  const errors = unhandledErrors(output);
  // A worker that dies in the middle of a file leaves that file out of the report: the summary line
  // "Test Files  149 passed (150)" tells, so every file vitest found must be among those passed.
  const summary = strip(output).match(/Test Files\s+(\d+) passed \((\d+)\)/);
  const filesOk =
    !!summary && summary[1] === summary[2] && report.testResults.every((f) => f.status === 'passed') && report.numFailedTestSuites === 0;
  let exitFailure = 0;
  if (status !== 0 && report.numFailedTests === 0) {
    const onlyPool = errors.length > 0 && errors.every(isPoolExit) && filesOk && notRun === 0;
    if (onlyPool) {
      say(`\nvitest exited ${status} with every test file passed; its only unhandled errors are the fork pool's own (a worker's exit or EPIPE at shutdown, fixed in vitest 5), counted as passed:`);
    } else {
      exitFailure = 1;
      say(`\nFAILED: vitest exited ${status} with no failed test${filesOk ? '' : ' but a test file did not pass'}:`);
    }
  } else if (errors.length > 0) say('\nvitest printed unhandled errors:');
  for (const e of errors) say(e.split('\n').slice(0, 25).join('\n'));
  for (const f of report.testResults.filter((r) => r.status !== 'passed')) {
    say(`FAILED file: ${f.name}${f.message ? ` (${strip(f.message).split('\n')[0]})` : ''}`);
    for (const t of f.assertionResults.filter((a) => a.status === 'failed')) say(`  FAILED: ${t.fullName}`);
  }
  const failed = report.numFailedTests + notRun + exitFailure;
  return { passed: report.numPassedTests, failed, ok: failed === 0 };
}
