import { choiceOfActivationId, storeActivationId, type AwbFormat, type StoreBulkReason, type TAwaitingFulfillmentOrder, type TOffer, type TShipmentDetail, type TStoreOrderDetail } from '@colete/contract';
import type { Database } from '../../db/client.js';
import { leiToBani } from '../../lib/money.js';
import type { UserRow } from '../../types.js';
import { activationOf, shipmentOfActivation } from './store-activation-queries.js';
import type { StoreActivationService } from './store-activation.js';
import type { BulkActivated, BulkOffer, StoreOrderActivator } from './store-bulk-port.js';
import type { StoreOrderDetailService } from './store-order-detail.js';
import { packingTooSmall } from './store-packing-fit.js';

export type BulkShipments = {
  activate(client: UserRow, uniqueId: string, choice: { serviceId: string; pointId: string | null }): Promise<TShipmentDetail>;
  /** Labels in the first of the formats each courier prints, kept once drawn (one read for the kept ones). */
  labelsOf(client: UserRow, uniqueIds: readonly string[], prefer: readonly AwbFormat[]): Promise<(Uint8Array | Error)[]>;
  /** Whether each has a label to print now, without reading any. */
  printableOf(client: UserRow, uniqueIds: readonly string[], prefer: readonly AwbFormat[]): Promise<(true | Error)[]>;
};

/** The card's request as the order page would send it: its sender, the corrected recipient, its packing and options. */
export const requestOf = (order: TStoreOrderDetail, card: TAwaitingFulfillmentOrder) => ({
  shopifyOrderId: order.shopifyGraphQLId,
  shopifyFulfillmentOrderId: card.fulfillmentOrderId,
  sender: card.fromLocation.internalAddress!,
  recipient: order.shippingTo.internalAddress,
  packing: card.packing,
  extraOptions: card.extraOptions,
  mutations: [],
});

/** The lines sent: every line but the packing's postponed products. */
function linesOf(card: TAwaitingFulfillmentOrder) {
  const postponed = new Map<string, number>();
  for (const p of card.packing.postponedProducts) postponed.set(p.product.id, (postponed.get(p.product.id) ?? 0) + p.quantity);
  return card.lineItems
    .map((l) => {
      const key = l.variantId ?? l.fulfillmentOrderLineItemsId;
      const held = Math.min(l.quantity, postponed.get(key) ?? 0);
      postponed.set(key, (postponed.get(key) ?? 0) - held);
      return { fulfillmentLineItemId: l.fulfillmentOrderLineItemsId, quantity: l.quantity - held };
    })
    .filter((l) => l.quantity > 0);
}

/** Spec 002 section 8's reasons a card cannot be activated as it stands. */
function reasonsOf(order: TStoreOrderDetail, card: TAwaitingFulfillmentOrder): StoreBulkReason[] {
  const reasons: StoreBulkReason[] = [];
  // A fulfillment order on hold in the shop is never activated (issue 24): no AWB, no charge.
  if (card.status === 'ON_HOLD' || card.fulfillmentHolds.length > 0) reasons.push('onHold');
  const contact = order.shippingTo.internalAddress.contact;
  if (order.shippingTo.errors.length > 0 || !contact.name.trim() || !contact.phone.trim()) reasons.push('invalidShipTo');
  const sender = card.fromLocation.internalAddress;
  if (!sender || (card.fromLocation.errors.length > 0 && !sender.addressId)) reasons.push('invalidShipFrom');
  // A package smaller than one of its products (issue 24, a saved packing from before the sizes) needs the merchant.
  if (!card.packing.valid || card.packing.list.length === 0 || linesOf(card).length === 0 || packingTooSmall(card.packing, card.products)) reasons.push('invalidPackages');
  return reasons;
}

const toBulkOffer = (o: TOffer): BulkOffer => ({ serviceId: o.serviceId, type: o.type, priceBani: leiToBani(Number(o.price)), valid: o.errors.length === 0, pointIds: o.points.map((p) => p.id), courierName: o.courierName, serviceName: o.serviceName });

const activatedOf = (d: TShipmentDetail, serviceId: string): BulkActivated => ({
  uniqueId: d.uniqueId,
  awb: d.awb ?? '',
  estimatedPickupDate: d.estimatedPickupDate,
  courierId: d.courierId ?? '',
  courierName: d.courierName ?? '',
  serviceId,
  serviceName: d.serviceName ?? '',
  priceBani: d.price ? leiToBani(Number(d.price)) : 0,
});

/**
 * Bulk activation's port over the store activation (issue 14): a card is read as the order page
 * shows it (the saved-for-later sender, packing, options and service laid over), and activated
 * through storeActivationService.activate, once per fulfillment order (its claim row and request
 * key). A fulfillment order whose claim already has its AWB (a run taken over after a crash) answers
 * that shipment, and the shop's fulfillment is made if it was not.
 */
export function storeBulkActivator(deps: { database: Database; detail: StoreOrderDetailService; activation: StoreActivationService; shipments: BulkShipments }): StoreOrderActivator {
  const { db } = deps.database;
  /** The cards read by the last plan of each order (this process), so activating does not read the shop again. */
  const cards = new Map<string, { order: TStoreOrderDetail; card: TAwaitingFulfillmentOrder }>();

  return {
    async plan(client, accountId, orderId) {
      const order = await deps.detail.detail(client, accountId, orderId);
      if (order.cancelled) return [];
      // A card planned but never activated (no service fitted) is not kept for ever.
      if (cards.size > 1000) cards.clear();
      return Promise.all(
        order.shippingOrders.awaitingFulfillment.map(async (card) => {
          cards.set(`${accountId}:${card.fulfillmentOrderId}`, { order, card });
          const saved = card.activationId ? choiceOfActivationId(card.activationId) : null;
          const reasons = reasonsOf(order, card);
          if (reasons.length > 0) return { fulfillmentOrderId: card.fulfillmentOrderId, reasons, saved, offers: [] };
          try {
            const offers = await deps.activation.offers(client, accountId, requestOf(order, card));
            return { fulfillmentOrderId: card.fulfillmentOrderId, reasons, saved, offers: offers.map(toBulkOffer) };
          } catch {
            return { fulfillmentOrderId: card.fulfillmentOrderId, reasons: ['couldNotActivate' as const], saved, offers: [] };
          }
        }),
      );
    },

    async activate(client, accountId, orderId, fulfillmentOrderId, choice) {
      const claim = await activationOf(db, accountId, fulfillmentOrderId);
      const made = claim ? await shipmentOfActivation(db, claim.shipmentId) : null;
      // Made already (a retry): answered again. A draft, or an AWB cancelled before the shop was told (activated again), goes through the activation.
      if (claim && made && made.status !== 'draft' && made.status !== 'cancelled') {
        const detail = await deps.shipments.activate(client, made.uniqueId, choice);
        await deps.activation.fulfil(claim.id);
        return activatedOf(detail, choice.serviceId);
      }
      const key = `${accountId}:${fulfillmentOrderId}`;
      let read = cards.get(key);
      if (!read) {
        const order = await deps.detail.detail(client, accountId, orderId);
        const card = order.shippingOrders.awaitingFulfillment.find((c) => c.fulfillmentOrderId === fulfillmentOrderId);
        if (!card) throw new Error('the fulfillment order no longer awaits fulfilment');
        read = { order, card };
      }
      cards.delete(key);
      // The activation answers the shipment as shipments activated it: not read again.
      const { shipment } = await deps.activation.activate(client, accountId, {
        ...requestOf(read.order, read.card),
        activationId: storeActivationId(choice.serviceId, choice.pointId),
        fulfilledLineItems: linesOf(read.card),
      });
      return activatedOf(shipment, choice.serviceId);
    },

    /** The labels in A6; where a courier does not print A6, in A4 (the merge fits it to its place). */
    labels: (client, uniqueIds) => deps.shipments.labelsOf(client, uniqueIds, ['A6', 'A4']),
    printable: (client, uniqueIds) => deps.shipments.printableOf(client, uniqueIds, ['A6', 'A4']),
  };
}
