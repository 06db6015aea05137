import type PgBoss from 'pg-boss';

/** Waits until pg-boss records the job as completed or failed (or the time is up) and answers it. */
export async function waitForJob(boss: PgBoss, queue: string, id: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await boss.getJobById(queue, id, { includeArchive: true });
    if (job && (job.state === 'completed' || job.state === 'failed')) return job;
    if (Date.now() > deadline) throw new Error(`job ${queue}/${id} still ${job?.state ?? 'missing'} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Sends one job to a queue and waits for a worker to finish it; answers the job as pg-boss recorded it.
 * A 'stately' or 'short' queue holds one waiting job at most: when the schedule queued one at that
 * moment, the send is refused and that waiting job is the run to follow (it does the same work).
 */
export async function runJob(boss: PgBoss, queue: string, timeoutMs = 20_000) {
  const id = (await boss.send(queue, {})) ?? (await waitingJobId(boss, queue));
  if (!id) throw new Error(`pg-boss did not take a job for ${queue}, and none is waiting`);
  return waitForJob(boss, queue, id, timeoutMs);
}

async function waitingJobId(boss: PgBoss, queue: string): Promise<string | undefined> {
  const { rows } = (await boss
    .getDb()
    .executeSql(`SELECT id FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry') ORDER BY created_on DESC LIMIT 1`, [queue])) as {
    rows: { id: string }[];
  };
  return rows[0]?.id;
}
