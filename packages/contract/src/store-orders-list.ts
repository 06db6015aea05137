import { z } from './zod.js';

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

const isoDate = z.string().datetime({ offset: true });

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
  })
  .strict();
export type TStoreOrdersFilter = z.input<typeof ZStoreOrdersFilter>;
export type TStoreOrdersFilterParsed = z.output<typeof ZStoreOrdersFilter>;

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
  status: z.object({ needsAddressFix: z.boolean(), needsContactFix: z.boolean(), readyForActivation: z.boolean() }),
  /** Platform tabs: the shipment the row is (its public id); null on the awaiting tab. */
  shipmentUniqueId: z.string().nullable(),
});
export type TStoreListOrder = z.infer<typeof ZStoreListOrder>;

export const ZStoreOrdersListResponse = z.object({
  success: z.literal(true),
  list: z.array(ZStoreListOrder),
  /**
   * count: the platform tabs' total matching rows; the awaiting tab cannot know a cursor list's total,
   * so it answers the rows seen so far (this page's position + length). endCursor/hasNextPage: the
   * awaiting tab's cursor; the platform tabs answer null and whether a next numbered page exists.
   */
  pageInfo: z.object({ count: z.number().int(), endCursor: z.string().nullable(), hasNextPage: z.boolean() }),
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
  bulkActivate: (n: number) => `Activeaza comenzi (${n} comenzi selectate)`,
  // Ours (the spec does not quote them).
  loading: 'Comenzile se incarca',
  retry: 'Reincearca',
  ordersLink: 'Comenzi',
  from: 'De la',
  to: 'Pana la',
  products: (n: number) => (n === 1 ? '1 produs' : `${n} produse`),
} as const;

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
