import { z } from './zod.js';
import { ACCOUNT_TYPES, NAME_MAX_LENGTH } from './constants.js';
import { authMessages } from './messages/auth.js';
import { commonMessages } from './messages/common.js';
import { ZPhone } from './auth.js';
import { ZBankHolder, ZIban, ZRepaymentSettings, ZSchedule } from './settings.js';

/**
 * Profile (spec 000 section 3) plus the account's identity. Amounts are RON with two decimals
 * (strings, so no float ever carries money); the database keeps integer bani.
 */
export const ZProfile = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  userType: z.number().int(),
  accountType: z.enum(ACCOUNT_TYPES),
  referralCode: z.string(),
  workingTimeStart: z.string().nullable(),
  workingTimeEnd: z.string().nullable(),
  bankAccount: z.string().nullable(),
  bankAccountHolder: z.string().nullable(),
  bankName: z.string().nullable(),
  repaymentSendInterval: z.number().int().nullable(),
  repaymentSendMinAmount: z.number().int().nullable(),
  repaymentWaitPending: z.number().int().nullable(),
  amountNotInvoicedSum: z.string(),
  amountPrepaidSum: z.string(),
});
export type TProfile = z.infer<typeof ZProfile>;

export const ZProfileResponse = z.object({ success: z.literal(true), profile: ZProfile });

const REPAYMENT_KEYS = ['bankAccount', 'bankAccountHolder', 'repaymentSendInterval', 'repaymentSendMinAmount', 'repaymentWaitPending'] as const;
const SCHEDULE_KEYS = ['workingTimeStart', 'workingTimeEnd'] as const;

/**
 * A field GET user/profile answers as null when it is not set: null (like leaving it out) keeps
 * what is saved, so a profile read can be posted back unchanged.
 */
const notSet = <T extends z.ZodType>(schema: T) =>
  schema
    .nullish()
    .transform((v) => v ?? undefined)
    .optional();

/**
 * What POST user/profile changes: identity, the repayment account, the pick-up schedule. The
 * repayment fields and the schedule fields are saved as whole groups, each with its rules.
 */
export const ZProfileUpdate = z
  .object({
    name: z.string().trim().min(1, authMessages.nameRequired).max(NAME_MAX_LENGTH, authMessages.nameTooLong).optional(),
    phone: ZPhone.optional(),
    bankAccount: notSet(ZIban),
    bankAccountHolder: notSet(ZBankHolder),
    repaymentSendInterval: notSet(ZRepaymentSettings.shape.repaymentSendInterval),
    repaymentSendMinAmount: notSet(ZRepaymentSettings.shape.repaymentSendMinAmount),
    repaymentWaitPending: notSet(ZRepaymentSettings.shape.repaymentWaitPending),
    workingTimeStart: notSet(z.string()),
    workingTimeEnd: notSet(z.string()),
  })
  .superRefine((v, ctx) => {
    for (const [keys, schema] of [
      [REPAYMENT_KEYS, ZRepaymentSettings],
      [SCHEDULE_KEYS, ZSchedule],
    ] as const) {
      if (!keys.some((k) => v[k] !== undefined)) continue;
      const group = Object.fromEntries(keys.map((k) => [k, v[k]]));
      const parsed = (schema as z.ZodType).safeParse(group);
      if (parsed.success) continue;
      for (const issue of parsed.error.issues) {
        // A missing member of the group gets the group's own message for that field.
        const key = String(issue.path[0] ?? '');
        const missing = v[key as keyof typeof v] === undefined;
        ctx.addIssue({ code: 'custom', path: issue.path, message: missing ? commonMessages.fieldRequired : issue.message });
      }
    }
  });
export const ZProfileUpdateRequest = z.object({ profile: ZProfileUpdate });
export type TProfileUpdateRequest = z.infer<typeof ZProfileUpdateRequest>;

export const ZChangePasswordResponse = z.object({ success: z.literal(true), message: z.string(), token: z.string() });
export type TChangePasswordResponse = z.infer<typeof ZChangePasswordResponse>;
