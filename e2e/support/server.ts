import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Environment that names a server of its own without changing what the demo seed writes: a file
 * sets it to get a server no other file's tests touch, not other data.
 */
const LABELS = new Set(['E2E_SERVER', 'STORE_E2E_WORKER']);
/**
 * Environment whose servers start from the shared servers' seeded copy: the courier simulator's
 * minutes per step (its tracking is computed when read, from the dates the seed wrote, so the seed
 * writes the same rows) and the test clock of the Saturday-delivery files (their one test asks for
 * offers on a Thursday or a Friday; the demo history seeded at the real date, days after that
 * clock, is not what they read; seeding anew for each took 25 to 40 s of a worker).
 */
const RUNTIME_ONLY = new Set(['COURIER_SIM_SPEED', 'TEST_CLOCK']);
/** The server's own defaults: setting one changes nothing the seed writes. */
const DEFAULTS: Record<string, string> = { STORE: 'simulator', MAIL: 'outbox' };

/** How long a server waits for the seeded database another server of its kind is writing, before seeding for itself. */
const DUMP_WAIT_MS = 120_000;

/**
 * The seeded database for servers of this environment, shared by the run's workers (they are the
 * runner's children, so the runner's pid names the run: a new build never reads an old dump).
 * `use` when a server of this kind has written it; otherwise `write` where the first server to
 * claim it writes it. A second server of the kind waits for that dump rather than seeding beside
 * the first (two seeds side by side on two cores take as long as one after the other, and the
 * second would then have had only a dump to load); it seeds for itself only if none comes.
 */
async function snapshotFor(env: Record<string, string>): Promise<{ use: string } | { write: string } | null> {
  const seeded = Object.entries(env)
    .filter(([k, v]) => !LABELS.has(k) && !RUNTIME_ONLY.has(k) && DEFAULTS[k] !== v)
    .sort(([a], [b]) => a.localeCompare(b));
  const dir = runDir();
  const file = path.join(dir, `${createHash('sha256').update(JSON.stringify(seeded)).digest('hex').slice(0, 16)}.tar`);
  if (fs.existsSync(file)) return { use: file };
  try {
    fs.closeSync(fs.openSync(`${file}.claimed`, 'wx'));
    return { write: file };
  } catch {
    const until = Date.now() + DUMP_WAIT_MS;
    while (Date.now() < until) {
      await new Promise((r) => setTimeout(r, 250));
      if (fs.existsSync(file)) return { use: file };
    }
    return null;
  }
}

/**
 * The run's shared folder (the seeded copies, the accessibility scans done): the workers are the
 * runner's children, so the runner's pid names the run.
 */
export function runDir() {
  const dir = path.join(os.tmpdir(), `colete-e2e-${process.ppid}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Starts the built server (apps/server/dist) on a free port with a fresh in-memory database and
 * the demo data, with `env` on top. The first server of a kind seeds the demo and writes the seeded
 * database down; the later ones start from a copy of it (seeding takes most of a server's start).
 * Answers its address and a function that stops it.
 */
export async function startServer(env: Record<string, string> = {}): Promise<{ url: string; stop: () => Promise<void> }> {
  const root = path.resolve(import.meta.dirname, '../..');
  const snapshot = await snapshotFor(env);
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      DATABASE_URL: '',
      DEMO_SEED: 'true',
      JOBS: 'true',
      // The platform's invoices are not reported to e-Factura: the demo client's received list keeps
      // the invoices the tests count. The spec of the sent list turns it on for its own server.
      EINVOICE_SEND: 'false',
      LOG_LEVEL: 'warn',
      PRINT_LISTEN_URL: '1',
      // The demo shop on Shopify Plus: the API tests cover the Standard bucket's throttle, and here
      // a screen reading many orders would mostly wait for the bucket to refill.
      STORE_SIM_PLAN: 'plus',
      ...(snapshot && 'use' in snapshot ? { DATA_DIR_FROM: snapshot.use } : {}),
      ...(snapshot && 'write' in snapshot ? { DATA_DIR_DUMP_TO: snapshot.write } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    // Loading the nomenclature and the demo data takes 40 s and more on a busy shared machine.
    const timer = setTimeout(() => reject(new Error('server did not start within 180 s')), 180_000);
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = buffer.match(/LISTENING (http:\/\/\S+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
