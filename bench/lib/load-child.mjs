// The load generator, in its own process so it does not share the server's event loop.
// Receives one job over IPC, runs a warm-up then the measured run, sends back the summary.
import http from 'node:http';
import autocannon from 'autocannon';

function run(job, seconds, tag, next) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: job.origin,
        connections: job.connections,
        duration: seconds,
        headers: { ...job.headers, 'x-bench': tag },
        requests: [
          {
            // Every request, on whichever connection, takes the next one of the list.
            setupRequest: (req) => {
              const r = job.requests[next.i++ % job.requests.length];
              return {
                ...req,
                method: r.method,
                path: r.path,
                // A mixed load's request is counted under its part ('<tag>|<route>'; the warm-up's under its own tag).
                headers: { ...req.headers, ...r.headers, ...(r.route && tag !== 'warmup' ? { 'x-bench': `${tag}|${r.route}` } : {}) },
                body: r.body ?? req.body,
              };
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted, q) => (sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);

/** One request on the session's own connection: answers its status once the whole body is read. */
function send(agent, origin, r, headers) {
  return new Promise((resolve, reject) => {
    const req = http.request(origin, { agent, method: r.method, path: r.path, headers: { ...headers, ...r.headers }, timeout: 10_000 }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
      res.once('error', reject);
    });
    req.once('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.once('error', reject);
    req.end(r.body);
  });
}

/**
 * Signed-in sessions as people use them (issue 28 §4): each of `connections` sessions keeps its own
 * connection, asks for the next request of the rotation, reads the answer, then pauses a think time
 * drawn evenly from [thinkMs.min, thinkMs.max] before the next one. Sessions start spread over the
 * first pause, so they do not all ask at once.
 */
async function sessions(job, seconds, tag, next) {
  const end = Date.now() + seconds * 1000;
  const out = { total: 0, non2xx: 0, errors: 0, timeouts: 0, latencies: [] };
  const think = () => job.thinkMs.min + Math.random() * (job.thinkMs.max - job.thinkMs.min);
  const session = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await sleep(Math.random() * job.thinkMs.max);
    while (Date.now() < end) {
      const r = job.requests[next.i++ % job.requests.length];
      const headers = { ...job.headers, 'x-bench': r.route && tag !== 'warmup' ? `${tag}|${r.route}` : tag };
      const started = performance.now();
      try {
        const status = await send(agent, job.origin, r, headers);
        out.total += 1;
        out.latencies.push(performance.now() - started);
        if (status < 200 || status > 299) out.non2xx += 1;
      } catch (e) {
        if (e?.code === 'TIMEOUT') out.timeouts += 1;
        else out.errors += 1;
      }
      await sleep(think());
    }
    agent.destroy();
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: job.connections }, session));
  const sorted = out.latencies.sort((a, b) => a - b);
  return {
    requests: { total: out.total },
    duration: (Date.now() - started) / 1000,
    non2xx: out.non2xx,
    errors: out.errors,
    timeouts: out.timeouts,
    latency: { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) },
  };
}

process.on('disconnect', () => process.exit(0));
process.once('message', async (job) => {
  try {
    const next = { i: 0 };
    const load = job.thinkMs ? sessions : run;
    if (job.warmupSec > 0) await load(job, job.warmupSec, 'warmup', next);
    const r = await load(job, job.durationSec, job.tag, next);
    process.send({
      ok: true,
      total: r.requests.total,
      duration: r.duration,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
      latency: { p50: r.latency.p50, p99: r.latency.p99 },
    });
  } catch (e) {
    process.send({ ok: false, error: String(e?.stack ?? e) });
  }
});
