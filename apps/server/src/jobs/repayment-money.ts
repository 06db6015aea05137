import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { PLATFORM_TIME_ZONE } from '../lib/dates.js';
import type { MoneyAdmin, PayoutService } from '../modules/repayments/index.js';
import { defineJob } from './define-job.js';

export const REPAYMENT_STATEMENTS_QUEUE = 'repayment-statements';
export const REPAYMENT_PAYOUTS_QUEUE = 'repayment-payouts';

/**
 * "Received by the platform" (issue 15): after the couriers' reports (07:15, 12:15), each day's
 * statement of the platform's account not taken in yet is read from the bank (camt.053) and its
 * credits matched to the reports (the credits still waiting for a report first).
 */
export const registerRepaymentStatements = (boss: PgBoss, money: MoneyAdmin, log: FastifyBaseLogger) =>
  defineJob(boss, log, {
    name: REPAYMENT_STATEMENTS_QUEUE,
    cron: '45 7,12 * * *',
    tz: PLATFORM_TIME_ZONE,
    queue: { policy: 'stately' },
    work: () => money.importDueStatements(),
    report: { message: 'bank statements matched', when: (r) => r.statements > 0 || r.failed > 0 || r.rematched > 0 },
  });

/**
 * The payout (issue 15): on working days at 14:00 Bucharest (after the morning's statements and
 * the noon's), the clients due by their repayment settings get their sheets and the run its
 * pain.001 file. A standard queue: two workers may run at once; the sheets' claims keep each
 * repayment paid once.
 */
export const registerRepaymentPayouts = (boss: PgBoss, payouts: PayoutService, log: FastifyBaseLogger) =>
  defineJob(boss, log, {
    name: REPAYMENT_PAYOUTS_QUEUE,
    cron: '0 14 * * 1-5',
    tz: PLATFORM_TIME_ZONE,
    work: () => payouts.run({ kind: 'scheduled' }),
    report: { message: 'repayments paid', when: (r) => r.sheets > 0 || r.awaiting > 0 },
  });
