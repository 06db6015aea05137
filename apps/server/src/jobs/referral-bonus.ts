import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { PLATFORM_TIME_ZONE } from '../lib/dates.js';
import { isMonday, type ReferralsService } from '../modules/referrals/index.js';
import { defineJob } from './define-job.js';

export const REFERRAL_BONUS_QUEUE = 'referral-bonus';

/** The week a job was sent for ({weekStart: 'YYYY-MM-DD'}, a Monday), or none: the last week that has ended. */
export function weekOfJob(data?: object): string | undefined {
  const week = (data as { weekStart?: unknown } | undefined)?.weekStart;
  return typeof week === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(week) && isMonday(week) ? week : undefined;
}

/**
 * The weekly referral bonus (issue 27): every Monday at 03:00 in Bucharest, the week that ended at
 * midnight is credited, once per referrer and week (the claim in referral_bonus_weeks and the ledger's
 * reference), so a retry, a second job for the same week or a second instance's run pays nothing twice.
 */
export const registerReferralBonus = (boss: PgBoss, referrals: ReferralsService, log: FastifyBaseLogger) =>
  defineJob(boss, log, {
    name: REFERRAL_BONUS_QUEUE,
    cron: '0 3 * * 1',
    tz: PLATFORM_TIME_ZONE,
    work: (data) => referrals.creditWeek(weekOfJob(data)),
    report: { message: 'referral bonus week credited', when: (r) => r.paid > 0 },
  });
