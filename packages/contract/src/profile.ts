import { z } from 'zod';
import { ACCOUNT_TYPES, NAME_MAX_LENGTH } from './constants.js';
import { messages } from './messages.js';
import { ZPhone } from './auth.js';

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

/** The identity fields a user edits here; the settings sections own the rest. */
export const ZProfileUpdate = z.object({
  name: z.string().trim().min(1, messages.auth.nameRequired).max(NAME_MAX_LENGTH, messages.auth.nameTooLong).optional(),
  phone: ZPhone.optional(),
});
export const ZProfileUpdateRequest = z.object({ profile: ZProfileUpdate });
export type TProfileUpdateRequest = z.infer<typeof ZProfileUpdateRequest>;

export const ZChangePasswordResponse = z.object({ success: z.literal(true), message: z.string(), token: z.string() });
export type TChangePasswordResponse = z.infer<typeof ZChangePasswordResponse>;
