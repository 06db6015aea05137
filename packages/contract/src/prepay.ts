import { z } from './zod.js';
import { prepayMessages } from './messages/prepay.js';

/** Preset amounts, in lei (spec 000 section 9). */
export const PREPAY_PRESETS = [50, 200, 500, 1000] as const;
export const TOP_UP_MIN_LEI = 10;
export const TOP_UP_MAX_LEI = 50_000;

/** An amount in lei with at most two decimals. */
/**
 * The kinds of a balance movement (the server's ledger writes each): top-up credit, shipment
 * charge, refund of a cancelled shipment, reversal of a charge whose activation failed, payout to
 * the client's bank account, bonus, and an admin's correction; payment and payment_revert are a
 * postpaid client's invoice payment activated and reverted by an admin (issue 17): they are not
 * part of the prepaid balance.
 */
export const LEDGER_KINDS = ['topup', 'charge', 'refund', 'reversal', 'bonus', 'payout', 'correction', 'payment', 'payment_revert'] as const;

export const ZLeiAmount = z
  .number({ error: prepayMessages.amountInvalid })
  .refine((v) => Number.isFinite(v) && /^\d+(\.\d{1,2})?$/.test(String(v)), prepayMessages.amountInvalid);

export const ZTopUpRequest = z.object({
  amount: ZLeiAmount.refine((v) => v >= TOP_UP_MIN_LEI && v <= TOP_UP_MAX_LEI, prepayMessages.amountRange),
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
  kind: z.enum(LEDGER_KINDS),
  amount: z.string(),
  description: z.string(),
  createdAt: z.string(),
  /** The invoice that covers the movement (a top-up's advance invoice), with its PDF's address. */
  invoice: z.object({ fullNumber: z.string(), pdfUrl: z.string() }).nullable(),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;
export const ZBalanceResponse = z.object({
  success: z.literal(true),
  balance: z.string(),
  movements: z.array(ZLedgerEntry),
  cardPayments: z.boolean(),
});
export type TBalanceResponse = z.infer<typeof ZBalanceResponse>;

/* ---- Card subscriptions: automatic top-up when the balance falls below a trigger ---- */
export const SUBSCRIPTION_REFILL_MIN = 50;
export const SUBSCRIPTION_STATUS = { inactive: 0, pending: 1, active: 2 } as const;
/** GET user/prepay/subscriptions is retried twice, 300 ms times the attempt (spec 000 section 9). */
export const SUBSCRIPTIONS_RETRIES = 2;
export const SUBSCRIPTIONS_RETRY_DELAY_MS = 300;
export const SUBSCRIPTION_CONFIRM_WORD = 'CONFIRM';

/** The rule of spec 000 section 5, with its error keys: refillMin50, refillLessThanCritical. */
export const ZSubscriptionAmounts = z
  .object({
    recurringAmount: ZLeiAmount,
    recurringMinBalance: ZLeiAmount,
  })
  .superRefine((v, ctx) => {
    if (v.recurringAmount < SUBSCRIPTION_REFILL_MIN) {
      ctx.addIssue({ code: 'custom', path: ['recurringAmount'], message: 'refillMin50' });
    } else if (v.recurringAmount < v.recurringMinBalance) {
      ctx.addIssue({ code: 'custom', path: ['recurringAmount'], message: 'refillLessThanCritical' });
    }
  });
export type TSubscriptionAmounts = z.infer<typeof ZSubscriptionAmounts>;

/** The error keys' Romanian texts. */
export const SUBSCRIPTION_ERRORS: Record<string, string> = {
  refillMin50: 'Suma de reincarcare trebuie sa fie de minim 50 lei!',
  refillLessThanCritical: 'Suma de reincarcare nu poate fi mai mica decat pragul de declansare!',
};

/**
 * When the trigger changes and the refill is below it, the refill becomes the smallest preset at
 * or above the trigger; with no such preset, a custom refill holding the trigger value.
 */
export function refillAfterTriggerChange(refill: number, trigger: number): { refill: number; custom: boolean } {
  if (refill >= trigger) return { refill, custom: !(PREPAY_PRESETS as readonly number[]).includes(refill) };
  const preset = PREPAY_PRESETS.find((p) => p >= trigger);
  return preset !== undefined ? { refill: preset, custom: false } : { refill: trigger, custom: true };
}

export const ZTopUpWithSubscriptionRequest = ZTopUpRequest.extend({ subscription: ZSubscriptionAmounts.optional() });

export const ZSubscription = z.object({
  identifier: z.string(),
  /** 0 inactive, 1 pending, 2 active; anything else is unknown. */
  status: z.number().int(),
  paymentAmount: z.string(),
  triggerAmount: z.string(),
  activatedDatetime: z.string().nullable(),
  userFinancialSubaccount: z.object({ name: z.string(), entityName: z.string() }),
  cardData: z.object({ cardBrand: z.string(), lastDigits: z.string(), expiryDate: z.string(), imageString: z.string() }).nullable(),
});
export type TSubscription = z.infer<typeof ZSubscription>;
export const ZSubscriptionsResponse = z.object({ success: z.literal(true), list: z.array(ZSubscription) });
export const ZSubscriptionEditRequest = ZSubscriptionAmounts;
export const ZSubscriptionReEnableRequest = z.object({ subscriptionId: z.uuid(), data: ZSubscriptionAmounts });
