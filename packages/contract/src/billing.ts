import { z } from './zod.js';
import { ZPhone } from './auth.js';
import { ZAddressFields } from './addresses.js';
import { billingMessages } from './messages/billing.js';
import { commonMessages } from './messages/common.js';
import { isValidCnp, isValidCui, normalizeCui } from './rules/fiscal-codes.js';

/** fiscalIdentificationType: 1 CIF (Romanian company), 2 NIF (foreign), 6 CNP (Romanian individual). */
export const FISCAL_ID_TYPE = { cif: 1, nif: 2, cnp: 6 } as const;
export const VERIFY_STATUSES = ['verified', 'invalid', 'pendingVerification'] as const;
export type VerifyStatus = (typeof VERIFY_STATUSES)[number];

const b = billingMessages;

/** The identification code matches the entity: a CUI for a company, a CNP for an individual. */
function codeProblem(v: { isCompany?: unknown; identificationCode?: unknown }): string | null {
  if (typeof v.identificationCode !== 'string' || v.identificationCode.trim() === '') return null;
  const code = v.identificationCode.trim();
  if (v.isCompany === true) return isValidCui(code) ? null : b.cuiInvalid;
  if (v.isCompany === false) return isValidCnp(code) ? null : b.cnpInvalid;
  return null;
}

/** Who is invoiced: a Romanian company (CIF) or a Romanian individual (CNP). */
export const ZEntityData = z
  .object({
    name: z.string().trim().min(1, b.nameRequired).max(150, commonMessages.fieldInvalid),
    isCompany: z.boolean(),
    isVatPayer: z.boolean().default(false),
    identificationCode: z.string().trim().min(1, b.codeRequired).max(20, commonMessages.fieldInvalid),
    tradeRegister: z
      .string()
      .trim()
      .max(30, b.tradeRegisterInvalid)
      .optional()
      .nullable()
      .transform((v) => (v ? v.toUpperCase() : null))
      .refine((v) => !v || /^[JFC]\d{1,2}\/\d{1,7}\/\d{4}$/.test(v) || /^J\d{13}$/.test(v), b.tradeRegisterInvalid),
  })
  // Checked even when another field failed, so the form shows every problem at once.
  .check((ctx) => {
    const problem = codeProblem(ctx.value as Record<string, unknown>);
    if (problem) ctx.issues.push({ code: 'custom', path: ['identificationCode'], message: problem, input: ctx.value });
  })
  .transform((v) => ({
    ...v,
    identificationCode: v.isCompany ? normalizeCui(v.identificationCode) : v.identificationCode,
    fiscalIdentificationType: v.isCompany ? FISCAL_ID_TYPE.cif : FISCAL_ID_TYPE.cnp,
    isVatPayer: v.isCompany ? v.isVatPayer : false,
    tradeRegister: v.isCompany ? v.tradeRegister : null,
  }));
export type TEntityDataInput = z.input<typeof ZEntityData>;

/** POST user/billing/data: create (no fiscalSubaccountNumber) or edit an entry. */
export const ZBillingDataRequest = z.object({
  fiscalSubaccountNumber: z.number().int().positive().max(2_147_483_647).optional(),
  entityData: ZEntityData,
  address: ZAddressFields.pick({ countyCode: true, city: true, postalCode: true, street: true, number: true, additionalInfo: true }),
});
export type TBillingDataRequest = z.input<typeof ZBillingDataRequest>;

export const ZBillingData = z.object({
  fiscalSubaccountNumber: z.number().int(),
  isActive: z.boolean(),
  verifyStatus: z.enum(VERIFY_STATUSES),
  entityData: z.object({
    name: z.string(),
    isCompany: z.boolean(),
    isVatPayer: z.boolean(),
    identificationCode: z.string(),
    tradeRegister: z.string().nullable(),
    fiscalIdentificationType: z.number().int(),
  }),
  address: z.object({
    countryCode: z.string(),
    countyCode: z.string(),
    localityString: z.string(),
    countyString: z.string(),
    postalCode: z.string(),
    street: z.string().nullable(),
    number: z.string().nullable(),
    additionalInfo: z.string().nullable(),
  }),
  countryString: z.string(),
  /** Connected to the national e-invoicing system (the e-invoicing connection comes later). */
  eInvoice: z.object({ state: z.string(), refreshExpiresAt: z.string().nullable() }).nullable(),
});
export type TBillingData = z.infer<typeof ZBillingData>;

/** The tax id's label by its type: CUI for a Romanian company, NIF for a foreign one, CNP for an individual. */
export const fiscalIdLabel = (type: number) => (type === FISCAL_ID_TYPE.cnp ? 'CNP' : type === FISCAL_ID_TYPE.nif ? 'NIF' : 'CUI');

/** A billing entry's address on one line: 'Str. Memorandumului, Nr. 28 · 400114 Cluj-Napoca, jud. Cluj'. */
export function billingAddressLine(a: TBillingData['address']) {
  const street = [a.street, a.number ? `Nr. ${a.number}` : null, a.additionalInfo].filter(Boolean).join(', ');
  const place = `${a.postalCode} ${a.localityString}, jud. ${a.countyString}`;
  return street ? `${street} · ${place}` : place;
}

export const ZContactData = z.object({
  givenName: z.string().trim().min(1, b.givenNameRequired).max(60, commonMessages.fieldInvalid),
  familyName: z.string().trim().min(1, b.familyNameRequired).max(60, commonMessages.fieldInvalid),
  phone: ZPhone,
});
export type TContactData = z.infer<typeof ZContactData>;

export const ZBillingListResponse = z.object({
  success: z.literal(true),
  list: z.array(ZBillingData),
  /** amountNotInvoicedSum and amountPrepaidSum both not positive (spec 000 section 4). */
  settled: z.boolean(),
  multiCompanySelect: z.object({ enabled: z.boolean() }),
  contactData: ZContactData.nullable(),
});
export type TBillingListResponse = z.infer<typeof ZBillingListResponse>;
export const ZBillingSavedResponse = z.object({ success: z.literal(true), message: z.string(), data: ZBillingData });

/** GET user/billing/company-lookup: a company's CUI, with or without 'RO'. */
export const ZCompanyLookupQuery = z.object({
  identificationCode: z
    .string()
    .trim()
    .min(1, b.codeRequired)
    .max(20, b.cuiInvalid)
    .refine((v) => isValidCui(v), b.cuiInvalid)
    .transform((v) => normalizeCui(v)),
});
export type TCompanyLookupQuery = z.input<typeof ZCompanyLookupQuery>;

/**
 * What the register holds for a CUI, ready for the billing form: the address in the form's fields,
 * each one empty when the register's address does not match the nomenclature (the user completes it).
 */
export const ZCompanyLookupResponse = z.object({
  success: z.literal(true),
  company: z.object({
    identificationCode: z.string(),
    name: z.string(),
    tradeRegister: z.string().nullable(),
    isVatPayer: z.boolean(),
    /** Struck off or on the inactive list: no invoices may be made out to it. */
    active: z.boolean(),
    address: z.object({ countyCode: z.string(), city: z.string(), postalCode: z.string(), street: z.string(), number: z.string(), complete: z.boolean() }).nullable(),
  }),
});
export type TCompanyLookupResponse = z.infer<typeof ZCompanyLookupResponse>;
