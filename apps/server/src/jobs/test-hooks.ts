import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database } from '../db/client.js';
import { weekStartOf } from '../modules/referrals/index.js';
import { REFERRAL_BONUS_QUEUE } from './referral-bonus.js';
import { SHIPMENT_TRACKING_QUEUE } from './shipment-tracking.js';

const ZRunReferralWeek = z.object({ weekStart: z.iso.date().optional() }).nullish();
const ZRunQueue = z.object({ queue: z.enum([REFERRAL_BONUS_QUEUE, SHIPMENT_TRACKING_QUEUE]) });

/**
 * Test servers only (NODE_ENV=test; app.ts registers it nowhere else): the end-to-end tests run a
 * job through its queue. POST /api/test/jobs/referral-bonus sends the weekly referral job for a
 * week (default: the current one, so shipments delivered during the test count) to pg-boss and
 * answers when a worker has finished it, with the job's output; POST /api/test/jobs/shipments-tracking
 * runs the courier tracking of every minute now (a test watching a parcel travel need not wait
 * for the minute's run).
 */
export function testJobRoutes(database: Database) {
  return async (app: FastifyInstance) => {
    const boss = new PgBoss({ db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) }, schema: 'pgboss', supervise: false, schedule: false, migrate: false });
    boss.on('error', () => undefined);
    let started: Promise<unknown> | undefined;
    app.addHook('onClose', async () => {
      if (started) await boss.stop({ graceful: false, close: false }).catch(() => undefined);
    });
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post('/api/test/jobs/:queue', { schema: { params: ZRunQueue, body: ZRunReferralWeek } }, async (req) => {
      await (started ??= boss.start());
      const queue = req.params.queue;
      const weekStart = queue === REFERRAL_BONUS_QUEUE ? (req.body?.weekStart ?? weekStartOf(new Date())) : undefined;
      const id = await boss.send(queue, weekStart ? { weekStart } : {});
      if (!id) throw new Error(`the ${queue} job was not queued`);
      const deadline = Date.now() + 30_000;
      for (;;) {
        const job = await boss.getJobById(queue, id, { includeArchive: true });
        if (job?.state === 'completed') return { success: true as const, weekStart, output: job.output };
        if (job?.state === 'failed' || Date.now() > deadline) throw new Error(`the ${queue} job ended ${job?.state ?? 'missing'}`);
        await new Promise((res) => setTimeout(res, 100));
      }
    });
  };
}
