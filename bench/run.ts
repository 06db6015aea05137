// `npm run bench`: the real app in this process, loaded with autocannon from a child process over
// loopback, on in-memory PGlite and then on a fresh PostgreSQL database. See bench/README.md.
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import type { Database } from '../apps/server/src/db/client.js';
import { loadNomenclature } from '../apps/server/src/modules/geo/geo-loader.js';
import { checkPostgres, DEFAULT_POSTGRES_URL, openFreshPostgres, openPglite, safeUrl } from './lib/databases.js';
import { lighthouseVerdict, printLighthouseTable, runLighthouse, type LighthouseRow } from './lib/lighthouse.js';
import { runLoad } from './lib/load.js';
import { seededRandom } from './lib/random.js';
import { Recorder } from './lib/stats.js';
import { mixedRow, type Row } from './lib/mixed.js';
import type { BenchRequest, Scenario } from './lib/types.js';
import { scenarios as registry } from './scenarios/index.js';

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number (got "${raw}")`);
  return n;
}

const durationSec = numberFromEnv('BENCH_DURATION', 5);
const warmupSec = numberFromEnv('BENCH_WARMUP', 1);
// About 10, but at most 2 per CPU: more connections add no throughput on a small machine, only
// queueing (10 PostgreSQL backends on 2 cores, next to the server and the load generator).
const connections = Math.round(numberFromEnv('BENCH_CONNECTIONS', Math.min(10, Math.max(2, 2 * os.availableParallelism()))));
const postgresUrl = process.env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL;
const skipPostgres = ['none', 'skip', 'off'].includes(postgresUrl);

const lighthouseRuns = Math.round(numberFromEnv('BENCH_LIGHTHOUSE_RUNS', 3));

// `npm run bench -- street locality` runs only those (and the baseline); `lighthouse` names the
// web app's Lighthouse scores (run by default after the server scenarios).
const LIGHTHOUSE = 'lighthouse';
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((w) => w !== LIGHTHOUSE && !registry.some((s) => s.name === w));
if (unknown.length > 0) {
  console.error(`Unknown scenario(s): ${unknown.join(', ')}. Known: ${registry.map((s) => s.name).join(', ')}, ${LIGHTHOUSE}`);
  process.exit(2);
}
const wantedScenarios = wanted.filter((w) => w !== LIGHTHOUSE);
const runServerScenarios = wanted.length === 0 || wantedScenarios.length > 0;
const runLighthouseScores = wanted.length === 0 || wanted.includes(LIGHTHOUSE);
const baseline = registry.find((s) => s.baseline);
const scenarios = registry
  .filter((s) => (wantedScenarios.length === 0 ? !s.onlyWhenNamed : s.baseline || wantedScenarios.includes(s.name)))
  .sort((a, b) => Number(!!b.baseline) - Number(!!a.baseline));


const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The load average before the run against the CPU count: other processes skew every number here. */
function busy() {
  const [one, five] = os.loadavg();
  const cpus = os.availableParallelism();
  return { text: `${one!.toFixed(2)} (1 min), ${five!.toFixed(2)} (5 min) on ${cpus} CPU`, busy: one! > cpus * 0.5 };
}

const VERIFY_SAMPLE = 50;
/** The simulator's leaky bucket for the bench: never empty at the load's rate (a single query still costs at most 1,000 points). */
const BENCH_SIM_BUCKET = { maximumAvailable: 1_000_000_000, restoreRate: 1_000_000_000 };

/**
 * The first distinct requests once through app.inject, so a scenario that answers errors stops
 * before the load (during the load, the onResponse hook counts every non-2xx answer).
 */
async function verify(app: Awaited<ReturnType<typeof buildApp>>, requests: BenchRequest[], headers?: Record<string, string>) {
  const distinct = new Map<string, Exclude<BenchRequest, string>>();
  for (const r of requests) {
    const req = typeof r === 'string' ? { path: r } : r;
    distinct.set(`${req.method ?? 'GET'} ${req.path} ${req.body ?? ''}`, req);
  }
  const bad: string[] = [];
  for (const req of [...distinct.values()].slice(0, VERIFY_SAMPLE)) {
    const method = req.method ?? 'GET';
    const res = await app.inject({ method, url: req.path, headers: { ...headers, ...req.headers }, payload: req.body });
    if (res.statusCode < 200 || res.statusCode > 299) bad.push(`${res.statusCode} ${method} ${req.path}`);
  }
  return { distinct: distinct.size, bad };
}

async function benchDatabase(label: string, database: Database): Promise<Row[]> {
  let t = performance.now();
  await database.migrate();
  const migrated = performance.now() - t;
  t = performance.now();
  await loadNomenclature(database);
  const loaded = performance.now() - t;
  const counts = (await database.executeSql('SELECT (SELECT count(*) FROM geo_localities) AS l, (SELECT count(*) FROM geo_streets) AS s'))
    .rows[0] as { l: string | number; s: string | number };
  console.log(
    `${label}: migrated in ${seconds(migrated)}, nomenclature loaded in ${seconds(loaded)} ` +
      `(${Number(counts.l).toLocaleString('en')} localities, ${Number(counts.s).toLocaleString('en')} street rows)`,
  );

  const recorder = new Recorder();
  // The store simulator's GraphQL throttle (Shopify's 100 points/s) would measure the shop's rate limit, not this server: widened.
  const app = await buildApp({ config: testConfig({ logLevel: 'silent', store: 'simulator', storeSimBucket: BENCH_SIM_BUCKET }), database });
  for (const s of scenarios) s.routes?.(app);
  app.addHook('onResponse', (req, reply, done) => {
    const tag = req.headers['x-bench'];
    if (typeof tag === 'string') recorder.record(tag, reply.elapsedTime, reply.statusCode);
    done();
  });
  await app.ready();
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  const rows: Row[] = [];
  let baselineRps = Number.NaN;
  try {
    for (const scenario of scenarios) {
      const row = await benchScenario(label, scenario, app, database, origin, recorder, baselineRps);
      if (scenario.baseline) baselineRps = row.rps;
      rows.push(row);
      const target = row.target === undefined ? '' : ` (target ${row.target} ms: ${row.verdict})`;
      console.log(
        `  ${scenario.name.padEnd(16)} ${String(row.distinct).padStart(4)} distinct request${row.distinct === 1 ? ': ' : 's:'} p95 ${fmt(row.p95)} ms, ` +
          `${Math.round(row.rps).toLocaleString('en')} req/s${target}${row.note ? ` - ${row.note}` : ''}`,
      );
    }
  } finally {
    await app.close();
  }
  return rows;
}

async function benchScenario(
  label: string,
  scenario: Scenario,
  app: Awaited<ReturnType<typeof buildApp>>,
  database: Database,
  origin: string,
  recorder: Recorder,
  baselineRps: number,
): Promise<Row> {
  // A target named for one database (the 100,000-row list: PostgreSQL) is only measured on the other.
  const targetP95Ms = scenario.targetOn && scenario.targetOn !== label ? undefined : scenario.targetP95Ms;
  const row: Row = {
    database: label,
    scenario: scenario.name,
    requests: 0,
    p50: Number.NaN,
    p95: Number.NaN,
    p99: Number.NaN,
    rps: Number.NaN,
    ratio: Number.NaN,
    target: targetP95Ms,
    verdict: targetP95Ms === undefined ? '-' : 'FAIL',
    distinct: 0,
  };
  if (scenario.onlyOn && scenario.onlyOn !== label) return { ...row, target: undefined, verdict: '-', note: `runs on ${scenario.onlyOn} only` };
  const prepared = await scenario.prepare({ app, database, random: seededRandom(20_240_601) });
  if (prepared.requests.length === 0) return { ...row, verdict: 'FAIL', note: 'the scenario prepared no requests' };
  const check = await verify(app, prepared.requests, prepared.headers);
  row.distinct = check.distinct;
  if (check.bad.length > 0) {
    return { ...row, verdict: 'FAIL', note: `${check.bad.length} of the first ${VERIFY_SAMPLE} requests do not answer 2xx, e.g. ${check.bad[0]}` };
  }

  const tag = `${label}:${scenario.name}`;
  const load = await runLoad({
    origin,
    requests: prepared.requests,
    headers: prepared.headers,
    connections: scenario.load?.connections ?? connections,
    warmupSec: scenario.load?.warmupSec ?? warmupSec,
    durationSec: scenario.load?.durationSec ?? durationSec,
    thinkMs: scenario.load?.thinkMs,
    tag,
  });
  const routes = [...new Set(prepared.requests.flatMap((r) => (typeof r === 'object' && r.route ? [r.route] : [])))];
  if (routes.length > 0) return mixedRow(row, routes.map((route) => ({ route, ...recorder.summary(`${tag}|${route}`) })), load, targetP95Ms);
  const server = recorder.summary(tag);
  const rps = load.total / load.duration;
  const problems: string[] = [];
  if (server.non2xx > 0) problems.push(`non-2xx answers: ${server.failures}`);
  if (load.errors > 0 || load.timeouts > 0) problems.push(`${load.errors} connection errors, ${load.timeouts} timeouts`);
  const judged = targetP95Ms !== undefined || problems.length > 0;
  const passed = problems.length === 0 && (targetP95Ms === undefined || server.p95 <= targetP95Ms);
  return {
    ...row,
    requests: server.count,
    p50: server.p50,
    p95: server.p95,
    p99: server.p99,
    rps,
    ratio: scenario.baseline ? 1 : rps / baselineRps,
    verdict: judged ? (passed ? 'PASS' : 'FAIL') : '-',
    note: problems.length > 0 ? problems.join('; ') : undefined,
  };
}

function fmt(n: number, digits = 2): string {
  return Number.isFinite(n) ? n.toFixed(digits) : '-';
}

function printTable(rows: Row[]) {
  const header = ['database', 'scenario', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'vs bare', 'p95 target', 'result'];
  const body = rows.map((r) => [
    r.database,
    r.scenario,
    r.requests.toLocaleString('en'),
    fmt(r.p50),
    fmt(r.p95),
    fmt(r.p99),
    Number.isFinite(r.rps) ? Math.round(r.rps).toLocaleString('en') : '-',
    Number.isFinite(r.ratio) ? r.ratio.toFixed(3) : '-',
    r.target === undefined ? '-' : `<= ${r.target}`,
    r.verdict,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const numeric = (i: number) => i >= 2 && i <= 7;
  const line = (cells: string[]) => cells.map((c, i) => (numeric(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) console.log(line(b));
}

const cleanups: (() => Promise<void>)[] = [];
async function cleanUp() {
  while (cleanups.length > 0) await cleanups.pop()!().catch((e) => console.error(`cleanup failed: ${e}`));
}
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // Ctrl-C may arrive twice (from the terminal and from scripts/bench.mjs): clean up once.
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.error(`\n${signal}: stopping (dropping the bench database, if any)`);
    void cleanUp().finally(() => process.exit(130));
  });
}

async function main(): Promise<number> {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  console.log(
    `Colete Online bench: Node ${process.version}, ${os.availableParallelism()} CPU (${cpu}); ` +
      `${connections} connections, ${warmupSec} s warm-up + ${durationSec} s per scenario, loopback only`,
  );
  console.log(`Server-side times are Fastify's reply.elapsedTime; req/s "vs bare" divides by ${baseline?.name ?? 'the baseline'} in the same run.`);
  const loadBefore = busy();
  console.log(`Load average before the run: ${loadBefore.text}${loadBefore.busy ? ' - the machine has been busy in the last minute: expect noisy numbers' : ''}\n`);

  const rows: Row[] = [];
  const skipped: string[] = [];

  if (runServerScenarios) await benchServer(rows, skipped);

  let lighthouseRows: LighthouseRow[] = [];
  if (runLighthouseScores) {
    console.log(`\nLighthouse (performance and accessibility; median of ${lighthouseRuns} run${lighthouseRuns === 1 ? '' : 's'} per page and preset):`);
    lighthouseRows = await runLighthouse({ runs: lighthouseRuns, log: (line) => console.log(line) });
  }

  if (rows.length > 0) {
    console.log('');
    printTable(rows);
  }
  for (const s of skipped) console.log(s);
  const judged = rows.filter((r) => r.verdict !== '-');
  const failed = judged.filter((r) => r.verdict === 'FAIL');
  for (const r of failed) console.log(`FAIL ${r.database} ${r.scenario}: p95 ${fmt(r.p95)} ms (target ${r.target ?? '-'} ms)${r.note ? `; ${r.note}` : ''}`);
  if (lighthouseRows.length > 0) {
    console.log('');
    printLighthouseTable(lighthouseRows, (line) => console.log(line));
  }
  const lighthouseFailed = lighthouseRows.filter((r) => lighthouseVerdict(r) === 'FAIL').length;
  const passed = judged.length - failed.length + lighthouseRows.length - lighthouseFailed;
  console.log(`\nbench: ${passed} passed, ${failed.length + lighthouseFailed} failed`);
  return failed.length + lighthouseFailed === 0 ? 0 : 1;
}

/** The server scenarios on PGlite, then on PostgreSQL when it can be reached. */
async function benchServer(rows: Row[], skipped: string[]) {
  const pglite = await openPglite();
  cleanups.push(() => pglite.close());
  rows.push(...(await benchDatabase('PGlite', pglite)));
  await cleanUp();

  if (skipPostgres) {
    skipped.push('PostgreSQL: skipped (BENCH_DATABASE_URL=' + postgresUrl + ')');
  } else {
    const reason = await checkPostgres(postgresUrl);
    if (reason) {
      skipped.push(`PostgreSQL: not reachable at ${safeUrl(postgresUrl)} (${reason}); skipped. Set BENCH_DATABASE_URL to run it.`);
      console.log(`\n${skipped.at(-1)}`);
    } else {
      const fresh = await openFreshPostgres(postgresUrl);
      cleanups.push(() => fresh.close());
      console.log(`\nPostgreSQL at ${safeUrl(postgresUrl)}, fresh database ${fresh.name} (dropped afterwards)`);
      try {
        rows.push(...(await benchDatabase('PostgreSQL', fresh.database)));
      } finally {
        await cleanUp();
      }
    }
  }
}

main()
  .then((code) => process.exit(code))
  .catch(async (e) => {
    if (stopping) return; // the signal handler cleans up and exits
    console.error(e);
    await cleanUp();
    process.exit(1);
  });
