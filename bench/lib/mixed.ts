import type { runLoad } from './load.js';
import type { Recorder } from './stats.js';

/** A scenario's row of the table (run.ts prints it). */
export type Row = {
  database: string;
  scenario: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  ratio: number;
  target?: number;
  verdict: 'PASS' | 'FAIL' | '-';
  distinct: number;
  /** What went wrong besides the time (errors, non-2xx answers). */
  note?: string;
};

const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

/** A mixed load's row: each route's server times printed; it passes when no route errs and each p95 is within the target. */
export function mixedRow(row: Row, routes: ({ route: string } & ReturnType<Recorder['summary']>)[], load: Awaited<ReturnType<typeof runLoad>>, targetP95Ms: number | undefined): Row {
  const count = routes.reduce((n, r) => n + r.count, 0);
  const problems: string[] = [];
  for (const r of routes) {
    console.log(`    ${r.route.padEnd(20)} ${String(r.count).padStart(6)} requests  p50 ${fmt(r.p50)} ms  p95 ${fmt(r.p95)} ms  p99 ${fmt(r.p99)} ms${r.non2xx ? `  errors ${r.failures}` : ''}`);
    if (r.non2xx > 0) problems.push(`${r.route}: ${r.failures}`);
    if (targetP95Ms !== undefined && !(r.p95 <= targetP95Ms)) problems.push(`${r.route} p95 ${fmt(r.p95)} ms`);
  }
  if (load.errors > 0 || load.timeouts > 0) problems.push(`${load.errors} connection errors, ${load.timeouts} timeouts`);
  const all = routes.map((r) => r.p95).filter(Number.isFinite);
  return {
    ...row,
    requests: count,
    p50: Math.max(...routes.map((r) => r.p50)),
    p95: Math.max(...all),
    p99: Math.max(...routes.map((r) => r.p99)),
    rps: load.total / load.duration,
    ratio: Number.NaN,
    verdict: problems.length === 0 ? 'PASS' : 'FAIL',
    note: problems.length > 0 ? problems.join('; ') : 'the slowest route’s p95',
  };
}

