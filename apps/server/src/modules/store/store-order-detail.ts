import { messages, type TAwaitingFulfillmentOrder, type TPackingMutationRequest, type TShipmentDetail, type TStoreOrderDetail } from '@colete/contract';
import type { Database } from '../../db/client.js';
import type { ShopifyAdapter } from '../../integrations/store/index.js';
import { notFound } from '../../lib/errors.js';
import { fulfilledPartsOf } from './store-order-fulfilled.js';
import { betterLocationsOf, locationsForMoveOf, moveOptionsOf } from './store-order-locations.js';
import { codOptionsFor, codPartOf, storedCodOf } from './store-order-cod.js';
import { extraOptionsOf, initialPacking, linesOf, productsOf } from './store-order-packing.js';
import { shipmentsOfStoreOrder } from '../shipments/index.js';
import { applySavedForLater, savedForLaterOf, withStorePending } from './store-saved-orders.js';
import { defaultEntryOf, fromLocationOf, type SenderBook, type SenderContext } from './store-order-sender.js';
import { shopOrders, type ShopFulfillmentOrder, type ShopOrder } from './store-orders.js';
import { applySavedMutations, savedMutationsOf } from './store-mutations.js';
import { applySavedPacking, deletePacking, savedPackingsOf, savePacking } from './store-packing-saved.js';
import { rememberingCorrector, type AddressCorrector } from './store-recipient.js';
import type { StoreService } from './store-service.js';
import type { UserRow } from '../../types.js';

/*
 * The order page's data (issue 13, spec 002 section 3 "Store order (detail)"): the shop's order read
 * through the store service (which checks the account: another client's 404, a disconnected one
 * 400), its recipient corrected through the nomenclature, the awaiting fulfillment orders with their
 * sender, products and first packing, and the fulfilled parts with the platform's shipment when it
 * was made here.
 */

export const ORDER_NOT_FOUND = messages.store.orderNotFound;
/** Fulfillment orders that still wait to be sent (with something remaining). */
const AWAITING = new Set(['OPEN', 'IN_PROGRESS', 'ON_HOLD']);
export const isAwaiting = (fo: ShopFulfillmentOrder) => AWAITING.has(fo.status) && fo.lineItems.some((l) => l.remainingQuantity > 0);

export type StoreOrderDetailDeps = {
  database: Database;
  store: StoreService;
  app: Pick<ShopifyAdapter, 'graphql'>;
  corrector: AddressCorrector;
  /** The address book (the default sender). */
  book: SenderBook;
  /** One of the client's shipments as its details page shows it. */
  shipment: (client: UserRow, uniqueId: string) => Promise<TShipmentDetail>;
};

/** One awaiting fulfillment order, 'Comanda #n' on the page. */
export async function awaitingOf(order: ShopOrder, fo: ShopFulfillmentOrder, senders: SenderContext): Promise<TAwaitingFulfillmentOrder> {
  const lineItems = linesOf(order, fo);
  const products = productsOf(order, fo);
  return {
    fulfillmentOrderId: fo.id,
    status: fo.status,
    fulfillmentHolds: fo.holds.map((h) => ({ reason: h.reason, reasonNotes: h.reasonNotes })),
    activationId: null,
    fromLocation: { ...(await fromLocationOf(fo, senders)), ...moveOptionsOf(fo) },
    lineItems,
    products,
    packing: initialPacking(lineItems, products),
    mutations: [],
    extraOptions: extraOptionsOf(order),
  };
}

export function storeOrderDetailService(deps: StoreOrderDetailDeps) {
  const { db } = deps.database;
  // The shop's locations (every card's sender) are the same few addresses on every order page.
  const locationCorrector = rememberingCorrector(deps.corrector);
  const orders = shopOrders(deps.app);
  return {
    /** One order of the client's store as the order page shows it: 404 for another client's store or an unknown order. */
    async detail(client: UserRow, accountId: number, orderId: string): Promise<TStoreOrderDetail> {
      const clientId = client.id;
      const { row, token } = await deps.store.connected(clientId, accountId);
      // The account checked once: the order is read with it, from the store's copy of the shop (issue 28 §4) with its corrected recipient.
      const copied = await deps.store.copyReads.order(row.shop, token, orderId);
      if (!copied) throw notFound(ORDER_NOT_FOUND);
      const { order } = copied;
      const awaiting = order.cancelledAt === null ? order.fulfillmentOrders.filter(isAwaiting) : [];
      // Independent reads side by side (PostgreSQL's pool answers them together).
      const [locations, defaultEntry, made, shippingTo, storedCod] = await Promise.all([
        awaiting.length ? deps.store.copyReads.locations(row.shop, token) : Promise.resolve([]),
        awaiting.length ? defaultEntryOf(deps.book, clientId) : Promise.resolve(null),
        shipmentsOfStoreOrder(db, clientId, row.id, order.id),
        Promise.resolve(copied.recipient),
        storedCodOf(db, row.id, order.id),
      ]);
      const senders: SenderContext = { corrector: locationCorrector, defaultEntry, locations };
      // A fulfillment order activated here is sent, even while the shop is not told yet (the job retries it);
      // one whose AWB was cancelled awaits again (issue 24), its cancelled shipment still listed below.
      const sent = new Set(made.filter((s) => s.status !== 'cancelled').map((s) => s.fulfillmentOrderId));
      const cards = awaiting.filter((fo) => !sent.has(fo.id));
      // The saved senders, product dimensions (store-mutations.ts) and packings (store-packing-saved.ts) over the built cards, then what was saved for later.
      // The first packing is computed again over the saved dimensions: each package as large as its largest product (issue 24).
      // The awaiting cards and the fulfilled parts read different rows: both chains at once.
      // The saved rows of the three layers are read together (each by what the built cards name), then laid in order.
      const buildCards = async () => {
        const drawn = await Promise.all(cards.map((fo) => awaitingOf(order, fo, senders)));
        const [mutations, packings, later] = await Promise.all([savedMutationsOf(db, accountId, drawn), savedPackingsOf(db, accountId, drawn), savedForLaterOf(db, row.id, drawn)]);
        const sized = applySavedMutations(mutations, drawn).map((card) => ({ ...card, packing: initialPacking(card.lineItems, card.products) }));
        return applySavedForLater(later, applySavedPacking(packings, sized));
      };
      const fulfilledParts = async () => withStorePending(db, row.id, order.id, await fulfilledPartsOf(order, made, (uniqueId) => deps.shipment(client, uniqueId)));
      const [built, fulfilled] = await Promise.all([buildCards(), fulfilledParts()]);
      // The order's cash on delivery on one part only (issue 24): the page and bulk activation read it here.
      const cod = codPartOf(cards.map((fo) => fo.id), storedCod);
      const showCod = order.cashOnDelivery && (cards.length > 1 || (cod.carrier !== null && !cards.some((fo) => fo.id === cod.carrier)));
      const awaitingCards = built.map((card) => ({
        ...card,
        extraOptions: codOptionsFor(card.extraOptions, card.fulfillmentOrderId, cod),
        codPart: showCod ? { carries: cod.carrier === card.fulfillmentOrderId, totalBani: order.totalBani, carrierFulfillmentOrderId: cod.carrier, carrierAwb: cod.awb, locked: cod.locked } : null,
      }));
      return {
        shopifyGraphQLId: order.id,
        orderDisplayName: order.name,
        createdAt: order.createdAt,
        customer: order.customer ? { displayName: order.customer.displayName } : null,
        price: { totalBani: order.totalBani, currency: order.currency },
        payment: { hasCashOnDelivery: order.cashOnDelivery, status: order.financialStatus },
        note: order.note,
        cancelled: order.cancelledAt !== null,
        shippingTo,
        shippingLine: { activationId: null },
        shippingLocations: { usedLocationIds: [...new Set(awaiting.map((fo) => fo.location.id).filter((id): id is string => !!id))], betterLocations: betterLocationsOf(awaiting) },
        locationsForMove: locationsForMoveOf(awaiting),
        shippingOrders: {
          awaitingFulfillment: awaitingCards,
          fulfilled,
        },
      };
    },
    /** 'Salveaza configuratie' (PACKING SAVE_OR_UPDATE): the fulfillment order's packing for later orders with the same products. */
    savePacking: (client: UserRow, accountId: number, input: TPackingMutationRequest) =>
      savePacking(
        db,
        async (clientId, id, orderId, fulfillmentOrderId) => {
          const { row, token } = await deps.store.connected(clientId, id);
          const order = await orders.one(row.shop, token, orderId);
          const fo = order && order.cancelledAt === null ? order.fulfillmentOrders.find((f) => f.id === fulfillmentOrderId && isAwaiting(f)) : undefined;
          return order && fo ? { order, fo } : null;
        },
        client.id,
        accountId,
        input,
      ),
    deletePacking: (client: UserRow, mutationId: number) => deletePacking(db, client.id, mutationId),
  };
}
export type StoreOrderDetailService = ReturnType<typeof storeOrderDetailService>;
