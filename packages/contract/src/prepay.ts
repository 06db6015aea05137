import { z } from 'zod';
import { messages } from './messages.js';

/** Preset amounts, in lei (spec 000 section 9). */
export const PREPAY_PRESETS = [50, 200, 500, 1000] as const;
export const TOP_UP_MIN_LEI = 10;
export const TOP_UP_MAX_LEI = 50_000;

/** An amount in lei with at most two decimals. */
export const ZLeiAmount = z
  .number({ error: messages.prepay.amountInvalid })
  .refine((v) => Number.isFinite(v) && /^\d+(\.\d{1,2})?$/.test(String(v)), messages.prepay.amountInvalid);

export const ZTopUpRequest = z.object({
  amount: ZLeiAmount.refine((v) => v >= TOP_UP_MIN_LEI && v <= TOP_UP_MAX_LEI, messages.prepay.amountRange),
});
export type TTopUpRequest = z.infer<typeof ZTopUpRequest>;
export const ZTopUpResponse = z.object({ success: z.literal(true), identifier: z.string(), url: z.string() });

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'declined'] as const;
export const ZPayment = z.object({
  identifier: z.string(),
  /** RON with two decimals. */
  amount: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  failureReason: z.string().nullable(),
  cardBrand: z.string().nullable(),
  lastDigits: z.string().nullable(),
  createdAt: z.string(),
});
export type TPayment = z.infer<typeof ZPayment>;
export const ZPaymentResponse = z.object({ success: z.literal(true), payment: ZPayment, balance: z.string() });
export type TPaymentResponse = z.infer<typeof ZPaymentResponse>;

export const ZLedgerEntry = z.object({
  id: z.number().int(),
  kind: z.enum(['topup', 'charge', 'refund', 'bonus']),
  amount: z.string(),
  description: z.string(),
  createdAt: z.string(),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;
export const ZBalanceResponse = z.object({
  success: z.literal(true),
  balance: z.string(),
  movements: z.array(ZLedgerEntry),
  cardPayments: z.boolean(),
});
export type TBalanceResponse = z.infer<typeof ZBalanceResponse>;
