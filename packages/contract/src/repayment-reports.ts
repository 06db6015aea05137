import { z } from './zod.js';

/**
 * The couriers' cash-on-delivery reports (issue 15): an admin uploads a courier's report file
 * (CSV or XLSX) for a courier that only sends files; it is reconciled per AWB like the reports
 * the job reads from the couriers' APIs.
 */

/** Largest report file taken (a month of a busy courier is far below it). */
export const REPAYMENT_REPORT_MAX_BYTES = 5 * 1024 * 1024;

export const ZRepaymentReportParams = z.object({ courier: z.string().min(1).max(40) });

export const ZReconcileSummary = z.object({
  /** false: nothing new was taken in (this file, or every line of it, was seen before). */
  imported: z.boolean(),
  lines: z.number().int(),
  matched: z.number().int(),
  /** Lines seen before (in this or another file, whatever its bytes): not counted again. */
  known: z.number().int(),
  flagged: z.record(z.string(), z.number().int()),
});
export type TReconcileSummary = z.infer<typeof ZReconcileSummary>;

export const ZRepaymentReportUploadResponse = z.object({ success: z.literal(true), message: z.string(), result: ZReconcileSummary });

/** The upload's texts (the spec quotes none for it: listed in docs/decisions.md). */
export const REPAYMENT_REPORT_MESSAGES = {
  imported: 'Raportul curierului a fost importat.',
  alreadyImported: 'Acest raport a fost deja importat.',
  noFile: 'Alegeti fisierul raportului (CSV sau XLSX).',
  tooLarge: 'Fisierul este prea mare (maximum 5 MB).',
  oneFile: 'Incarcati un singur fisier.',
  unknownCourier: 'Curierul nu exista sau nu trimite rapoarte de rambursuri.',
  /** `what`: the courier's name and the columns its report has ('Colet24 cu coloanele awbNumber, ...'). */
  notReport: (what: string) => `Fisierul nu este un raport de rambursuri ${what}.`,
  reportColumns: (courier: string, columns: string) => `${courier} cu coloanele ${columns}`,
  badLine: (row: number) => `Randul ${row} din raport nu are AWB-ul, suma sau data transferului valide.`,
  empty: 'Raportul nu contine niciun rand.',
} as const;
