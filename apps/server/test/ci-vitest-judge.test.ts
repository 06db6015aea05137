import { describe, expect, it } from 'vitest';
// @ts-expect-error the CI script is plain JavaScript without types
import { judgeVitest, unhandledErrors } from '../../../scripts/vitest-run.mjs';

/** A vitest JSON report of `files` passed files, `failed` failed tests among them. */
const report = (files: number, failed = 0, pending = 0) => ({
  numFailedTests: failed,
  numPassedTests: files * 3 - failed,
  numPendingTests: pending,
  numTodoTests: 0,
  numFailedTestSuites: failed > 0 ? 1 : 0,
  testResults: Array.from({ length: files }, (_, i) => ({
    name: `/x/f${i}.test.ts`,
    status: failed > 0 && i === 0 ? 'failed' : 'passed',
    message: '',
    assertionResults: [{ fullName: `t${i}`, status: failed > 0 && i === 0 ? 'failed' : 'passed' }],
  })),
});
const rule = '⎯'.repeat(40);
const poolExit = [
  '⎯⎯⎯⎯⎯⎯ Unhandled Errors ⎯⎯⎯⎯⎯⎯',
  'Vitest caught 1 unhandled error during the test run.',
  '⎯⎯⎯⎯⎯⎯ Unhandled Error ⎯⎯⎯⎯⎯⎯⎯',
  'Error: [vitest-pool]: Worker forks emitted error.',
  'Caused by: Error: Worker exited unexpectedly',
  rule,
].join('\n');
const rejection = ['⎯⎯⎯⎯⎯⎯ Unhandled Rejection ⎯⎯⎯⎯⎯⎯⎯', 'Error: connection terminated', ' ❯ apps/server/test/x.test.ts:12:3', rule].join('\n');
const judge = (status: number, r: ReturnType<typeof report>, output: string) => {
  const said: string[] = [];
  return { ...judgeVitest({ status, report: r, output }, (l: string) => said.push(l)), said };
};

describe('npm test judges a vitest run', () => {
  it('reads each unhandled error block, not the heading that counts them', () => {
    expect(unhandledErrors(`${poolExit}\n${rejection}\n Test Files  2 passed (2)`)).toEqual([
      expect.stringContaining('Worker exited unexpectedly'),
      expect.stringContaining('connection terminated'),
    ]);
  });

  it('forgives only the fork pool’s own exit after every file passed', () => {
    expect(judge(1, report(2), `${poolExit}\n Test Files  2 passed (2)`)).toMatchObject({ passed: 6, failed: 0, ok: true });
    // A file lost with the worker: the summary says so.
    expect(judge(1, report(2), `${poolExit}\n Test Files  2 passed (3)`)).toMatchObject({ failed: 1, ok: false });
    // Any other unhandled error fails the run, and is shown.
    const other = judge(1, report(2), `${poolExit}\n${rejection}\n Test Files  2 passed (2)`);
    expect(other).toMatchObject({ failed: 1, ok: false });
    expect(other.said.join('\n')).toContain('connection terminated');
    // A broken pipe in the code under test is not the pool's.
    const pipe = ['⎯⎯⎯⎯⎯⎯ Unhandled Rejection ⎯⎯⎯⎯⎯⎯⎯', 'Error: write EPIPE', rule].join('\n');
    expect(judge(1, report(2), `${pipe}\n Test Files  2 passed (2)`)).toMatchObject({ failed: 1, ok: false });
    // A non-zero exit with nothing printed is a failure too.
    expect(judge(1, report(2), ' Test Files  2 passed (2)')).toMatchObject({ failed: 1, ok: false });
  });

  it('counts failed, skipped and passed tests as they are', () => {
    expect(judge(0, report(2), ' Test Files  2 passed (2)')).toMatchObject({ passed: 6, failed: 0, ok: true });
    const failing = judge(1, report(2, 1), ' Test Files  1 failed | 1 passed (2)');
    expect(failing).toMatchObject({ passed: 5, failed: 1, ok: false });
    expect(failing.said.join('\n')).toContain('FAILED: t0');
    expect(judge(0, report(2, 0, 2), ' Test Files  2 passed (2)')).toMatchObject({ failed: 2, ok: false });
    // A skipped test is not forgiven with the pool's exit: both count.
    expect(judge(1, report(2, 0, 1), `${poolExit}\n Test Files  2 passed (2)`)).toMatchObject({ failed: 2, ok: false });
  });
});
