// The load generator, in its own process so it does not share the server's event loop.
// Receives one job over IPC, runs a warm-up then the measured run, sends back the summary.
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

process.on('disconnect', () => process.exit(0));
process.once('message', async (job) => {
  try {
    const next = { i: 0 };
    if (job.warmupSec > 0) await run(job, job.warmupSec, 'warmup', next);
    const r = await run(job, job.durationSec, job.tag, next);
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
