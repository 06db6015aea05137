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
  /** One run's work; what it answers is the job's output. */
  work: () => Promise<R>;
  /** The log line of a run worth telling, with the run's result (a quiet run says nothing). */
  report?: { message: string; when: (result: R) => boolean };
};

/** Creates the job's queue, schedules it and registers its worker (which logs the run it reports). */
export async function defineJob<R extends object>(boss: PgBoss, log: FastifyBaseLogger, job: JobDefinition<R>): Promise<void> {
  await boss.createQueue(job.name, job.queue ? { ...job.queue, name: job.name } : undefined);
  await boss.schedule(job.name, job.cron, undefined, job.tz ? { tz: job.tz } : undefined);
  const handler = async () => {
    const result = await job.work();
    if (job.report?.when(result)) log.info(result as object, job.report.message);
    return result;
  };
  await (job.worker ? boss.work(job.name, job.worker, handler) : boss.work(job.name, handler));
}
