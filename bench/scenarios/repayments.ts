import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildOnce } from '../lib/build.js';
import { DEFAULT_POSTGRES_URL } from '../lib/databases.js';
import { USER_TYPE } from '../../packages/contract/src/index.js';
import { between, pick } from '../lib/random.js';
import type { BenchRequest, Scenario, ScenarioContext } from '../lib/types.js';
import { PASSWORD, signedInClient } from './shipments.js';

/**
 * The repayments screens (issue 15) on 1,000,000 repayments of 1,000 clients (PostgreSQL only:
 * the table and its shipments are a few hundred MB): a page of the list with its six totals (p95
 * under 30 ms), and the xlsx export of one client's 100,000 rows streamed over HTTP (the server's
 * peak RSS and the rows per second printed; the RSS must stay under 300 MB).
 */

const TOTAL = 1_000_000;
const BIG = 100_000;
const CLIENTS = 1_000;
const BATCH = 100_000;
const STATUSES = ['awaiting_delivery', 'delivered', 'sent_by_courier', 'received', 'paid', 'paid', 'paid', 'paid', 'cancelled'];

/** 1,000 clients (the first one the big one), each with a repayment account; their ids in order. */
export async function clients(ctx: ScenarioContext, big: number) {
  const res = await ctx.database.executeSql(
    `INSERT INTO users (email, password_hash, name, phone, account_type, referral_code, bank_account, bank_account_holder)
     SELECT 'bench.rep.' || g || '.' || md5(random()::text) || '@bench.ro', 'x', 'Client ' || g, '+40722000000', 'company', md5(random()::text),
            'RO66BACX0000001234567890', 'Client Ramburs ' || g
     FROM generate_series(1, ${CLIENTS - 1}) g RETURNING id`,
  );
  return [big, ...(res.rows as { id: number }[]).map((r) => r.id)];
}

/** The rows: the big client's 100,000 (every tenth row up to 1,000,000), the others share the rest; a year of orders. */
export async function fill(ctx: ScenarioContext, ids: number[]) {
  const owners = `ARRAY[${ids.slice(1).join(',')}]::int[]`;
  const statuses = `ARRAY[${STATUSES.map((s) => `'${s}'`).join(',')}]`;
  for (let from = 1; from <= TOTAL; from += BATCH) {
    const to = from + BATCH - 1;
    await ctx.database.executeSql(
      `INSERT INTO shipments (unique_id, user_id, status, status_at, sender, recipient, packages, content, client_reference, options, courier_id, awb, search_text, activated_at, created_at)
       SELECT 'R' || lpad(g::text, 12, '0'), owner, 'delivered', at, '{}'::jsonb,
              jsonb_build_object('contactName', 'Ion Popescu ' || g, 'contactCompany', null, 'addressCity', 'Sectorul 1', 'addressCounty', 'Bucuresti'),
              '[]'::jsonb, 'Marfa', 'CMD-' || g, jsonb_build_object('codBani', 1000 + g % 90000), 'benchcod', 'B' || lpad(g::text, 10, '0'),
              'b' || lpad(g::text, 10, '0') || ' | ion popescu ' || g || ' | sectorul 1 | cmd-' || g, at, at
       FROM generate_series(${from}, ${to}) g,
            LATERAL (SELECT CASE WHEN g % 10 = 0 THEN ${ids[0]} ELSE (${owners})[1 + (g % ${ids.length - 1})] END AS owner,
                            now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute' AS at) x`,
    );
    await ctx.database.executeSql(
      `INSERT INTO repayments (shipment_id, user_id, courier_id, awb, amount_bani, status, ordered_at, delivered_at, sent_by_courier_on, received_on, paid_at, cancelled_at)
       SELECT s.id, s.user_id, 'benchcod', s.awb, (s.options->>'codBani')::bigint, st, s.activated_at,
              CASE WHEN st NOT IN ('awaiting_delivery', 'cancelled') THEN s.activated_at + interval '1 day' END,
              CASE WHEN st IN ('sent_by_courier', 'received', 'paid') THEN (s.activated_at + interval '2 day')::date END,
              CASE WHEN st IN ('received', 'paid') THEN (s.activated_at + interval '3 day')::date END,
              CASE WHEN st = 'paid' THEN s.activated_at + interval '5 day' END,
              CASE WHEN st = 'cancelled' THEN s.activated_at + interval '1 day' END
       FROM shipments s, LATERAL (SELECT (${statuses})[1 + (s.id % ${STATUSES.length})] AS st) x
       WHERE s.courier_id = 'benchcod' AND s.unique_id BETWEEN 'R' || lpad('${from}', 12, '0') AND 'R' || lpad('${to}', 12, '0')`,
    );
  }
  await ctx.database.executeSql('VACUUM ANALYZE shipments');
  await ctx.database.executeSql('VACUUM ANALYZE repayments');
}

let filled: { ids: number[]; adminHeaders: Record<string, string>; bigEmail: string } | null = null;
async function data(ctx: ScenarioContext) {
  if (filled) return filled;
  const big = await signedInClient(ctx, 'repayments-big');
  const admin = await signedInClient(ctx, 'repayments-admin');
  await ctx.database.executeSql(`UPDATE users SET user_type = ${USER_TYPE.admin} WHERE id = ${admin.user.id}`);
  await ctx.database.executeSql(`UPDATE users SET bank_account = 'RO66BACX0000001234567890', bank_account_holder = 'Bench Mare' WHERE id = ${big.user.id}`);
  const ids = await clients(ctx, big.user.id);
  const started = Date.now();
  await fill(ctx, ids);
  console.log(`  repayments: ${TOTAL.toLocaleString('en')} rows of ${CLIENTS} clients written in ${Math.round((Date.now() - started) / 1000)} s`);
  filled = { ids, adminHeaders: admin.headers, bigEmail: big.user.email };
  return filled;
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const FLAGS = ['isAll', 'isNotPaid', 'isNotDelivered', 'isAtCourier', 'isAtUs', 'isPaid'];

export const repaymentsList: Scenario = {
  name: 'repayments-list',
  description: 'POST /api/user/repayments/list: a page of 50 with the six totals, by period, filter, AWB or account, of one of 1,000 clients (1,000,000 repayments; a client of 100,000 among them), through the admin acting for the client',
  targetP95Ms: 30,
  targetOn: 'PostgreSQL',
  onlyOn: 'PostgreSQL',
  async prepare(ctx) {
    const { ids, adminHeaders } = await data(ctx);
    const requests: BenchRequest[] = Array.from({ length: 400 }, () => {
      const r = ctx.random();
      // A third of the requests are the big client's (a default period: about 12,000 of its rows in scope).
      const client = r < 0.33 ? ids[0]! : pick(ctx.random, ids);
      const body: Record<string, unknown> = { selectedClient: client, page: between(ctx.random, 1, 3), limit: pick(ctx.random, [25, 50, 100]) };
      const kind = ctx.random();
      if (kind < 0.6) Object.assign(body, { fromDate: day(between(ctx.random, 30, 60)), toDate: day(0), [pick(ctx.random, FLAGS)]: true });
      else if (kind < 0.8) Object.assign(body, { fromDate: day(365), toDate: day(0), searchString: `B${String(between(ctx.random, 1, TOTAL)).padStart(10, '0')}`, page: 1 });
      else Object.assign(body, { fromDate: day(between(ctx.random, 30, 90)), toDate: day(0), account: 'RO66BACX0000001234567890', isNotPaid: true });
      return { method: 'POST', path: '/api/user/repayments/list', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    });
    return { requests, headers: adminHeaders };
  },
};

/** The RSS of a process, from /proc (bytes). */
async function rssOf(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/**
 * The built server (apps/server/dist, as `npm start` runs it) on the bench's PostgreSQL database, in
 * a process of its own, so its RSS is the server's alone (the bench's process also holds PGlite).
 */
async function startServerOn(databaseUrl: string) {
  buildOnce((line) => console.log(`  repayments-export: ${line}`));
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, DEMO_SEED: 'false', JOBS: 'false', LOG_LEVEL: 'warn', PRINT_LISTEN_URL: '1', COOKIE_SECURE: 'false' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const m = /LISTENING (http:\/\/\S+)/.exec(buffer);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return { url, pid: child.pid!, stop: () => new Promise<void>((r) => { child.once('exit', () => r()); child.kill('SIGTERM'); }) };
}

/** One export of the big client's 100,000 rows of a year over real HTTP from the built server, its body read as it streams; the server's RSS sampled meanwhile. */
async function measureExport(ctx: ScenarioContext, email: string) {
  const name = ((await ctx.database.executeSql('SELECT current_database() AS name')).rows[0] as { name: string }).name;
  const base = new URL(process.env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL);
  base.pathname = `/${name}`;
  const server = await startServerOn(base.toString());
  try {
    const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    if (login.status !== 200 || !cookie) throw new Error(`bench sign-in on the built server failed: ${login.status}`);
    const before = await rssOf(server.pid);
    let peak = before;
    const timer = setInterval(() => void rssOf(server.pid).then((v) => (peak = Math.max(peak, v)), () => undefined), 20);
    const started = performance.now();
    const res = await fetch(`${server.url}/api/user/repayments/sheet/download`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ fromDate: day(365), toDate: day(0) }),
    });
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
    const seconds = (performance.now() - started) / 1000;
    clearInterval(timer);
    const mb = (n: number) => Math.round(n / 1024 / 1024);
    console.log(
      `  repayments-export: ${BIG.toLocaleString('en')} rows, ${mb(bytes)} MB xlsx in ${seconds.toFixed(1)} s = ${Math.round(BIG / seconds).toLocaleString('en')} rows/s; ` +
        `server RSS ${mb(before)} MB before, peak ${mb(peak)} MB (limit 300 MB: ${peak <= 300 * 1024 * 1024 ? 'PASS' : 'FAIL'})`,
    );
    if (res.status !== 200) throw new Error(`the export answered ${res.status}`);
    if (peak > 300 * 1024 * 1024) throw new Error(`the export's peak server RSS was ${mb(peak)} MB (over 300 MB)`);
  } finally {
    await server.stop();
  }
}

export const repaymentsExport: Scenario = {
  name: 'repayments-export',
  description: 'POST /api/user/repayments/sheet/download: the 100,000-row export measured once in prepare (rows/s, peak RSS under 300 MB); then a month of a typical client exported under load (measured, not judged)',
  onlyOn: 'PostgreSQL',
  async prepare(ctx) {
    const { ids, bigEmail, adminHeaders } = await data(ctx);
    await measureExport(ctx, bigEmail);
    const requests: BenchRequest[] = Array.from({ length: 50 }, () => ({
      method: 'POST',
      path: '/api/user/repayments/sheet/download',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ selectedClient: pick(ctx.random, ids.slice(1)), fromDate: day(30), toDate: day(0) }),
    }));
    return { requests, headers: adminHeaders };
  },
};

export const repaymentScenarios: Scenario[] = [repaymentsList, repaymentsExport];
