// The several-instances stage's processes: its own database, the built server's instances and
// nginx, each a child in a process group of its own, all stopped by stopAll() whatever happened.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

/** A failure of the stage's own making (a process that would not start, a wait that ran out): its message says what. */
export class StageError extends Error {}

/** Every process started and not yet stopped. */
const running = new Set();

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nobody listens on now (the kernel's choice). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Drops and creates the stage's database on the server of `serverUrl`; answers its URL. */
export async function freshDatabase(serverUrl, name) {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (err) {
    throw new StageError(`PostgreSQL does not answer at ${serverUrl} (${err.message}): the stage needs it (.ci/run starts it)`);
  }
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(serverUrl, name) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** Starts a child in a process group of its own (so its own children are stopped with it). */
function startChild(name, command, args, opts) {
  const child = spawn(command, args, { ...opts, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const proc = { name, child, exitCode: undefined, killedByStage: false };
  proc.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      proc.exitCode = code ?? signal;
      running.delete(proc);
      resolve(proc.exitCode);
    });
    child.once('error', (err) => {
      proc.exitCode = `error: ${err.message}`;
      running.delete(proc);
      resolve(proc.exitCode);
    });
  });
  running.add(proc);
  return proc;
}

/** Sends `signal` to the process and its group. */
function signalGroup(proc, signal) {
  if (proc.exitCode !== undefined) return;
  try {
    process.kill(-proc.child.pid, signal);
  } catch {
    try {
      proc.child.kill(signal);
    } catch {
      /* gone already */
    }
  }
}

/** The last lines of a log file, for a failure's message. */
export function tail(file, lines = 25) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * One instance of the built server (apps/server/dist/main.js, as `npm start` runs it) with `env`,
 * its output in `<dir>/<name>.log`. Answers once it listens (its PRINT_LISTEN_URL line), with its
 * port; throws with the log's tail when it exits or does not listen within `timeoutMs`.
 */
export async function startInstance({ name, env, dir, timeoutMs }) {
  const log = path.join(dir, `${name}.log`);
  const out = fs.createWriteStream(log, { flags: 'a' });
  const started = performance.now();
  const proc = startChild(name, process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], { env: { ...env, PORT: '0', PRINT_LISTEN_URL: '1' } });
  proc.log = log;
  proc.child.stderr.pipe(out);
  const port = await new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new StageError(`instance ${name} did not listen within ${timeoutMs / 1000} s; its log:\n${tail(log)}`)), timeoutMs);
    proc.child.stdout.on('data', (chunk) => {
      out.write(chunk);
      seen = (seen + chunk.toString()).slice(-4096);
      const match = seen.match(/LISTENING http:\/\/127\.0\.0\.1:(\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    proc.exited.then((code) => {
      clearTimeout(timer);
      reject(new StageError(`instance ${name} exited (${code}) before it listened; its log:\n${tail(log)}`));
    });
  });
  proc.port = port;
  proc.startSeconds = (performance.now() - started) / 1000;
  return proc;
}

/** kill -9: the process ends at once, in the middle of whatever it was doing. */
export async function killNow(proc) {
  proc.killedByStage = true;
  signalGroup(proc, 'SIGKILL');
  await proc.exited;
}

/** Throws when an instance the stage did not stop has exited (a crash), with its log. */
export function assertAlive(procs) {
  for (const p of procs) {
    if (p.exitCode !== undefined && !p.killedByStage) throw new StageError(`${p.name} exited unexpectedly (${p.exitCode}); its log:\n${tail(p.log)}`);
  }
}

/** Debian's nginx binary, or a clear refusal. */
export function nginxBinary() {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx']) if (fs.existsSync(candidate)) return candidate;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim();
  } catch {
    throw new StageError('nginx is not installed: the stage needs Debian\'s package nginx (.ci/run installs it: apt-get install nginx)');
  }
}

/** Waits until something accepts connections on the port. */
async function listening(port, proc, timeoutMs) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (proc.exitCode !== undefined) throw new StageError(`nginx exited (${proc.exitCode}); its error log:\n${tail(proc.log)}`);
    if (Date.now() > end) throw new StageError(`nginx did not listen on ${port} within ${timeoutMs / 1000} s; its error log:\n${tail(proc.log)}`);
    await sleep(100);
  }
}

/**
 * nginx in the foreground with deploy/nginx-instances.conf, its values filled in, everything it
 * writes in `<dir>/nginx`. As root it runs as the unprivileged user nobody (the stage needs no
 * privilege: the port is above 1024).
 */
export async function startNginx({ dir, template, listen, servers }) {
  const runDir = path.join(dir, 'nginx');
  fs.mkdirSync(runDir, { recursive: true });
  const conf = fs
    .readFileSync(template, 'utf8')
    .replaceAll('@RUN_DIR@', runDir)
    .replaceAll('@LISTEN@', String(listen))
    .replaceAll('@SERVER_1@', String(servers[0]))
    .replaceAll('@SERVER_2@', String(servers[1]));
  if (/@[A-Z_0-9]+@/.test(conf)) throw new StageError(`${template} has a value the stage does not fill in: ${conf.match(/@[A-Z_0-9]+@/)[0]}`);
  const confFile = path.join(runDir, 'nginx.conf');
  fs.writeFileSync(confFile, conf);
  const errorLog = path.join(runDir, 'error.log');
  const opts = {};
  if (process.getuid?.() === 0) {
    const id = (flag) => Number(execFileSync('id', [flag, 'nobody'], { encoding: 'utf8' }).trim());
    opts.uid = id('-u');
    opts.gid = id('-g');
    fs.chmodSync(dir, 0o711);
    fs.chownSync(runDir, opts.uid, opts.gid);
    fs.chownSync(confFile, opts.uid, opts.gid);
  }
  const proc = startChild('nginx', nginxBinary(), ['-p', runDir, '-c', confFile, '-e', errorLog], opts);
  proc.log = errorLog;
  proc.accessLog = path.join(runDir, 'access.log');
  await listening(listen, proc, 10_000);
  return proc;
}

/**
 * Stops every process still running: SIGTERM (nginx and the servers stop gracefully), then
 * SIGKILL for any still there after `graceMs`.
 */
export async function stopAll(graceMs = 8_000) {
  const procs = [...running];
  for (const p of procs) {
    p.killedByStage = true;
    signalGroup(p, 'SIGTERM');
  }
  await Promise.race([Promise.all(procs.map((p) => p.exited)), sleep(graceMs)]);
  for (const p of [...running]) signalGroup(p, 'SIGKILL');
  await Promise.race([Promise.all(procs.map((p) => p.exited)), sleep(2_000)]);
}

/** The last resort when the stage itself is ending: every group still there gets SIGKILL (synchronous). */
export function killAllNow() {
  for (const p of [...running]) signalGroup(p, 'SIGKILL');
}
