import { AWB_FORMATS } from './settings.js';
import { z } from './zod.js';

/*
 * Contract of bulk activation (issue 14, spec 002 sections 2.1 'Activare comenzi' and the bulk
 * result dialog, 3 "Bulk result per order", 4.5, 7 POST user/integration/shopify/activate-orders/{clientId}, 8).
 * The call starts a run (a job) and answers its id; the run is read while it works (N of M) and
 * when done (the results per order); its labels come as one PDF. Money in bani.
 */

const orderGid = z.string().max(200).regex(/^gid:\/\/shopify\/Order\/\d+$/);
/** At most this many orders a run (the list selects from at most five pages of 10; room for more). */
export const STORE_BULK_MAX_ORDERS = 250;

export const ZStoreBulkActivateRequest = z
  .object({
    /** The dialog's data: the orders still selected in 'Activare comenzi'. */
    orders: z
      .array(z.object({ shopifyGraphQLId: orderGid, orderDisplayName: z.string().min(1).max(100) }).strict())
      .min(1)
      .max(STORE_BULK_MAX_ORDERS),
  })
  .strict();
export type TStoreBulkActivateRequest = z.infer<typeof ZStoreBulkActivateRequest>;

export const ZStoreBulkStartResponse = z.object({ success: z.literal(true), runId: z.number().int() });

/** Spec 002 section 8's per-order reasons (their codes). */
export const STORE_BULK_REASONS = ['invalidShipTo', 'invalidShipFrom', 'invalidPackages', 'nothingToActivate', 'couldNotActivate'] as const;
export type StoreBulkReason = (typeof STORE_BULK_REASONS)[number];

/** Spec 002 section 3 "Bulk result per order": one result per fulfillment order of the order. */
export const ZStoreBulkResult = z.object({
  result: z
    .object({
      awb: z.string(),
      uniqueId: z.string(),
      /** YYYY-MM-DD. */
      estimatedPickUpDate: z.string().nullable(),
      forwarderGroup: z.string(),
      service: z.object({
        service: z.object({ courierName: z.string(), name: z.string(), forwarderGroupId: z.string() }),
        price: z.object({ total: z.number().int() }),
      }),
    })
    .nullable(),
  errors: z.array(z.enum(STORE_BULK_REASONS)),
});
export type TStoreBulkResult = z.infer<typeof ZStoreBulkResult>;

export const ZStoreBulkOrder = z.object({
  shopifyGraphQLId: z.string(),
  orderDisplayName: z.string(),
  /** pending: not handled yet (or being handled); done: its results are final. */
  state: z.enum(['pending', 'done']),
  results: z.array(ZStoreBulkResult),
});
export type TStoreBulkOrder = z.infer<typeof ZStoreBulkOrder>;

export const ZStoreBulkRun = z.object({
  id: z.number().int(),
  status: z.enum(['running', 'done']),
  total: z.number().int(),
  done: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** How many labels the run made (AWBs): the merged PDF's content. */
  labels: z.number().int(),
  orders: z.array(ZStoreBulkOrder),
});
export type TStoreBulkRun = z.infer<typeof ZStoreBulkRun>;
export const ZStoreBulkRunResponse = z.object({ success: z.literal(true), run: ZStoreBulkRun });

/** The merged labels: the format (the user's awbFormat by default) and, on A4, the first quarter to print on (1-4). */
export const ZStoreBulkLabelsQuery = z
  .object({
    format: z.enum(AWB_FORMATS).optional(),
    start: z.coerce.number().int().min(1).max(4).default(1),
  });
export type TStoreBulkLabelsQuery = z.input<typeof ZStoreBulkLabelsQuery>;

const reasonTexts: Record<StoreBulkReason, string> = {
  invalidShipTo: 'Adresa destinatie invalida',
  invalidShipFrom: 'Adresa expeditie invalida',
  invalidPackages: 'Configuratie pachete invalida',
  nothingToActivate: 'Eroare necunoscuta',
  couldNotActivate: 'Comanda nu a putut fi activata',
};

/** Texts of the bulk dialogs (spec 002 sections 2.1, 8); the ones marked ours are not quoted there. */
export const STORE_BULK_MESSAGES = {
  previewTitle: 'Activare comenzi',
  selected: (n: number) => (n === 1 ? 'o comanda selectata' : `${n} comenzi selectate`),
  confirm: 'Urmeaza sa activati comenzile de mai sus. Continuati ?',
  activate: 'Activeaza',
  back: 'Inapoi',
  activating: 'Se activeaza comenzile ...',
  close: 'Inchide',
  copied: 'AWB-ul a fost copiat!',
  failed: 'A aparut o eroare. Comenzile nu au putut fi activate!',
  reasons: reasonTexts,
  /** 'Comanda #n nu a putut fi activata (reasons)': the order's name already carries its '#'. */
  orderFailed: (orderDisplayName: string, reasons: readonly StoreBulkReason[]) =>
    `Comanda ${orderDisplayName.startsWith('#') ? orderDisplayName : `#${orderDisplayName}`} nu a putut fi activata (${reasons.map((r) => reasonTexts[r]).join(', ')})`,
  columns: { order: 'Comanda', courier: 'Curier', awb: 'AWB', pickup: 'Data estimata ridicare', price: 'Pret' },
  // Ours.
  progress: (done: number, total: number) => `${done} din ${total}`,
  resultsTitle: 'Rezultatul activarii',
  downloadLabels: 'Descarca etichetele',
  labelFormat: 'Format eticheta',
  startPosition: 'Pozitia de inceput pe foaia A4',
  position: (n: number) => `Pozitia ${n}`,
  copyAwb: (awb: string) => `Copiaza AWB ${awb}`,
  labelsFailed: 'A intervenit o eroare in descarcarea AWB-ului!',
  summary: (ok: number, total: number) => `${ok} din ${total} comenzi activate`,
} as const;

export const storeBulkLabelsPath = (clientId: number, runId: number) => `/api/user/integration/shopify/activate-orders/${clientId}/runs/${runId}/labels`;
