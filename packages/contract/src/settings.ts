import { z } from './zod.js';
import { settingsMessages } from './messages/settings.js';
import { isValidRomanianIban, normalizeIban } from './rules/iban.js';

/* Constants of spec 000 section 9. */
export const REPAYMENT_MIN_AMOUNTS = [200, 500, 1000, 2000, 5000, 10000, 999999] as const;
export const REPAYMENT_NO_LIMIT = 999999;
/** 10 or more means the contract's terms; below 10 the client chooses. */
export const REPAYMENT_INTERVAL_CONTRACTUAL = 10;
export const REPAYMENT_WAIT_PENDING_MAX = 1;
export const BANK_HOLDER_MAX_LENGTH = 32;
export const NOTIFY_MAX_EMAILS = 3;
export const AWB_FORMATS = ['A4', 'A6'] as const;
export type AwbFormat = (typeof AWB_FORMATS)[number];

function halfHours(from: string, to: string): string[] {
  const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  const out: string[] = [];
  for (let m = toMinutes(from); m <= toMinutes(to); m += 30) {
    out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return out;
}
/** Pick-up working hours, Monday to Friday, in 30-minute steps. */
export const WORKING_TIME_STARTS = halfHours('09:00', '15:30');
export const WORKING_TIME_ENDS = halfHours('09:00', '19:30');

const s = settingsMessages;

/* ---- Repayment account (saved through POST user/profile) ---- */
export const ZBankHolder = z
  .string()
  .trim()
  .min(1, s.holderRequired)
  .max(BANK_HOLDER_MAX_LENGTH, s.holderInvalid)
  .regex(/^[\p{L}\p{N} ]+$/u, s.holderInvalid);
export const ZIban = z
  .string()
  .transform(normalizeIban)
  .pipe(z.string().min(1, s.ibanRequired).refine(isValidRomanianIban, s.ibanInvalid));

export const ZRepaymentSettings = z.object({
  bankAccount: ZIban,
  bankAccountHolder: ZBankHolder,
  /** 1-9 days chosen by the client; 10 or more is set by the contract and only kept as it is. */
  repaymentSendInterval: z.number().int().min(1, s.intervalInvalid).max(365, s.intervalInvalid),
  repaymentSendMinAmount: z.number().int().refine((v) => (REPAYMENT_MIN_AMOUNTS as readonly number[]).includes(v), s.minAmountInvalid),
  repaymentWaitPending: z.number().int().min(0, s.waitPendingInvalid).max(REPAYMENT_WAIT_PENDING_MAX, s.waitPendingInvalid),
});
export type TRepaymentSettings = z.infer<typeof ZRepaymentSettings>;

/* ---- Pick-up schedule (saved through POST user/profile) ---- */
export const ZSchedule = z
  .object({
    workingTimeStart: z.string().refine((v) => WORKING_TIME_STARTS.includes(v), s.scheduleStartInvalid),
    workingTimeEnd: z.string().refine((v) => WORKING_TIME_ENDS.includes(v), s.scheduleEndInvalid),
  })
  .superRefine((v, ctx) => {
    if (v.workingTimeEnd <= v.workingTimeStart) ctx.addIssue({ code: 'custom', path: ['workingTimeEnd'], message: s.scheduleEndBeforeStart });
  });
export type TSchedule = z.infer<typeof ZSchedule>;

/* ---- Mail notifications ---- */
export const MAIL_SETTING_KEYS = [
  'sendInvoiceMail',
  'sendOrderDeliveryAlerts',
  'sendRepaymentSheet',
  'sendOrderConfirmationToSender',
  'sendOrderConfirmationToMarkedEmails',
  'sendOrderConfirmationWithoutAttachments',
  'sendOrderReturn',
  // Issue 25: new invoices received through e-Factura by the client's connected companies (off by default).
  'sendEInvoiceReceived',
] as const;
export type MailSettingKey = (typeof MAIL_SETTING_KEYS)[number];

const ZNotifyEmail = z.string().trim().toLowerCase().min(1, s.emailInvalid).max(254, s.emailInvalid).pipe(z.email(s.emailInvalid));
export const ZMailItem = z.object({
  enabled: z.boolean(),
  emails: z.array(ZNotifyEmail).min(1, s.emailsMin).max(NOTIFY_MAX_EMAILS, s.emailsMax),
});
export const ZMailSettings = z.object(Object.fromEntries(MAIL_SETTING_KEYS.map((k) => [k, ZMailItem])) as Record<MailSettingKey, typeof ZMailItem>);
export type TMailSettings = z.infer<typeof ZMailSettings>;
export const ZMailSettingsRequest = z.object({ settings: ZMailSettings });
export const ZMailSettingsResponse = z.object({ success: z.literal(true), settings: ZMailSettings });

/* ---- SMS notifications: each flag wrapped as {value} ---- */
const ZFlag = z.object({ value: z.boolean() });
export const ZSmsSettings = z.object({
  pickUpRecipientNotify: z.object({ enabled: ZFlag, secondPhoneAlso: ZFlag }),
});
export type TSmsSettings = z.infer<typeof ZSmsSettings>;
export const ZSmsSettingsRequest = z.object({ settings: ZSmsSettings });
export const ZSmsSettingsResponse = z.object({ success: z.literal(true), settings: ZSmsSettings });

/* ---- Print ---- */
export const ZPrintSettings = z.object({ awbFormat: z.enum(AWB_FORMATS, { error: s.printRequired }) });
export type TPrintSettings = z.infer<typeof ZPrintSettings>;
export const ZPrintSettingsRequest = z.object({ settings: ZPrintSettings });
export const ZPrintSettingsResponse = z.object({ success: z.literal(true), settings: ZPrintSettings, awbFormat: z.enum(AWB_FORMATS) });

export const ZOrderSettings = z.object({ willPrint: z.object({ value: z.boolean({ error: s.printRequired }) }) });
export type TOrderSettings = z.infer<typeof ZOrderSettings>;
export const ZOrderSettingsRequest = z.object({ settings: ZOrderSettings });
export const ZOrderSettingsResponse = z.object({ success: z.literal(true), settings: ZOrderSettings });

export const ZSettingsSavedResponse = z.object({ success: z.literal(true), message: z.string() });
