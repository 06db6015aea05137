import { AWB_FORMATS } from './settings.js';
import { ZStoreRefusal } from './store-refusal.js';
import { STORE_LIST_FILTER_MESSAGES, ZStoreOrdersFilterFields } from './store-orders-list.js';
import { z } from './zod.js';

/*
 * Contract of bulk activation (issue 14, spec 002 sections 2.1 'Activare comenzi' and the bulk
 * result dialog, 3 "Bulk result per order", 4.5, 7 POST user/integration/shopify/activate-orders/{clientId}, 8).
 * The call starts a run (a job) and answers its id; the run is read while it works (N of M) and
 * when done (the results per order); its labels come as one PDF. Money in bani.
 */

/** Issue 24 (ours): a service id that is not one. */
export const STORE_BULK_SERVICE_INVALID = 'Serviciul de curierat ales este invalid.';
const orderGid = z.string().max(200).regex(/^gid:\/\/shopify\/Order\/\d+$/);
/** At most this many orders a run (the list selects from at most five pages of 10; room for more). */
export const STORE_BULK_MAX_ORDERS = 250;

export const ZStoreBulkActivateRequest = z
  .object({
    /** The dialog's data: the orders still selected in 'Activare comenzi'. */
    orders: z
      .array(z.object({ shopifyGraphQLId: orderGid, orderDisplayName: z.string().min(1).max(100) }).strict())
      .max(STORE_BULK_MAX_ORDERS)
      .default([]),
    /**
     * Issue 24, 'select all N matching': instead of ids, the list's filters; the server reads the
     * awaiting orders matching them when the run starts (at most STORE_BULK_MAX_ORDERS).
     */
    matching: ZStoreOrdersFilterFields.strict().optional(),
    /**
     * Issue 24: one courier service for every order of the run (a serviceId the preview offered);
     * absent or null: each order's own (its saved service, else the cheapest of the usual type).
     * An order the service cannot carry is reported ('serviceUnavailable'), never switched.
     */
    serviceId: z.string().min(1).max(100).regex(/^[a-z0-9_-]+:[a-z0-9_-]+$/i, { error: STORE_BULK_SERVICE_INVALID }).nullable().optional(),
  })
  .strict()
  // Either the orders chosen one by one or the filters, never both nor neither.
  .refine((b) => (b.orders.length > 0) !== (b.matching !== undefined), { error: STORE_LIST_FILTER_MESSAGES.noneMatching, path: ['orders'] });
export type TStoreBulkActivateRequest = z.input<typeof ZStoreBulkActivateRequest>;
export type TStoreBulkActivateRequestParsed = z.output<typeof ZStoreBulkActivateRequest>;

/**
 * POST activate-orders/{clientId}/services (issue 24): the preview's orders, or the list's filters
 * ('select all N matching': the orders the run would read), for the services that can carry them.
 */
export const ZStoreBulkServicesRequest = z
  .object({
    orders: z.array(z.object({ shopifyGraphQLId: orderGid }).strip()).max(STORE_BULK_MAX_ORDERS).default([]),
    matching: ZStoreOrdersFilterFields.strict().optional(),
  })
  .strict()
  .refine((b) => (b.orders.length > 0) !== (b.matching !== undefined), { error: STORE_LIST_FILTER_MESSAGES.noneMatching, path: ['orders'] });
export type TStoreBulkServicesRequest = z.input<typeof ZStoreBulkServicesRequest>;
export type TStoreBulkServicesRequestParsed = z.output<typeof ZStoreBulkServicesRequest>;
export const ZStoreBulkService = z.object({
  serviceId: z.string(),
  courierName: z.string(),
  serviceName: z.string(),
  /** How many of the orders' parts awaiting activation it can carry, of `parts`. */
  carries: z.number().int(),
  /** Their price together, bani. */
  totalBani: z.number().int(),
});
export type TStoreBulkService = z.infer<typeof ZStoreBulkService>;
export const ZStoreBulkServicesResponse = z.object({
  success: z.literal(true),
  /** The parts that could be activated as they stand (the others have their reasons). */
  parts: z.number().int(),
  /** Those carrying the most parts first, then the cheapest. */
  services: z.array(ZStoreBulkService),
});
export type TStoreBulkServicesResponse = z.infer<typeof ZStoreBulkServicesResponse>;

export const ZStoreBulkStartResponse = z.object({ success: z.literal(true), runId: z.number().int() });

/** Spec 002 section 8's per-order reasons (their codes). */
export const STORE_BULK_REASONS = ['invalidShipTo', 'invalidShipFrom', 'invalidPackages', 'nothingToActivate', 'couldNotActivate', 'onHold', 'serviceUnavailable'] as const;
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
  /** Issue 24: the AWB exists but the shop refused its fulfillment for good (read when the run is read). */
  storeRefusal: ZStoreRefusal.nullable().optional(),
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
  /** Issue 24 (ours): a fulfillment order on hold in the shop is never activated. */
  onHold: 'Comanda este blocata in magazin',
  /** Issue 24 (ours): the service chosen for the whole run does not carry this order (it was not switched to another). */
  serviceUnavailable: 'Serviciul ales pentru toate comenzile nu poate livra aceasta comanda',
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
  /** Issue 24 (ours): the service for the whole run. */
  serviceChoice: 'Serviciul de curierat',
  servicePerOrder: 'Cel mai potrivit pentru fiecare comanda (cel salvat sau cel mai ieftin)',
  serviceForAll: 'Acelasi serviciu pentru toate comenzile',
  serviceLabel: 'Serviciul pentru toate comenzile',
  serviceOption: (courierName: string, serviceName: string, carries: number, parts: number, total: string) =>
    `${courierName} ${serviceName} - livreaza ${carries} din ${parts} ${parts === 1 ? 'comanda' : 'comenzi'} (${total})`,
  servicesLoading: 'Se incarca serviciile disponibile ...',
  servicesNone: 'Niciun serviciu nu poate livra comenzile selectate.',
  servicesFailed: 'Serviciile disponibile nu au putut fi incarcate.',
  serviceNotAll: (n: number) => (n === 1 ? 'O comanda nu poate fi livrata cu acest serviciu si nu va fi activata.' : `${n} comenzi nu pot fi livrate cu acest serviciu si nu vor fi activate.`),
} as const;

export const storeBulkServicesPath = (clientId: number) => `/api/user/integration/shopify/activate-orders/${clientId}/services`;
export const storeBulkLabelsPath = (clientId: number, runId: number) => `/api/user/integration/shopify/activate-orders/${clientId}/runs/${runId}/labels`;
