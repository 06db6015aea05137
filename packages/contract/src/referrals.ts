import { z } from './zod.js';
import { referralsMessages as T } from './messages/referrals.js';

/**
 * The referral programme (spec 002 sections 2.9, 3 "Referral info", 7 "Customers and referrals",
 * 9; issue 27). Amounts are integer bani, days Bucharest calendar days 'YYYY-MM-DD'.
 */
export const REFERRAL_BONUS_PERCENT = 2;
/** The bonus runs this many calendar months from the invited client's account activation. */
export const REFERRAL_PROMOTION_MONTHS = 2;
/** Spec 002 section 9: the stats' refetch debounce and their default range. */
export const REFERRAL_FETCH_DEBOUNCE_MS = 300;
export const REFERRAL_DEFAULT_RANGE_DAYS = 30;
/** The longest range the stats draw day by day. */
export const REFERRAL_MAX_RANGE_DAYS = 366;
/** The query parameter of the registration link: /register?ref=CODE. */
export const REFERRAL_LINK_PARAM = 'ref';
export const REFERRAL_CODE_MAX_LENGTH = 32;

const DAY_MS = 86_400_000;
const dayOk = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** POST user/referrals-info: {start, end}, both days included. */
export const ZReferralsInfoRequest = z
  .object({
    start: z.string().refine(dayOk, T.invalidStart),
    end: z.string().refine(dayOk, T.invalidEnd),
    /** An admin's chosen client (read by the acting mechanism). */
    selectedClient: z.number().int().positive().max(2_147_483_647).optional(),
  })
  .superRefine((v, ctx) => {
    if (!dayOk(v.start) || !dayOk(v.end)) return;
    const days = (Date.parse(v.end) - Date.parse(v.start)) / DAY_MS;
    if (days < 0 || days >= REFERRAL_MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['end'], message: T.invalidEnd });
  });
export type TReferralsInfoRequest = z.infer<typeof ZReferralsInfoRequest>;

export const ZReferralAmountDay = z.object({ day: z.string(), amount: z.number().int() });
export const ZReferralUsersDay = z.object({ day: z.string(), users: z.number().int() });

export const ZReferralsInfoResponse = z.object({
  success: z.literal(true),
  /** Every day of the range, in order (zero where nothing happened). */
  referralInfo: z.object({ amountsByDay: z.array(ZReferralAmountDay), usersByDay: z.array(ZReferralUsersDay) }),
  /** Clients who registered through the link, ever. */
  numOfInvited: z.number().int(),
  /** Invited clients still inside their two months of bonus. */
  numOfActivePromotions: z.number().int(),
  /** Who referred this client (their name), or null. */
  referredBy: z.string().nullable(),
  /** The bonus credited so far (net of take-backs), in bani. */
  collectedAmount: z.number().int(),
  /** The bonus earned by delivered shipments and not credited yet (the next weekly run), in bani. */
  incomingAmounts: z.object({ amount: z.number().int() }),
});
export type TReferralsInfoResponse = z.infer<typeof ZReferralsInfoResponse>;

/** The registration's referral outcome (POST auth/register with `ref`). */
export const REFERRAL_OUTCOMES = ['recorded', 'unknownCode', 'ownCode'] as const;
export type TReferralOutcome = (typeof REFERRAL_OUTCOMES)[number];
