import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';

/** One scheduled job: its queue, when it runs, and its work. */
export type JobDefinition<R extends object> = {
  /** The queue's name (each job file exports it). */
  name: string;
  /** The cron schedule, in UTC unless `tz` names a time zone. */
  cron: string;
  tz?: string;
  /** The queue's options (its policy, retries); pg-boss's defaults otherwise. */
  queue?: Omit<PgBoss.Queue, 'name'>;
  /** The worker's options (polling, batch size); pg-boss's defaults otherwise. */
  worker?: PgBoss.WorkOptions;
  /** One run's work; what it answers is the job's output. `data` is the job's, when it was sent with some (a given week, say). */
  work: (data?: object) => Promise<R>;
  /** The log line of a run worth telling, with the run's result (a quiet run says nothing). */
  report?: { message: string; when: (result: R) => boolean };
};

/**
 * The queue of a job that runs every minute and when nudged (issue 28): 'short' keeps at most one
 * job waiting (a burst of nudges makes one run) and, unlike 'stately', starts it even while another
 * is active. A process killed in the middle of a job (kill -9) leaves it active in pg-boss until
 * its expiry (15 minutes); a 'stately' queue held every next job behind it all that time (the
 * deliveries, the mails, the shops' fulfillments stopped). Such a job's work is safe to run twice
 * at once: each item it handles is claimed.
 */
export const RUN_ONCE_WAITING = { policy: 'short' } as const satisfies Omit<PgBoss.Queue, 'name'>;

/**
 * Creates the job's queue, schedules it and registers its worker (which logs the run it reports).
 * A queue made by an earlier version takes the policy it has now (createQueue leaves it as it was).
 */
export async function defineJob<R extends object>(boss: PgBoss, log: FastifyBaseLogger, job: JobDefinition<R>): Promise<void> {
  await boss.createQueue(job.name, job.queue ? { ...job.queue, name: job.name } : undefined);
  if (job.queue?.policy) await boss.updateQueue(job.name, { name: job.name, policy: job.queue.policy });
  await boss.schedule(job.name, job.cron, undefined, job.tz ? { tz: job.tz } : undefined);
  const handler = async (jobs: PgBoss.Job<object>[]) => {
    const result = await job.work(jobs[0]?.data ?? undefined);
    if (job.report?.when(result)) log.info(result as object, job.report.message);
    return result;
  };
  await (job.worker ? boss.work(job.name, job.worker, handler) : boss.work(job.name, handler));
}

/**
 * What wakes a job between its scheduled runs: a signal of this process (a bulk run started, events
 * committed, a mail queued) sent on as a job of its queue. The job lands in the database, so the
 * instance that runs the jobs takes it, whichever instance the signal came from (jobs/nudges.ts).
 * The schedule stays the guarantee: a lost nudge only delays the work to the next run.
 */
export type JobNudge = {
  queue: string;
  /** Subscribes to the module's signal; answers the unsubscribe. */
  on(listener: () => void): () => void;
  /** Sent this many seconds late (so the transaction that signalled has committed when the worker looks). */
  startAfterSeconds?: number;
  /** For the log line of a failed send. */
  what: string;
};

/**
 * Sends a job to the nudge's queue at each of its signals, until pg-boss stops. `inFlight`, when
 * given, holds the sends not answered yet: a stop waits for them, so that none lands after it.
 */
export function sendNudges(boss: PgBoss, log: FastifyBaseLogger, nudge: JobNudge, inFlight?: Set<Promise<unknown>>) {
  const stop = nudge.on(() => {
    const sent = boss.send(nudge.queue, {}, nudge.startAfterSeconds ? { startAfter: nudge.startAfterSeconds } : {}).catch((err: unknown) => log.warn({ err }, `${nudge.what} nudge failed`));
    if (!inFlight) return;
    inFlight.add(sent);
    void sent.finally(() => inFlight.delete(sent));
  });
  boss.on('stopped', stop);
  return stop;
}
