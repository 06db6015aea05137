// The several-instances stage of `npm test` (issue 28; docs/scaling.md): the built server as three
// instances on one fresh PostgreSQL database, two serving behind nginx (round robin, no sticky
// sessions) and one running the jobs, and the platform used through the balancer while instances
// are killed with kill -9. Prints each check, then the figures; exits 1 when a check failed.
// `--json FILE` writes the checks and figures for scripts/test.mjs.
// Needs: `npm run build` done, PostgreSQL (TEST_DATABASE_URL's server, else 127.0.0.1:5432 as
// postgres), Debian's nginx. Everything it starts is stopped, and its temporary folder removed,
// whatever happens; its database (instances_stage) is dropped when every check passed.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Balancer } from './instances/client.mjs';
import { accessLogFigures, activatedOnce, chargesMatchAwbs, eventsDelivered, fulfilledInShop, noJobStuck } from './instances/checks.mjs';
import { StageError, dropDatabase, freePort, freshDatabase, killAllNow, killNow, startInstance, startNginx, stopAll, tail } from './instances/layout.mjs';
import { DEMO, DEMO_CLIENT_ID, bulkRun, cardTopUp, payoutRun, rateLimitAcross, signInEverywhere } from './instances/scenario.mjs';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const arg = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : null);
/** The whole stage's budget (`--limit SECONDS` to try its clean-up): past it, everything is stopped and the stage fails. */
const STAGE_LIMIT_MS = Number(arg('--limit') ?? 300) * 1000;
const START_LIMIT_MS = 180_000;
const DB_NAME = 'instances_stage';
const jsonOut = arg('--json');
/** The PostgreSQL server: TEST_DATABASE_URL's (as the API tests use), else the local one. */
const serverUrl = (() => {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  return url.toString();
})();

const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
const results = [];
const figures = {};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'colete-instances-'));
/** The running instances by name (A, B, jobs). */
const instances = {};

/** The check under way (the watchdog names it). */
let current = 'the start';

/** One check: what it proves, and what it saw (or why it failed). */
async function check(name, work) {
  current = name;
  try {
    const result = await work();
    results.push({ name, ok: true, detail: result.detail });
    console.log(`  ok    ${name}\n        ${result.detail}`);
    return result;
  } catch (err) {
    results.push({ name, ok: false, detail: err.message });
    console.log(`  FAIL  ${name}\n        ${err instanceof StageError ? err.message : err.stack}`.replaceAll('\n', '\n        '));
    return null;
  }
}

function finish(code) {
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  figures.seconds = Number(seconds());
  if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify({ passed, failed, checks: results, figures }, null, 2));
  console.log(`\nSeveral instances: ${passed} passed, ${failed} failed in ${seconds()} s${figures.summary ? `; ${figures.summary}` : ''}`);
  process.exitCode = code || (failed > 0 ? 1 : 0);
}

function removeDir() {
  fs.rmSync(dir, { recursive: true, force: true });
}

// The stage never outlives its budget nor leaves a process behind: a watchdog, and the last resort on exit.
const watchdog = setTimeout(() => {
  console.log(`\nFAIL  the stage ran past its ${STAGE_LIMIT_MS / 1000} s limit during '${current}': stopping every process it started`);
  results.push({ name: `the stage within ${STAGE_LIMIT_MS / 1000} s`, ok: false, detail: `ran past its limit during '${current}'` });
  killAllNow();
  for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.log'))) console.log(`\n--- the end of ${f}:\n${tail(path.join(dir, f), 15)}`);
  removeDir();
  finish(1);
  process.exit(1);
}, STAGE_LIMIT_MS);
process.on('exit', killAllNow);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    killAllNow();
    removeDir();
    process.exit(130);
  });
}

let db;
try {
  console.log(`Several instances (temporary folder ${dir})`);
  if (!fs.existsSync('apps/server/dist/main.js')) throw new StageError('apps/server/dist/main.js is missing: run `npm run build` first');
  const databaseUrl = await freshDatabase(serverUrl, DB_NAME);
  const balancerPort = await freePort();
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? os.homedir(),
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${balancerPort}`,
    TRUST_PROXY: '1',
  };
  const serving = { ...env, JOBS: 'false' };
  const jobsEnv = { ...env, JOBS: 'true' };
  const startJobs = async () => (instances.jobs = await startInstance({ name: 'jobs', env: jobsEnv, dir, timeoutMs: START_LIMIT_MS }));
  const layout = {
    alive: () => Object.values(instances),
    killJobs: async () => {
      await killNow(instances.jobs);
      // What the killed process was in the middle of: pg-boss keeps those jobs active until they expire.
      const { rows } = await db.query(`select name from pgboss.job where state = 'active'`);
      figures.leftActive = rows.map((r) => r.name);
    },
    startJobs,
    killServing: () => killNow(instances.B),
  };

  await check('three instances started together on one new database (two serving, one running the jobs): migrated and seeded once', async () => {
    const [a, b] = await Promise.all([startInstance({ name: 'A', env: serving, dir, timeoutMs: START_LIMIT_MS }), startInstance({ name: 'B', env: serving, dir, timeoutMs: START_LIMIT_MS }), startJobs()]);
    instances.A = a;
    instances.B = b;
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query(`select (select count(*) from users where email in ('client@demo.ro', 'client2@demo.ro', 'admin@demo.ro'))::int as accounts,
      (select count(*) from store_accounts where user_id = $1)::int as shops, (select count(*) from shipments where user_id = $1)::int as shipments,
      (select count(*) from repayments where user_id = $1)::int as repayments, (select count(*) from app_meta)::int as markers`, [DEMO_CLIENT_ID]);
    const r = rows[0];
    if (r.accounts !== 3 || r.shops !== 1 || r.shipments === 0 || r.repayments === 0) throw new StageError(`the demo is not whole: ${JSON.stringify(r)}`);
    figures.starts = Object.fromEntries(Object.entries(instances).map(([k, p]) => [k, Number(p.startSeconds.toFixed(1))]));
    return { detail: `listening after A ${a.startSeconds.toFixed(1)} s, B ${b.startSeconds.toFixed(1)} s, jobs ${instances.jobs.startSeconds.toFixed(1)} s; demo: ${r.shipments} shipments, ${r.repayments} repayments, one shop` };
  });
  if (!instances.A) throw new StageError('the instances did not start');

  const nginx = await startNginx({ dir, template: 'deploy/nginx-instances.conf', listen: balancerPort, servers: [instances.A.port, instances.B.port] });
  const names = new Map([
    [instances.A.port, 'A'],
    [instances.B.port, 'B'],
  ]);
  const lb = new Balancer(`http://127.0.0.1:${balancerPort}`, names);
  console.log(`  nginx on ${balancerPort} in front of A (${instances.A.port}) and B (${instances.B.port}); the jobs instance on ${instances.jobs.port}, not behind it`);

  const client = (await check('a session used on both serving instances (round robin, no sticky sessions)', () => signInEverywhere(lb, DEMO.client)))?.session;
  const admin = (await check('an admin session used on both serving instances', () => signInEverywhere(lb, DEMO.admin, 4)))?.session;
  if (!client || !admin) throw new StageError('no session: the rest needs one');
  await check('the company look-up limit counted across instances: 12 calls, 10 pass, 2 answer 429', () => rateLimitAcross(lb, client));
  await check('a card top-up confirmed on the processor\'s 3-D Secure step once, the repeat refused', () => cardTopUp(lb, client, db));
  await check('the repayments payout: two \'pay now\' at once and a repeat, every repayment paid once', () => payoutRun(lb, admin, db));

  const since = new Date();
  const bulk = await check('a store bulk activation of 30 orders, the jobs instance killed (kill -9) at a third and restarted, serving instance B killed at half', async () => {
    const r = await bulkRun(lb, client, layout);
    Object.assign(figures, { orders: r.orders.length, runSeconds: Number(r.events.runSeconds.toFixed(1)) });
    const e = r.events;
    return {
      ...r,
      detail: `${r.orders.length} orders in ${e.runSeconds.toFixed(1)} s (the first done after ${e.firstOrderSeconds?.toFixed(1)} s); jobs instance killed at ${e.jobsKilledAt}/30 in the middle of ${figures.leftActive.join(', ') || 'no job'}, back after ${e.jobsBackSeconds.toFixed(1)} s; B killed at ${e.servingKilledAt}/30; the run read ${e.polls} times`,
    };
  });
  const made = bulk && (await check('every order activated once: one shipment, one AWB, one courier record per part', () => activatedOnce(db, bulk)));
  if (made) {
    await check('every charge matched to one AWB (ledger against shipments)', () => chargesMatchAwbs(db, made.shipments, since));
    await check('every part fulfilled once in the shop simulator, with its AWB', () => fulfilledInShop(db, made.shipments, 90_000));
  }
  await check('no domain event left undelivered', () => eventsDelivered(db, 90_000));
  await check('no pg-boss job stuck (active past its expiry, or queued behind a dead worker)', () => noJobStuck(db, 60_000));
  await check('no request through the balancer failed (no 5xx, no unanswered call)', async () => {
    const log = accessLogFigures(fs.readFileSync(nginx.accessLog, 'utf8'), names);
    figures.requests = Object.fromEntries(log.perInstance);
    if (lb.failures.length > 0 || log.errors > 0) throw new StageError(`${lb.failures.length} failed: ${lb.failures.slice(0, 5).join('; ')} (nginx logged ${log.errors} 5xx)`);
    return { detail: `requests per instance (nginx's access log): ${[...log.perInstance].map(([k, v]) => `${k} ${v}`).join(', ')}` };
  });
  figures.summary = `${figures.orders ?? 0} orders activated in ${figures.runSeconds ?? '?'} s; requests per instance ${Object.entries(figures.requests ?? {}).map(([k, v]) => `${k} ${v}`).join(', ')}`;
} catch (err) {
  results.push({ name: 'the stage ran to its end', ok: false, detail: err.message });
  console.log(`  FAIL  ${err instanceof StageError ? err.message : err.stack}`);
} finally {
  clearTimeout(watchdog);
  await db?.end().catch(() => undefined);
  await stopAll();
  const failed = results.some((r) => !r.ok);
  if (failed) {
    for (const p of Object.values(instances)) if (p.log) console.log(`\n--- the end of ${p.name}'s log (${p.log}):\n${tail(p.log, 15)}`);
    console.log(`\nThe database ${DB_NAME} is kept for a look.`);
  } else {
    await dropDatabase(serverUrl, DB_NAME).catch((err) => console.log(`(could not drop ${DB_NAME}: ${err.message})`));
  }
  removeDir();
  finish(0);
}
