import { einvoiceFormMessages as m } from './messages/einvoice-form.js';
import { isValidCnp, isValidCui, normalizeCui } from './rules/fiscal-codes.js';
import { vatValuesOn } from './rules/vat.js';
import { z } from './zod.js';

/*
 * 'Trimite factura' (issue 26; spec 002 sections 3, 5, 7, 8): a client issues an invoice or a credit
 * note to its own customer from one of its connected companies. The same rules run in the form and
 * on the server; the server then builds the UBL and checks it with the official rules. Amounts are
 * integer bani of the invoice's currency; a quantity has at most 3 decimals.
 */

/** GET user/available-currencies: the currencies an invoice may be issued in, RON first. */
export const AVAILABLE_CURRENCIES = ['RON', 'EUR', 'USD', 'GBP', 'CHF', 'HUF', 'BGN', 'PLN', 'CZK', 'MDL'] as const;
export const ZAvailableCurrenciesResponse = z.object({ success: z.literal(true), list: z.array(z.enum(AVAILABLE_CURRENCIES)) });

/** UN/ECE Recommendation 20 units the form offers (BT-130), with their Romanian labels. */
export const INVOICE_UNIT_CODES = {
  H87: 'Bucata',
  C62: 'Unitate',
  XPP: 'Pachet',
  SET: 'Set',
  KGM: 'Kilogram',
  TNE: 'Tona',
  MTR: 'Metru',
  MTK: 'Metru patrat',
  MTQ: 'Metru cub',
  LTR: 'Litru',
  HUR: 'Ora',
  DAY: 'Zi',
  MON: 'Luna',
  KWH: 'Kilowatt-ora',
} as const;
export type InvoiceUnitCode = keyof typeof INVOICE_UNIT_CODES;
const UNIT_CODES = Object.keys(INVOICE_UNIT_CODES) as [InvoiceUnitCode, ...InvoiceUnitCode[]];

/** ISO 3166-2:RO counties (without 'RO-'): what CIUS-RO takes as a Romanian address's county (BT-39/BT-54). */
export const RO_COUNTY_CODES = 'AB AR AG B BC BH BN BT BV BR BZ CS CL CJ CT CV DB DJ GL GR GJ HR HD IL IS IF MM MH MS NT OT PH SM SJ SB SV TR TM TL VS VL VN'.split(' ');

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (s: string) => DAY.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const day = z.string({ error: m.date }).trim().refine(isDay, { error: m.date });
/** A foreign VAT id: its country's two letters, then 2 to 13 letters or digits (VIES). */
const FOREIGN_VAT_ID = /^[A-Z]{2}[A-Z0-9+*.]{2,13}$/;
const decimals = (n: number, max: number) => Number.isInteger(Math.round(n * 10 ** max * 1e6) / 1e6);

export const ZInvoiceFormLine = z
  .object({
    name: z.string({ error: m.lineName }).trim().min(1, { error: m.lineName }).max(100, { error: m.lineName }),
    quantity: z
      .number({ error: m.quantity })
      .positive({ error: m.quantity })
      .max(1_000_000_000, { error: m.quantity })
      .refine((q) => decimals(q, 3), { error: m.quantity })
      .default(1),
    unitCode: z.enum(UNIT_CODES, { error: m.unitCode }).default('H87'),
    vatRate: z.number({ error: m.vatRate }).int({ error: m.vatRate }).min(0, { error: m.vatRate }).max(100, { error: m.vatRate }),
    unitPriceBani: z.number({ error: m.price }).int({ error: m.price }).min(0, { error: m.price }).max(100_000_000_000, { error: m.price }),
  })
  .strict();
export type TInvoiceFormLine = z.output<typeof ZInvoiceFormLine>;

export const ZInvoiceFormBuyer = z
  .object({
    type: z.enum(['company', 'individual']),
    name: z.string({ error: m.buyerName }).trim().min(1, { error: m.buyerName }).max(200, { error: m.buyerName }),
    /** A Romanian company's CUI (RO optional), an individual's CNP (or empty), a foreign company's VAT id. */
    identification: z.string().trim().toUpperCase().max(30).default(''),
    /** A Romanian company that pays VAT: its VAT id is RO and its CUI. */
    vatPayer: z.boolean().default(false),
    address: z
      .object({
        street: z.string({ error: m.street }).trim().min(1, { error: m.street }).max(150, { error: m.street }),
        city: z.string({ error: m.city }).trim().min(1, { error: m.city }).max(50, { error: m.city }),
        countyCode: z.string().trim().toUpperCase().max(3, { error: m.county }).default(''),
        postalCode: z.string().trim().max(20, { error: m.postalCode }).default(''),
        country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, { error: m.country }).default('RO'),
      })
      .strict(),
  })
  .strict()
  .superRefine((b, ctx) => {
    const ro = b.address.country === 'RO';
    if (ro && !RO_COUNTY_CODES.includes(b.address.countyCode)) ctx.addIssue({ code: 'custom', path: ['address', 'countyCode'], message: m.county });
    if (b.type === 'individual') {
      if (b.identification && !isValidCnp(b.identification)) ctx.addIssue({ code: 'custom', path: ['identification'], message: m.buyerCnp });
    } else if (ro) {
      if (!isValidCui(b.identification)) ctx.addIssue({ code: 'custom', path: ['identification'], message: m.buyerCui });
    } else if (!FOREIGN_VAT_ID.test(b.identification.replace(/\s+/g, ''))) ctx.addIssue({ code: 'custom', path: ['identification'], message: m.buyerForeignId });
  })
  .transform((b) => ({ ...b, identification: b.type === 'company' && b.address.country === 'RO' ? normalizeCui(b.identification) : b.identification.replace(/\s+/g, '') }));
export type TInvoiceFormBuyer = z.output<typeof ZInvoiceFormBuyer>;

/** POST user/invoicing-system/invoice: the seller is the acting client's connected company with this fiscal code. */
export const ZInvoiceFormRequest = z
  .object({
    identificationCode: z.string().trim().min(1).max(20),
    kind: z.enum(['invoice', 'creditNote']).default('invoice'),
    series: z.string({ error: m.series }).trim().toUpperCase().regex(/^[A-Z0-9-]{1,10}$/, { error: m.series }),
    number: z.string({ error: m.number }).trim().regex(/^\d{1,10}$/, { error: m.number }),
    issueDate: day,
    dueDate: day,
    currency: z.enum(AVAILABLE_CURRENCIES, { error: m.currency }).default('RON'),
    /** RON for one unit of the currency (a non-RON invoice also states its VAT in RON, BT-111). */
    exchangeRate: z
      .number({ error: m.exchangeRate })
      .positive({ error: m.exchangeRate })
      .max(100_000, { error: m.exchangeRate })
      .refine((r) => decimals(r, 4), { error: m.exchangeRate })
      .optional(),
    /** The invoice a credit note corrects (BT-25, BT-26). */
    creditedInvoice: z
      .object({ number: z.string({ error: m.creditedInvoice }).trim().min(1, { error: m.creditedInvoice }).max(30, { error: m.creditedInvoice }), issueDate: day })
      .strict()
      .optional(),
    buyer: ZInvoiceFormBuyer,
    lines: z.array(ZInvoiceFormLine).min(1, { error: m.noLines }).max(500, { error: m.tooManyLines }),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (isDay(r.issueDate) && isDay(r.dueDate) && r.dueDate < r.issueDate) ctx.addIssue({ code: 'custom', path: ['dueDate'], message: m.dueBeforeIssue });
    if (r.currency !== 'RON' && r.exchangeRate === undefined) ctx.addIssue({ code: 'custom', path: ['exchangeRate'], message: m.exchangeRate });
    if (r.currency === 'RON' && r.exchangeRate !== undefined) ctx.addIssue({ code: 'custom', path: ['exchangeRate'], message: m.exchangeRateOnlyForeign });
    if (r.kind === 'creditNote' && !r.creditedInvoice) ctx.addIssue({ code: 'custom', path: ['creditedInvoice', 'number'], message: m.creditedInvoice });
    if (r.kind === 'invoice' && r.creditedInvoice) ctx.addIssue({ code: 'custom', path: ['creditedInvoice', 'number'], message: m.creditedOnlyForCreditNote });
    // The rate in force on the supply date, which the form takes to be the invoice's date.
    if (!isDay(r.issueDate)) return;
    const rates = vatValuesOn(r.issueDate);
    r.lines.forEach((l, i) => {
      if (!rates.includes(l.vatRate)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'vatRate'], message: m.vatRate });
    });
  });
export type TInvoiceFormRequest = z.input<typeof ZInvoiceFormRequest>;
export type TInvoiceForm = z.output<typeof ZInvoiceFormRequest>;

/** A line's net in bani: quantity x unit price, half up to the ban, without floating point drift (quantity in thousandths). */
export const invoiceLineNetBani = (l: Pick<TInvoiceFormLine, 'quantity' | 'unitPriceBani'>) => Math.round((Math.round(l.quantity * 1000) * l.unitPriceBani) / 1000);

/** The totals per VAT rate (BG-23), highest rate first, and the document's: each rate's VAT on its net, half up. */
export function invoiceFormTotals(lines: readonly Pick<TInvoiceFormLine, 'quantity' | 'unitPriceBani' | 'vatRate'>[]) {
  const byRate = new Map<number, number>();
  for (const l of lines) byRate.set(l.vatRate, (byRate.get(l.vatRate) ?? 0) + invoiceLineNetBani(l));
  const rates = [...byRate.entries()].sort((a, b) => b[0] - a[0]).map(([vatRate, netBani]) => ({ vatRate, netBani, vatBani: Math.round((netBani * vatRate) / 100) }));
  const netBani = rates.reduce((a, r) => a + r.netBani, 0);
  const vatBani = rates.reduce((a, r) => a + r.vatBani, 0);
  return { rates, netBani, vatBani, totalBani: netBani + vatBani };
}

export const ZInvoiceFormResponse = z.object({ success: z.literal(true), invoicingSystemId: z.number().int(), message: z.string() });
/** A 400 of the official rules: findings beside the form's fields (path -> text), the others as a list. */
export const ZInvoiceFormRulesError = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.literal('rules'),
  errors: z.record(z.string(), z.string()),
  findings: z.array(z.object({ id: z.string(), text: z.string() })),
});
export type TInvoiceFormRulesError = z.infer<typeof ZInvoiceFormRulesError>;
export const ZParticipationResponse = z.object({ success: z.literal(true), message: z.string() });
