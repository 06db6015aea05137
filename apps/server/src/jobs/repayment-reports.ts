import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { PLATFORM_TIME_ZONE } from '../lib/dates.js';
import type { RepaymentsService } from '../modules/repayments/index.js';
import { defineJob } from './define-job.js';

export const REPAYMENT_REPORTS_QUEUE = 'repayment-reports';

/**
 * The couriers' cash-on-delivery reports (issue 15): every morning and again at noon (Bucharest),
 * each day's report of each courier with a report API that was not taken in yet is read and
 * reconciled per AWB (once per courier and day: the report's unique key), then the delivered
 * cash on delivery no report mentioned after REPAYMENT_NOT_REPORTED_DAYS is flagged.
 */
export const registerRepaymentReports = (boss: PgBoss, repayments: RepaymentsService, log: FastifyBaseLogger) =>
  defineJob(boss, log, {
    name: REPAYMENT_REPORTS_QUEUE,
    cron: '15 7,12 * * *',
    tz: PLATFORM_TIME_ZONE,
    queue: { policy: 'stately' },
    work: () => repayments.importDueReports(),
    report: { message: 'courier reports reconciled', when: (r) => r.reports > 0 || r.failed > 0 || r.notReported > 0 },
  });
