/** The referral programme's module (issue 27): its public surface for the composition root, the jobs and the seeds. */
export { referralsRoutes } from './referrals-routes.js';
export { referralsService } from './referrals-service.js';
export type { ReferralRecord, ReferralsService } from './referrals-service.js';
export type { WeekResult } from './referral-bonus.js';
export { weekReference } from './referral-bonus.js';
export { isMonday, lastEndedWeek, weekBounds, weekStartOf } from './referral-rules.js';
