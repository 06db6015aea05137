import { z } from './zod.js';

/** Issue 24: the filters' texts (ours: the specification shows no filters on this list). */
export const STORE_LIST_FILTER_MESSAGES = {
  search: 'Cauta dupa numar comanda sau client',
  searchTooLong: 'Textul cautat poate avea cel mult 100 de caractere!',
  tagTooLong: 'Eticheta poate avea cel mult 100 de caractere!',
  locationInvalid: 'Depozitul ales nu este valid!',
  needsFix: 'Stare',
  needsFixOptions: { all: 'Toate', yes: 'Necesita interventie', no: 'Gata de activare' },
  cashOnDelivery: 'Ramburs',
  cashOptions: { all: 'Toate', yes: 'Cu ramburs', no: 'Fara ramburs' },
  location: 'Depozit',
  allLocations: 'Toate depozitele',
  tag: 'Eticheta',
  pageSelected: (n: number) => (n === 1 ? 'Comanda de pe aceasta pagina este selectata.' : `Toate cele ${n} comenzi afisate sunt selectate.`),
  selectMatching: (n: number, more: boolean) => (more ? `Peste ${n} comenzi corespund filtrelor: restrangeti filtrele pentru a le activa deodata.` : n === 1 ? 'Selecteaza comanda care corespunde filtrelor' : `Selecteaza toate cele ${n} comenzi care corespund filtrelor`),
  matchingSelected: (n: number) => (n === 1 ? 'Este selectata comanda care corespunde filtrelor.' : `Sunt selectate toate cele ${n} comenzi care corespund filtrelor.`),
  clearSelection: 'Anuleaza selectia',
  bulkMatching: (n: number) => (n === 1 ? 'Activeaza comenzi (o comanda care corespunde filtrelor)' : `Activeaza comenzi (${n} comenzi care corespund filtrelor)`),
  matchingPreview: (n: number) => (n === 1 ? 'Urmeaza sa activati comanda care corespunde filtrelor. Continuati ?' : `Urmeaza sa activati toate cele ${n} comenzi care corespund filtrelor. Continuati ?`),
  tooMany: 'Prea multe comenzi corespund filtrelor: cel mult 250 de comenzi pot fi activate deodata. Restrangeti filtrele!',
  noneMatching: 'Nicio comanda nu corespunde filtrelor!',
  awb: 'AWB',
  shipmentStatus: 'Status livrare',
  tags: 'Etichete',
} as const;

/*
 * Contract of the store orders list (issue 13, spec 002 sections 2.2, 3 "Store order (list)" and
 * "Order filter", 4.5, 8, 9): POST user/integration/shopify/orders/{clientId}. The first tab reads
 * the shop (cursor pages of 10), the other two the platform's shipments made from that store
 * (numbered pages of 25). Money in bani. Store ids are Shopify's global ids.
 */

export const STORE_LIST_TYPES = ['AWAITING_ACTIVATION', 'NOT_PICKED_UP', 'NOT_DELIVERED'] as const;
export type StoreListType = (typeof STORE_LIST_TYPES)[number];
/** Spec 002 section 9: 10 a page on the awaiting tab, 25 on the others; up to 4 automatic extra fetches. */
export const STORE_LIST_PAGE_SIZE: Record<StoreListType, number> = { AWAITING_ACTIVATION: 10, NOT_PICKED_UP: 25, NOT_DELIVERED: 25 };
export const STORE_LIST_AUTO_FETCHES = 4;
/** Issue 24: the search and tag boxes are applied this long after the last key (spec 002 section 5: searches wait 500 ms). */
export const STORE_LIST_SEARCH_DEBOUNCE_MS = 500;

const isoDate = z.string().datetime({ offset: true });

/** Issue 24: the longest text the search box and the tag filter take. */
export const STORE_LIST_SEARCH_MAX = 100;

/**
 * Issue 24: the list's filters (all optional, combined with AND). `search` is an order number
 * ('1092' or '#1092') or a customer's name or e-mail; `needsFix` true lists only the orders that need
 * an address or contact fix, false only those ready; `cashOnDelivery` true only cash on delivery, false
 * only paid by card; `locationId` the orders with a part to send from that warehouse; `tag` one of the
 * order's tags. The awaiting tab takes them all; the platform tabs take search and cashOnDelivery.
 */
export const ZStoreOrdersFilterFields = z.object({
  search: z.string().trim().max(STORE_LIST_SEARCH_MAX, { error: STORE_LIST_FILTER_MESSAGES.searchTooLong }).optional(),
  needsFix: z.boolean().optional(),
  cashOnDelivery: z.boolean().optional(),
  locationId: z.string().max(200).regex(/^gid:\/\/shopify\/Location\/\d+$/, { error: STORE_LIST_FILTER_MESSAGES.locationInvalid }).optional(),
  tag: z.string().trim().max(STORE_LIST_SEARCH_MAX, { error: STORE_LIST_FILTER_MESSAGES.tagTooLong }).optional(),
});
export type TStoreOrdersFilterFields = z.infer<typeof ZStoreOrdersFilterFields>;

export const ZStoreOrdersFilter = z
  .object({
    /** The created-at range (ignored on the awaiting tab, which lists what still needs fulfilling). */
    interval: z.object({ start: isoDate.nullable(), end: isoDate.nullable() }).default({ start: null, end: null }),
    type: z.enum(STORE_LIST_TYPES),
    /** The page size asked for: the tab's own size is used whatever is sent (kept for the spec's shape). */
    count: z.number().int().min(1).max(250).optional(),
    /** Numbered page (1-based) of the platform tabs; on the awaiting tab the fetch's number (it places the rows: position). */
    page: z.number().int().min(1).max(100_000).default(1),
    /** true: oldest first; false (default): newest first. */
    reversed: z.boolean().default(false),
    /** The awaiting tab's cursor: the previous page's endCursor. */
    endCursor: z.string().max(2000).nullable().default(null),
    /** Ours: one order alone (its global id), the awaiting row refreshed after its dialog closes. */
    orderId: z.string().max(200).regex(/^gid:\/\/shopify\/Order\/\d+$/).optional(),
    ...ZStoreOrdersFilterFields.shape,
  })
  .strict();
export type TStoreOrdersFilter = z.input<typeof ZStoreOrdersFilter>;
export type TStoreOrdersFilterParsed = z.output<typeof ZStoreOrdersFilter>;

/** Issue 24: how many awaiting orders match the filters ('select all N matching'); at most the bulk run's limit + 1 are counted. */
export const ZStoreOrdersMatchingResponse = z.object({ success: z.literal(true), count: z.number().int(), more: z.boolean() });
/** Issue 24: the shop's warehouses for the filter (GET user/integration/shopify/orders/{clientId}/locations). */
export const ZStoreLocationsResponse = z.object({ success: z.literal(true), list: z.array(z.object({ id: z.string(), name: z.string() })) });
export type TStoreLocationsResponse = z.infer<typeof ZStoreLocationsResponse>;
export type TStoreOrdersMatchingResponse = z.infer<typeof ZStoreOrdersMatchingResponse>;

export const ZStoreListOrder = z.object({
  shopifyGraphQLId: z.string(),
  orderDisplayName: z.string(),
  createdAt: z.string(),
  customer: z.object({ displayName: z.string().nullable() }),
  price: z.object({ total: z.number().int(), fromCurrency: z.string() }),
  payment: z.object({ hasCashOnDelivery: z.boolean(), status: z.string().nullable() }),
  /** Shopify's fulfillment status on the awaiting tab; the shipment's status on the platform tabs. */
  fulfillment: z.object({ status: z.string() }),
  items: z.object({ quantity: z.number().int() }),
  tags: z.array(z.string()),
  /** The row's place in the whole list (0-based). */
  position: z.number().int(),
  status: z.object({
    needsAddressFix: z.boolean(),
    needsContactFix: z.boolean(),
    readyForActivation: z.boolean(),
    /** Issue 24: a fulfillment order on hold in the shop (Shopify's hold reason and notes); the order is not ready then. */
    hold: z.object({ reason: z.string(), reasonNotes: z.string().nullable() }).nullable().optional(),
  }),
  /** Platform tabs: the shipment the row is (its public id); null on the awaiting tab. */
  shipmentUniqueId: z.string().nullable(),
  /** Issue 24, platform tabs: the shipment the row is (its AWB and status) beside the order's own columns read from the shop. */
  shipment: z.object({ uniqueId: z.string(), awb: z.string().nullable(), status: z.string() }).nullable().optional(),
});
export type TStoreListOrder = z.infer<typeof ZStoreListOrder>;

/** Ours (issue 28 §4): the awaiting tab while the platform makes its first copy of the shop's orders. */
export const STORE_COPY_MESSAGES = {
  copying: (copied: number, total: number | null) =>
    total === null ? `Copiem comenzile magazinului pe platforma: ${copied} pana acum.` : `Copiem comenzile magazinului pe platforma: ${Math.min(copied, total)} din ${total}.`,
  note: 'Pana la final, lista se citeste direct din magazin si poate raspunde mai greu.',
  label: 'Copierea comenzilor magazinului',
} as const;

export const ZStoreSyncProgress = z.object({ status: z.enum(['BACKFILLING', 'READY']), copied: z.number().int(), total: z.number().int().nullable() });
export type TStoreSyncProgress = z.infer<typeof ZStoreSyncProgress>;
export const ZStoreSyncResponse = z.object({ success: z.literal(true), sync: ZStoreSyncProgress });
export type TStoreSyncResponse = z.infer<typeof ZStoreSyncResponse>;

export const ZStoreOrdersListResponse = z.object({
  success: z.literal(true),
  list: z.array(ZStoreListOrder),
  /**
   * count: the platform tabs' total matching rows; the awaiting tab cannot know a cursor list's total,
   * so it answers the rows seen so far (this page's position + length). endCursor/hasNextPage: the
   * awaiting tab's cursor; the platform tabs answer null and whether a next numbered page exists.
   */
  pageInfo: z.object({ count: z.number().int(), endCursor: z.string().nullable(), hasNextPage: z.boolean() }),
  /** Issue 28 §4: the awaiting tab's copy of the shop: its first backfill's progress (orders copied of the shop's count), READY once it is whole. */
  sync: ZStoreSyncProgress.optional(),
});
export type TStoreOrdersListResponse = z.infer<typeof ZStoreOrdersListResponse>;

/** Texts only the orders list shows (spec 002 sections 2.1, 2.2, 8). */
export const STORE_LIST_MESSAGES = {
  title: 'Lista comenzi',
  tabs: { AWAITING_ACTIVATION: 'In asteptare activare', NOT_PICKED_UP: 'Neridicate', NOT_DELIVERED: 'Ridicate si nelivrate' } satisfies Record<StoreListType, string>,
  sortLabel: 'Ordoneaza comenzile in functie de data',
  sortDesc: 'Descrescator',
  sortAsc: 'Crescator',
  loadMore: 'Incarca mai multe comenzi',
  fetchFailed: 'A intervenit o eroare in preluarea comenzilor!',
  empty: 'Nu exista date pentru filtrele selelectate',
  needsFix: 'Necesita interventie',
  ready: 'Gata de activare',
  cash: 'Cash',
  card: 'Card',
  columns: { id: 'ID', date: 'Data', client: 'Client', price: 'Pret', paymentType: 'Tip plata', paymentStatus: 'Status plata', orderStatus: 'Status comanda', products: 'Produse', status: 'Status' },
  bulkActivate: (n: number) => (n === 1 ? 'Activeaza comenzi (1 comanda selectata)' : `Activeaza comenzi (${n} comenzi selectate)`),
  /** Issue 24 (ours): an order on hold in the shop, with Shopify's reason (the merchant's notes when given). */
  onHold: (reason: string) => `Comanda este blocata in magazin: ${reason}`,
  holdReasons: {
    AWAITING_PAYMENT: 'se asteapta plata',
    AWAITING_RETURN_ITEMS: 'se asteapta produsele returnate',
    HIGH_RISK_OF_FRAUD: 'risc ridicat de frauda',
    INCORRECT_ADDRESS: 'adresa incorecta',
    INVENTORY_OUT_OF_STOCK: 'stoc epuizat',
    ONLINE_STORE_POST_PURCHASE_CROSS_SELL: 'oferta dupa cumparare in curs',
    UNKNOWN_DELIVERY_DATE: 'data livrarii necunoscuta',
    OTHER: 'alt motiv',
  } as Record<string, string>,
  // Ours (the spec does not quote them).
  loading: 'Comenzile se incarca',
  retry: 'Reincearca',
  ordersLink: 'Comenzi',
  from: 'De la',
  to: 'Pana la',
  products: (n: number) => (n === 1 ? '1 produs' : `${n} produse`),
} as const;

/** The hold's text: its reason in Romanian, with the merchant's notes when the shop has them. */
export function holdText(hold: { reason: string; reasonNotes: string | null }) {
  const reason = STORE_LIST_MESSAGES.holdReasons[hold.reason] ?? STORE_LIST_MESSAGES.holdReasons.OTHER!;
  return STORE_LIST_MESSAGES.onHold(hold.reasonNotes ? `${reason} (${hold.reasonNotes})` : reason);
}

/** Shopify's display statuses as the list reads them (ours: the spec does not quote them). */
export const STORE_FINANCIAL_STATUS_TEXT: Record<string, string> = {
  PENDING: 'In asteptare',
  PAID: 'Platita',
  PARTIALLY_PAID: 'Platita partial',
  AUTHORIZED: 'Autorizata',
  REFUNDED: 'Rambursata',
  PARTIALLY_REFUNDED: 'Rambursata partial',
  VOIDED: 'Anulata',
  EXPIRED: 'Expirata',
};
export const STORE_FULFILLMENT_STATUS_TEXT: Record<string, string> = {
  UNFULFILLED: 'Neexpediata',
  PARTIALLY_FULFILLED: 'Expediata partial',
  ON_HOLD: 'In asteptare',
  FULFILLED: 'Expediata',
  IN_PROGRESS: 'In lucru',
  SCHEDULED: 'Programata',
};

export const storeOrdersPath = (clientId: number) => `/profile/shopify/orders/${clientId}`;
