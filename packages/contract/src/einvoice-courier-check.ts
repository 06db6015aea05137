import { einvoiceMessages } from './messages/einvoice.js';
import { z } from './zod.js';

/*
 * The platform's own company's received invoices (issue 25; spec 002 sections 4.8 and 6, 'Internal'
 * account): a courier's invoice checked against what each of its AWBs cost us. The verdict, with
 * one row per invoice line, is shown on the invoice's page; amounts are bani without VAT.
 */

/** How far a line's amount may be from the AWB's recorded cost: 1% of the cost, at least 5 bani. */
export const COURIER_COST_TOLERANCE = { percent: 1, minBani: 5 } as const;
export const courierCostTolerance = (costBani: number) => Math.max(COURIER_COST_TOLERANCE.minBani, Math.round((Math.abs(costBani) * COURIER_COST_TOLERANCE.percent) / 100));

/** An AWB as couriers write it in a line's name when they do not state it as the line's object ('AWB 1234567890'). */
export const AWB_IN_TEXT = /\bAWB\s*(?:nr\.?\s*)?:?\s*([A-Z0-9]{6,20})\b/i;

export const ZCourierCheckLine = z.object({
  line: z.string().nullable(),
  awb: z.string().nullable(),
  invoicedBani: z.number().int().nullable(),
  /** What the AWB cost us (its price without VAT at activation); null when it is not ours. */
  costBani: z.number().int().nullable(),
  problem: z.string().nullable(),
});
export const ZCourierCheck = z.object({
  courierId: z.string().nullable(),
  courierName: z.string().nullable(),
  lines: z.array(ZCourierCheckLine),
  /** The reasons the invoice was not accepted by the check (empty when it was). */
  problems: z.array(z.string()),
  checkedAt: z.string(),
});
export type TCourierCheck = z.infer<typeof ZCourierCheck>;
export type TCourierCheckLine = z.infer<typeof ZCourierCheckLine>;

/** A courier the supplier added with 'Adauga furnizor si accepta' can be (its later invoices are then checked against our AWBs). */
export const ZSupplierCourier = z.object({ id: z.string(), name: z.string() });

/** The check's texts, each naming what a person would look for. */
export const COURIER_CHECK_TEXTS = {
  notCourier: 'Furnizorul nu este un curier: factura se verifica manual.',
  creditNote: 'Facturile storno se verifica manual.',
  noLines: 'Factura nu are linii.',
  noAwb: (line: string) => `Linia ${line} nu indica un AWB.`,
  notOurs: (awb: string, courier: string) => `AWB ${awb} nu este o expeditie a platformei la ${courier}.`,
  cancelled: (awb: string) => `AWB ${awb} a fost anulat inainte de ridicare.`,
  amount: (awb: string, invoiced: string, cost: string) => `AWB ${awb}: facturat ${invoiced}, cost inregistrat ${cost}.`,
  twice: (awb: string, number: string) => `AWB ${awb} a mai fost facturat pe factura ${number}.`,
  sameAwbTwice: (awb: string) => `AWB ${awb} apare de mai multe ori pe factura.`,
  notRon: (currency: string) => `Factura este in ${currency}: costurile AWB sunt in lei, se verifica manual.`,
} as const;

/** Only with 'Adauga furnizor si accepta': the courier the new supplier is (none: not a courier). */
export const ZSupplierCourierId = z.string().trim().min(1).max(40).nullable().default(null);

export const SUPPLIER_MESSAGES = {
  supplierAdded: einvoiceMessages.supplierAdded,
  unknownCourier: einvoiceMessages.unknownCourier,
  courierOnlyWithSupplier: einvoiceMessages.courierOnlyWithSupplier,
} as const;
