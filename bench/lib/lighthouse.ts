// The web app's Lighthouse scores: the built server (as `npm start` runs it) on a free port with a
// fresh in-memory database and its demo data, Debian's Chromium driven by chrome-launcher.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { buildOnce } from './build.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type MeasuredPage = {
  /** The row's name: the page's path, or its route with the demo order it opens. */
  page: string;
  /** Signed-in pages get the demo client's session cookie. */
  signedIn: boolean;
  /** The page's address when it depends on the demo data (an id read through the API); `page` otherwise. */
  address?: (get: (apiPath: string) => Promise<unknown>) => Promise<string>;
};

/** The pages measured: the first loads scripts/check-bundle.mjs budgets, and two heavier pages (issue 28). */
export const PAGES: MeasuredPage[] = [
  { page: '/login', signedIn: false },
  { page: '/profile/orders', signedIn: true },
  { page: '/profile/repayments/list', signedIn: true },
  {
    // A store order: the demo shop's #1002 (products in two warehouses), on the demo client's connected shop.
    page: '/profile/shopify/order/#1002',
    signedIn: true,
    address: async (get) => {
      const { list } = (await get('/api/user/integration/shopify/accounts')) as { list: { clientId: number; shop: string }[] };
      const account = list.find((a) => a.shop === 'colete-demo.myshopify.com');
      if (!account) throw new Error('the demo client has no connected demo shop');
      return `/profile/shopify/order/${encodeURIComponent('gid://shopify/Order/1002')}?clientId=${account.clientId}`;
    },
  },
];
export const DEMO_CLIENT = { email: 'client@demo.ro', password: 'Client123!' };

/** Targets (issue 11): performance per preset, accessibility on both. */
export const TARGETS = { desktop: 95, mobile: 90, accessibility: 100 } as const;
type Preset = 'desktop' | 'mobile';

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type LighthouseRow = {
  page: string;
  preset: Preset;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** JavaScript the page downloaded (bytes on the wire: compressed). */
  scriptBytes: number;
  scripts: number;
  /** Failed audits of the two categories, for the note under the table. */
  failedAudits: string[];
  runs: number;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(origin: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode}) before answering`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not answer ${origin}/api/health within ${timeoutMs / 1000} s`);
}

async function signIn(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(DEMO_CLIENT),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('co_session='));
  if (!res.ok || !cookie) throw new Error(`signing in as ${DEMO_CLIENT.email} failed: HTTP ${res.status}`);
  return cookie.split(';')[0]!;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

function failedAudits(lhr: Result): string[] {
  const out: string[] = [];
  for (const category of ['performance', 'accessibility']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      // Performance: only the metrics (weighted); accessibility: every weighted audit that failed.
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= (category === 'accessibility' ? 1 : 0.9)) continue;
      out.push(`${category}: ${ref.id} (${audit.displayValue ?? `score ${audit.score}`})`);
    }
  }
  return out;
}

/**
 * Builds (unless BENCH_BUILD=0), starts the server, signs in, and runs Lighthouse `runs` times per
 * page and preset; each row holds the median run (by performance score).
 */
export async function runLighthouse(options: { runs: number; log: (line: string) => void }): Promise<LighthouseRow[]> {
  const { runs, log } = options;
  buildOnce((line) => log(`Lighthouse: ${line}`));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // Embedded PGlite in memory, whatever DATABASE_URL the shell has; no jobs: only the pages run.
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: 'memory://', JOBS: 'false', LOG_LEVEL: 'warn', DEMO_SEED: 'true' };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitForHealth(origin, server, 180_000);
    const cookie = await signIn(origin);
    const get = async (apiPath: string) => {
      const res = await fetch(`${origin}${apiPath}`, { headers: { Cookie: cookie } });
      if (!res.ok) throw new Error(`GET ${apiPath}: HTTP ${res.status}`);
      return res.json() as Promise<unknown>;
    };
    const addresses = new Map<string, string>();
    for (const page of PAGES) addresses.set(page.page, page.address ? await page.address(get) : page.page);
    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    const rows: LighthouseRow[] = [];
    for (const preset of ['desktop', 'mobile'] as const) {
      for (const page of PAGES) {
        const results: Result[] = [];
        for (let i = 0; i < runs; i++) {
          const flags: Flags = {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            extraHeaders: page.signedIn ? { Cookie: cookie } : undefined,
          };
          const url = new URL(addresses.get(page.page)!, origin);
          const result = await lighthouse(url.href, flags, preset === 'desktop' ? desktopConfig : undefined);
          if (!result) throw new Error(`Lighthouse gave no result for ${page.page}`);
          const lhr = result.lhr;
          if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.page}: ${lhr.runtimeError.message}`);
          // A signed-in page that ended on /login measured the wrong page.
          if (new URL(lhr.finalDisplayedUrl).pathname !== url.pathname) {
            throw new Error(`Lighthouse on ${page.page} ended on ${lhr.finalDisplayedUrl}`);
          }
          results.push(lhr);
        }
        const performance = median(results.map((r) => score(r, 'performance')));
        const lhr = results.find((r) => score(r, 'performance') === performance)!;
        const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
        const scripts = requests.filter((r) => r.resourceType === 'Script');
        const row: LighthouseRow = {
          page: page.page,
          preset,
          performance,
          accessibility: score(lhr, 'accessibility'),
          fcpMs: numeric(lhr, 'first-contentful-paint'),
          lcpMs: numeric(lhr, 'largest-contentful-paint'),
          tbtMs: numeric(lhr, 'total-blocking-time'),
          cls: numeric(lhr, 'cumulative-layout-shift'),
          scriptBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
          scripts: scripts.length,
          failedAudits: failedAudits(lhr),
          runs,
        };
        rows.push(row);
        log(
          `  ${preset.padEnd(7)} ${page.page.padEnd(28)} performance ${row.performance} (runs: ${results.map((r) => score(r, 'performance')).join(', ')}), ` +
            `accessibility ${row.accessibility}`,
        );
      }
    }
    return rows;
  } finally {
    chrome?.kill();
    server.kill('SIGTERM');
  }
}

/** PASS when performance meets the preset's target and accessibility is 100. */
export function lighthouseVerdict(row: LighthouseRow): 'PASS' | 'FAIL' {
  return row.performance >= TARGETS[row.preset] && row.accessibility >= TARGETS.accessibility ? 'PASS' : 'FAIL';
}

export function printLighthouseTable(rows: LighthouseRow[], log: (line: string) => void) {
  const header = ['page', 'preset', 'performance', 'target', 'accessibility', 'FCP', 'LCP', 'TBT', 'CLS', 'JS (compressed)', 'result'];
  const body = rows.map((r) => [
    r.page,
    r.preset,
    String(r.performance),
    `>= ${TARGETS[r.preset]}`,
    String(r.accessibility),
    `${(r.fcpMs / 1000).toFixed(1)} s`,
    `${(r.lcpMs / 1000).toFixed(1)} s`,
    `${Math.round(r.tbtMs)} ms`,
    r.cls.toFixed(3),
    `${(r.scriptBytes / 1000).toFixed(1)} KB in ${r.scripts}`,
    lighthouseVerdict(r),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  log(line(header));
  log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) log(line(b));
  for (const r of rows.filter((x) => lighthouseVerdict(x) === 'FAIL')) {
    log(`FAIL lighthouse ${r.preset} ${r.page}: performance ${r.performance} (target ${TARGETS[r.preset]}), accessibility ${r.accessibility} (target 100)`);
    for (const a of r.failedAudits) log(`  ${a}`);
  }
}
