import { ZAddressFields } from './addresses.js';
import { listEnvelope, ZPageNumber } from './common/pagination.js';
import { customersMessages as m } from './messages/customers.js';
import { authMessages } from './messages/auth.js';
import { isValidCnp, isValidCui, normalizeCui } from './rules/fiscal-codes.js';
import { isValidPhone, normalisePhone } from './rules/phone.js';
import { ZShipmentSummary } from './shipments.js';
import { z } from './zod.js';

/*
 * The customer book ('Lista clienti', spec 002 sections 2.8, 3, 5, 9; issue 27): the people and
 * companies a client ships to and invoices. One shape for the dialog, the import's rows and the
 * server: a Romanian address in the nomenclature (the shared address fields), a foreign one typed.
 */

/** Spec 002 section 9: the customers table's page sizes. */
export const CUSTOMER_PAGE_SIZES = [5, 10, 15, 20] as const;
export const CUSTOMER_SEARCH_DEBOUNCE_MS = 500;
/** The import: a file of at most 2 MB and 2000 rows. */
export const CUSTOMER_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const CUSTOMER_IMPORT_MAX_ROWS = 2000;
export const CUSTOMER_TYPES = ['company', 'individual'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
/** A foreign VAT id: its country's two letters, then 2 to 13 letters or digits (VIES). */
export const FOREIGN_VAT_ID = /^[A-Z]{2}[A-Z0-9+*.]{2,13}$/;

const text = (max: number) => z.string().trim().max(max).optional().nullable().transform((v) => v ?? '');

/** The address as typed: every part optional here; which are required depends on the country. */
export const ZCustomerAddressInput = z
  .object({
    countyCode: text(3),
    city: text(100),
    postalCode: text(20),
    street: text(150),
    number: text(20),
    block: text(20),
    entrance: text(20),
    floor: text(10),
    apartment: text(20),
    additionalInfo: text(200),
  })
  .strict();

/** The checked identification: a CUI (with or without RO) for a Romanian company, a VAT id abroad, a CNP for a person. */
export function identificationProblem(type: CustomerType, country: string, identification: string): string | null {
  if (!identification) return null;
  if (type === 'individual') return isValidCnp(identification) ? null : m.cnpInvalid;
  if (country === 'RO') return isValidCui(identification) ? null : m.cuiInvalid;
  return FOREIGN_VAT_ID.test(identification) ? null : m.foreignVatInvalid;
}

/** What identifies the same customer twice: a Romanian company's CUI without RO, the others as written. */
export const identificationKey = (type: CustomerType, country: string, identification: string) =>
  identification && type === 'company' && country === 'RO' ? normalizeCui(identification) : identification;

/** POST/PUT user/customer: a customer as the dialog or an import row gives it. */
export const ZCustomerInput = z
  .object({
    type: z.enum(CUSTOMER_TYPES, { error: m.type }),
    name: z.string({ error: m.nameRequired }).trim().min(1, { error: m.nameRequired }).max(200, { error: m.nameRequired }),
    country: z.string({ error: m.country }).trim().toUpperCase().regex(/^[A-Z]{2}$/, { error: m.country }).default('RO'),
    phone: text(20),
    email: text(120).transform((v) => v.toLowerCase()),
    identification: text(30).transform((v) => v.replace(/\s+/g, '').toUpperCase()),
    /** null: no address (a customer known by name and contact only). */
    address: ZCustomerAddressInput.nullable().default(null),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.phone && !isValidPhone(c.phone.replace(/[\s.-]/g, ''), c.country)) ctx.addIssue({ code: 'custom', path: ['phone'], message: m.phoneInvalid });
    if (c.email && !z.email().safeParse(c.email).success) ctx.addIssue({ code: 'custom', path: ['email'], message: authMessages.emailInvalid });
    const idProblem = identificationProblem(c.type, c.country, c.identification);
    if (idProblem) ctx.addIssue({ code: 'custom', path: ['identification'], message: idProblem });
    if (!c.address) return;
    if (c.country === 'RO') {
      const parsed = ZAddressFields.safeParse(c.address);
      if (!parsed.success) for (const i of parsed.error.issues) ctx.addIssue({ code: 'custom', path: ['address', ...i.path.map(String)], message: i.message });
      return;
    }
    if (!c.address.street) ctx.addIssue({ code: 'custom', path: ['address', 'street'], message: m.streetRequired });
    if (!c.address.city) ctx.addIssue({ code: 'custom', path: ['address', 'city'], message: m.cityRequired });
  })
  .transform((c) => ({ ...c, phone: c.phone ? normalisePhone(c.phone.replace(/[\s.-]/g, ''), c.country) : '' }));
export type TCustomerInput = z.input<typeof ZCustomerInput>;
export type TCustomerInputParsed = z.output<typeof ZCustomerInput>;

/** A stored address: a Romanian one with the nomenclature's names, a foreign one as typed (no county). */
export const ZCustomerAddress = z.object({
  countyCode: z.string(),
  county: z.string(),
  city: z.string(),
  postalCode: z.string(),
  street: z.string(),
  number: z.string(),
  block: z.string(),
  entrance: z.string(),
  floor: z.string(),
  apartment: z.string(),
  additionalInfo: z.string(),
});
export type TCustomerAddress = z.infer<typeof ZCustomerAddress>;

/** Spec 002 section 3 'Customer list row', made real: who, where, how to reach them and how often the client ships to them. */
export const ZCustomer = z.object({
  id: z.number().int(),
  type: z.enum(CUSTOMER_TYPES),
  name: z.string(),
  country: z.string(),
  phone: z.string(),
  email: z.string(),
  identification: z.string(),
  address: ZCustomerAddress.nullable(),
  /** The address on one line ('' without one). */
  addressText: z.string(),
  source: z.enum(['manual', 'shipment', 'import']),
  shipmentCount: z.number().int(),
  /** ISO instant of the last shipment to them, null before the first. */
  lastShippedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TCustomer = z.infer<typeof ZCustomer>;

export const ZCustomerIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** POST user/customer/list: a page of the book, optionally searched by name (any word's start, no case or diacritics). */
export const ZCustomerListRequest = z
  .object({
    page: ZPageNumber.default(1),
    limit: z.union(CUSTOMER_PAGE_SIZES.map((n) => z.literal(n)) as unknown as [z.ZodLiteral<5>, z.ZodLiteral<10>, z.ZodLiteral<15>, z.ZodLiteral<20>]).default(10),
    search: z.string().trim().max(100).default(''),
  })
  .strict();
export type TCustomerListRequest = z.input<typeof ZCustomerListRequest>;
export const ZCustomerListResponse = listEnvelope(ZCustomer);
export type TCustomerListResponse = z.infer<typeof ZCustomerListResponse>;

export const ZCustomerResponse = z.object({ success: z.literal(true), message: z.string().optional(), customer: ZCustomer });

/** GET user/customer/{id}/shipments: the client's shipments to this customer, newest first. */
export const ZCustomerShipmentsQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1), limit: z.coerce.number().int().min(1).max(50).default(10) });
export const ZCustomerShipmentsResponse = listEnvelope(ZShipmentSummary);

/** An e-invoice the client sent to this customer ('Trimite factura'), newest first. */
export const ZCustomerInvoice = z.object({
  invoicingSystemId: z.number().int(),
  number: z.string(),
  issueDate: z.string(),
  kind: z.enum(['invoice', 'creditNote']),
  status: z.string(),
  totalBani: z.number().int(),
  /** The issuing company's CUI (the sent list's company filter). */
  company: z.string(),
});
export type TCustomerInvoice = z.infer<typeof ZCustomerInvoice>;
export const ZCustomerInvoicesResponse = z.object({ success: z.literal(true), list: z.array(ZCustomerInvoice) });

/** One row of an import file as the preview judges it: added, or refused with the reason. */
export const ZCustomerImportRow = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  name: z.string(),
  status: z.enum(['add', 'refused']),
  reason: z.string().nullable(),
  /** The row as the confirmation sends it back (added rows only). */
  customer: z.custom<TCustomerInput>().nullable(),
});
export type TCustomerImportRow = z.infer<typeof ZCustomerImportRow>;
export const ZCustomerImportPreviewResponse = z.object({
  success: z.literal(true),
  rows: z.array(ZCustomerImportRow),
  toAdd: z.number().int(),
  refused: z.number().int(),
});
export type TCustomerImportPreviewResponse = z.infer<typeof ZCustomerImportPreviewResponse>;
/** POST user/customer/import: the preview's added rows, checked again. */
export const ZCustomerImportRequest = z.object({ rows: z.array(z.unknown()).min(1, { error: m.importNothing }).max(CUSTOMER_IMPORT_MAX_ROWS, { error: m.importTooManyRows }) }).strict();
export const ZCustomerImportResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  added: z.number().int(),
  /** Rows refused now (for example added meanwhile), by their index in the request. */
  refused: z.array(z.object({ index: z.number().int(), reason: z.string() })),
});
export type TCustomerImportResponse = z.infer<typeof ZCustomerImportResponse>;
/** The import file's columns (the header line), in the template's order. */
export const CUSTOMER_IMPORT_COLUMNS = ['Tip', 'Nume', 'Tara', 'Telefon', 'Email', 'CUI/CNP', 'Judet', 'Localitate', 'Cod postal', 'Strada', 'Numar', 'Detalii'] as const;
