import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchRequest } from './types.js';

export type LoadJob = {
  origin: string;
  requests: BenchRequest[];
  headers?: Record<string, string>;
  connections: number;
  /** Sessions that pause between requests (a person reading the page): each connection waits this long, evenly drawn, after each answer. Without it: autocannon's closed loop (the next request at once). */
  thinkMs?: { min: number; max: number };
  warmupSec: number;
  durationSec: number;
  /** The x-bench header of the measured run (the warm-up sends 'warmup'). */
  tag: string;
};

export type LoadResult = {
  total: number;
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Client-side latency (ms), loopback included. */
  latency: { p50: number; p99: number };
};

const childPath = fileURLToPath(new URL('./load-child.mjs', import.meta.url));

/** Runs autocannon in a child process against the listening server. */
export function runLoad(job: LoadJob): Promise<LoadResult> {
  const requests = job.requests.map((r) => (typeof r === 'string' ? { method: 'GET', path: r } : { method: 'GET', ...r }));
  return new Promise((resolve, reject) => {
    // Plain JavaScript: no tsx loader in the child.
    const child = fork(childPath, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let settled = false;
    child.once('message', (msg: { ok: true } & LoadResult | { ok: false; error: string }) => {
      settled = true;
      child.disconnect();
      if (msg.ok) resolve(msg);
      else reject(new Error(`load generator: ${msg.error}`));
    });
    child.once('error', (e) => {
      if (!settled) reject(e);
    });
    child.once('exit', (code) => {
      if (!settled) reject(new Error(`load generator exited with code ${code}`));
    });
    child.send({ ...job, requests });
  });
}
