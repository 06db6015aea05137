import { z } from './zod.js';
import { pageQuery } from './common/pagination.js';

/**
 * The admins' repayment money pages (issue 15): the platform account's bank statements (camt.053)
 * taken in, the payout runs and their pain.001 files, and the reconciliation page (the flagged
 * lines, resolved with a note). The specification quotes none of these texts: ours.
 */

export const BANK_STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

export const RECONCILIATION_KINDS = ['amount_mismatch', 'unknown_awb', 'not_reported', 'duplicate', 'cancelled', 'transfer_mismatch', 'unknown_transfer'] as const;
export type ReconciliationKind = (typeof RECONCILIATION_KINDS)[number];

export const RECONCILIATION_PAGE_SIZE = 25;

export const RECONCILIATION_MESSAGES = {
  title: 'Reconciliere rambursuri',
  intro: 'Liniile din rapoartele curierilor si din extrasele bancare care nu se potrivesc cu rambursurile asteptate.',
  courier: 'Curier',
  reportCourier: 'Curierul raportului',
  kind: 'Tip',
  all: 'Toate',
  open: 'Nerezolvate',
  resolved: 'Rezolvate',
  state: 'Stare',
  date: 'Data',
  awb: 'AWB / referinta',
  expected: 'Asteptat',
  reported: 'Raportat',
  note: 'Nota',
  resolve: 'Rezolva',
  resolveTitle: 'Rezolva semnalarea',
  resolveNoteLabel: 'Nota (ce s-a facut)',
  cancel: 'Renunta',
  save: 'Salveaza',
  empty: 'Nu exista semnalari pentru filtrele selectate.',
  loadError: 'A intervenit o eroare in preluarea semnalarilor!',
  retry: 'Reincearca',
  resolvedOk: 'Semnalarea a fost rezolvata.',
  resolveError: 'A intervenit o eroare!',
  noteRequired: 'Scrieti o nota de cel putin 3 caractere.',
  alreadyResolved: 'Semnalarea a fost deja rezolvata.',
  uploadReport: 'Incarca raportul curierului',
  uploadStatement: 'Incarca extrasul bancar (camt.053)',
  uploading: 'Se incarca...',
  /** A large upload's progress (issue 24): the file sent, its rows read, then written. */
  uploadProgress: 'Progresul incarcarii',
  uploadSending: (percent: number) => `Se trimite fisierul: ${percent}%`,
  uploadReading: (rows: string) => `Se citesc randurile fisierului: ${rows}`,
  uploadWriting: (written: string, total: string) => `Se salveaza randurile: ${written} din ${total}`,
  payoutRuns: 'Fisiere de plata (pain.001)',
  download: 'Descarca',
  kinds: {
    amount_mismatch: 'Suma diferita',
    unknown_awb: 'AWB necunoscut',
    not_reported: 'Neraportat',
    duplicate: 'Raportat de doua ori',
    cancelled: 'Ramburs anulat',
    transfer_mismatch: 'Transfer cu alta suma',
    unknown_transfer: 'Transfer necunoscut',
  } satisfies Record<ReconciliationKind, string>,
} as const;

export const BANK_STATEMENT_MESSAGES = {
  imported: 'Extrasul bancar a fost importat.',
  alreadyImported: 'Acest extras a fost deja importat.',
  noFile: 'Alegeti fisierul extrasului (camt.053 XML).',
  oneFile: 'Incarcati un singur fisier.',
  tooLarge: 'Fisierul este prea mare (maximum 5 MB).',
  notCamt: 'Fisierul nu este un extras de cont camt.053 valid (versiunile 001.02 - 001.08).',
  /** Entries in another currency than the account's: set aside, not matched (issue 24). */
  setAside: (n: number) => (n === 1 ? 'O intrare in alta moneda decat a contului a fost lasata deoparte.' : `${n} intrari in alta moneda decat a contului au fost lasate deoparte.`),
  otherAccount: 'Extrasul nu este al contului colector al platformei.',
} as const;

export const ZReconciliationQuery = z.object({
  courier: z.string().min(1).max(40).optional(),
  kind: z.enum(RECONCILIATION_KINDS).optional(),
  state: z.enum(['open', 'resolved']).default('open'),
  ...pageQuery(RECONCILIATION_PAGE_SIZE).shape,
});
export type TReconciliationQuery = z.input<typeof ZReconciliationQuery>;

export const ZReconciliationFlag = z.object({
  id: z.number().int(),
  kind: z.enum(RECONCILIATION_KINDS),
  courierId: z.string(),
  courierName: z.string(),
  /** The AWB of a report line, or the transfer's reference of a bank statement line. */
  awb: z.string(),
  /** Bani; null when not known. */
  expectedBani: z.number().int().nullable(),
  reportedBani: z.number().int().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  note: z.string().nullable(),
});
export type TReconciliationFlag = z.infer<typeof ZReconciliationFlag>;

export const ZReconciliationList = z.object({
  success: z.literal(true),
  list: z.array(ZReconciliationFlag),
  count: z.number().int(),
  couriers: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TReconciliationList = z.infer<typeof ZReconciliationList>;

export const ZFlagParams = z.object({ flagId: z.coerce.number().int().positive().max(9_007_199_254_740_991) });
export const ZResolveFlagBody = z.object({ note: z.string().trim().min(3, RECONCILIATION_MESSAGES.noteRequired).max(500) });

export const ZStatementUploadResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  result: z.object({ imported: z.boolean(), entries: z.number().int(), matched: z.number().int(), received: z.number().int(), flagged: z.number().int(), known: z.number().int(), setAside: z.number().int() }),
});

export const ZPayoutRun = z.object({
  id: z.number().int(),
  kind: z.enum(['scheduled', 'pay_now']),
  messageId: z.string(),
  startedAt: z.string(),
  sheetCount: z.number().int(),
  totalBani: z.number().int(),
  hasFile: z.boolean(),
});
export const ZPayoutRunList = z.object({ success: z.literal(true), list: z.array(ZPayoutRun), count: z.number().int() });
export type TPayoutRun = z.infer<typeof ZPayoutRun>;
export const ZPayoutRunQuery = pageQuery(10);
export const ZPayoutRunParams = z.object({ runId: z.coerce.number().int().positive().max(2_147_483_647) });

export const ZClientIdParams = z.object({ clientId: z.coerce.number().int().positive().max(2_147_483_647) });
export const ZSheetIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * How far a large upload (a courier's report, a bank statement) has come (issue 24): the rows
 * read from the file, their number once the whole file is read (null before), the rows written
 * so far; `done` when the upload has answered.
 */
export const ZUploadProgress = z.object({ rowsRead: z.number().int(), rowsTotal: z.number().int().nullable(), rowsWritten: z.number().int(), done: z.boolean() });
export type TUploadProgress = z.infer<typeof ZUploadProgress>;
export const ZUploadProgressParams = z.object({ uploadId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });
export const ZUploadProgressResponse = z.object({ success: z.literal(true), progress: ZUploadProgress });
export type TUploadProgressResponse = z.infer<typeof ZUploadProgressResponse>;
/** The header naming an upload whose progress the browser asks for. */
export const UPLOAD_ID_HEADER = 'x-upload-id';
