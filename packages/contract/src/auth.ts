import { z } from './zod.js';
import { ACCOUNT_TYPES, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';
import { authMessages } from './messages/auth.js';
import { passwordMessages } from './messages/password.js';
import { isValidPhone } from './rules/phone.js';
import { REFERRAL_CODE_MAX_LENGTH, REFERRAL_OUTCOMES } from './referrals.js';

const m = authMessages;

export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, m.emailRequired)
  .max(EMAIL_MAX_LENGTH, m.emailInvalid)
  .pipe(z.email(m.emailInvalid));

export const ZLoginRequest = z.object({
  email: ZEmail,
  password: z.string().min(1, m.passwordRequired).max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZPhone = z
  .string()
  .trim()
  .min(1, m.phoneRequired)
  .refine((p) => isValidPhone(p), m.phoneInvalid);

export const ZRegisterRequest = z.object({
  accountType: z.enum(ACCOUNT_TYPES),
  name: z.string().trim().min(1, m.nameRequired).max(NAME_MAX_LENGTH, m.nameTooLong),
  email: ZEmail,
  phone: ZPhone,
  password: z.string().min(PASSWORD_MIN_LENGTH, m.passwordMin).max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong),
  /** The referral code of the link the client came through (/register?ref=CODE), if any (issue 27). */
  ref: z.string().trim().max(REFERRAL_CODE_MAX_LENGTH).optional(),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

/** The signed-in user as the browser sees it. */
export const ZSessionUser = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  userType: z.number().int(),
  accountType: z.enum(ACCOUNT_TYPES),
  isAdmin: z.boolean(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZAuthResponse = z.object({
  success: z.literal(true),
  user: ZSessionUser,
  message: z.string().optional(),
  /** Registration through a referral link: whether the referral was recorded, and if not, why (`warning` says it). */
  referral: z.enum(REFERRAL_OUTCOMES).optional(),
  warning: z.string().optional(),
});
export type TAuthResponse = z.infer<typeof ZAuthResponse>;
