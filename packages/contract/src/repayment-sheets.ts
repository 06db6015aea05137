import { z } from './zod.js';
import { settingsMessages as s } from './messages/settings.js';
import { isValidRomanianIban, normalizeIban } from './rules/iban.js';

/**
 * Repayment sheets (payout batches), bank accounts and repayments awaiting an account fix (spec 002
 * sections 2.3, 3, 4.6, 7 "Repayments"; issue 15). Field names are the specification's; every
 * amount is integer bani (shown through the one money formatter); days are 'YYYY-MM-DD'
 * (Bucharest calendar days), instants ISO date-times.
 */

/** Sheet: one client's repayments paid to one bank account in one credit transfer. */
export const ZSheet = z.object({
  id: z.number().int(),
  /** The payout's day. */
  sheetDate: z.iso.date(),
  bankAccountOwner: z.string(),
  bankAccount: z.string(),
  /** What was transferred (bani). */
  amount: z.number().int(),
  /** The sum of the sheet's repayments (bani); equal to `amount` unless something went wrong. */
  repaymentsAmount: z.number().int(),
  /** The bank's name. */
  bank: z.string(),
  /** 1 paid, 0 marked unprocessed. */
  paid: z.union([z.literal(0), z.literal(1)]),
});
export type TSheet = z.infer<typeof ZSheet>;

/** Sheet info: the list's info card when it is filtered by a sheet. */
export const ZSheetInfo = z.object({
  paidDate: z.iso.date(),
  bankAccount: z.string(),
  bankOwnerName: z.string(),
});
export type TSheetInfo = z.infer<typeof ZSheetInfo>;

/** Sheet amounts: the totals of the client's sheets (the mismatch warning compares them). */
export const ZSheetAmounts = z.object({
  totalAmount: z.number().int(),
  totalRepaymentsAmount: z.number().int(),
});
export type TSheetAmounts = z.infer<typeof ZSheetAmounts>;

/** Bank account: one the client's repayments were or are paid to. */
export const ZBankAccount = z.object({
  bankAccount: z.string(),
  bankAccountOwner: z.string(),
});
export type TBankAccount = z.infer<typeof ZBankAccount>;

/** Awaiting repayment: one waiting for its account to be fixed. */
export const ZAwaitingRepayment = z.object({
  /** The repayment's id (what change-order-repayment's `data` lists). */
  id: z.number().int(),
  awb: z.string(),
  /** The sender's and the recipient's localities as one line each. */
  addressFrom: z.string(),
  addressTo: z.string(),
  /** The order's date (ISO date-time). */
  createdDate: z.string(),
  /** The cash on delivery (bani). */
  price: z.number().int(),
  /** The recipient. */
  contactName: z.string(),
  /** The account it could not be paid to ('' when the client had none). */
  bankAccount: z.string(),
});
export type TAwaitingRepayment = z.infer<typeof ZAwaitingRepayment>;

/* ---- Calls (spec 002 section 7 "Repayments") ---- */

export const REPAYMENT_SHEET_MESSAGES = {
  /** Spec 002 section 8. */
  markedForPayment: 'Rambursurile au fost marcate cu succes pentru plata!',
  marked: 'Rambursurile au fost marcate cu succes!',
  error: 'A intervenit o eroare!',
  done: 'Operatiunea a fost efectuata cu succes',
  /** Ours (the spec names the error key only). */
  invalidBankName: 'Numele titularului trebuie sa aiba cel putin 3 caractere si sa contina un spatiu!',
  noneSelected: 'Selectati cel putin un ramburs!',
  notAwaiting: 'Rambursurile selectate nu mai asteapta remedierea contului.',
  typeRequired: 'Alegeti motivul!',
  dateRequired: 'Data returnarii este obligatorie!',
  dateBeforeSheet: 'Data returnarii nu poate fi inainte de data borderoului!',
  alreadyUnprocessed: 'Borderoul este deja marcat ca neprocesat.',
  nothingToPay: 'Clientul nu are rambursuri de platit.',
  noAccount: 'Clientul nu are un cont bancar valid pentru rambursuri.',
} as const;
const m = REPAYMENT_SHEET_MESSAGES;

/** Holder: at least 3 characters after trimming and a space inside (spec 002 section 5). */
export const isValidBankHolder = (value: string) => value.trim().length >= 3 && value.trim().includes(' ');

/** POST user/repayment/change-order-repayment. */
export const ZChangeOrderRepaymentBody = z.object({
  /** The selected awaiting repayments' ids. */
  data: z.array(z.number().int().positive().max(2_147_483_647)).min(1, m.noneSelected).max(500),
  bankAccount: z
    .string()
    .max(64)
    .transform(normalizeIban)
    .pipe(z.string().min(1, s.ibanRequired).refine(isValidRomanianIban, s.ibanInvalid)),
  /** The account holder (the spec's name for it). */
  bankName: z
    .string()
    .max(32, m.invalidBankName)
    .refine(isValidBankHolder, m.invalidBankName)
    .transform((v) => v.trim().replace(/\s+/g, ' ')),
  /** true: the account also becomes the client's repayment account. */
  keepValue: z.boolean().default(true),
});
export type TChangeOrderRepaymentBody = z.input<typeof ZChangeOrderRepaymentBody>;

/** DELETE admin/repayment/sheet/{id}: type 1 bank error, 2 money returned (its date required, not before the sheet's). */
export const ZMarkUnprocessedBody = z
  .object({
    type: z.union([z.literal(1), z.literal(2)], { error: m.typeRequired }),
    date: z.iso.date().nullable().optional(),
    markForPayment: z.boolean({ error: m.typeRequired }),
  })
  .refine((v) => v.type !== 2 || !!v.date, { message: m.dateRequired, path: ['date'] });
export type TMarkUnprocessedBody = z.input<typeof ZMarkUnprocessedBody>;

export const ZRepaymentSuccess = z.object({ success: z.literal(true), message: z.string() });
