import { type TFulfilledOrder, type TShipmentDetail } from '@colete/contract';
import type { StoreOrderShipment } from '../shipments/index.js';
import type { ShopFulfillmentOrder, ShopOrder } from './store-orders.js';

/*
 * The fulfilled parts of a store order (spec 002 "Fulfilled order"): each closed fulfillment order,
 * and the sent part of one in progress, named as Shopify names fulfillments ('#1005-F1'). The
 * platform's shipment made from that fulfillment order fills internalOrder; without one the part was
 * sent elsewhere ('Comanda nu este facuta pe platforma!'). A cancelled order's closed fulfillment
 * orders sent nothing and are left out; a shipment made here whose fulfillment order is not among the
 * parts (Shopify has not recorded the fulfilment yet) shows as a part of its own.
 */

/** One shipment as the order page shows it (the shipments module's detail, given by the composition root). */
export type ShipmentReader = (uniqueId: string) => Promise<TShipmentDetail>;

export function internalOrderOf(d: TShipmentDetail): NonNullable<TFulfilledOrder['internalOrder']> {
  return {
    uniqueId: d.uniqueId,
    awb: { main: d.awb, structure: { parcels: [] } },
    status: { text: d.status.text, color: d.status.color, dateTime: d.status.dateTime, reason: d.status.reason },
    addresses: { from: { contactName: d.sender.contactName, addressCity: d.sender.city }, to: { contactName: d.recipient.contactName, addressCity: d.recipient.city } },
    forwarder: { groupId: 0, courierId: d.courierId, name: d.courierName ?? '', serviceName: { firstPart: d.serviceName ?? '' } },
    labelFormats: d.labelFormats,
    dateTime: d.createdAt,
  };
}

type Part = { fo: ShopFulfillmentOrder; lines: { title: string; quantity: number; image: { url: string } | null }[] };

export async function fulfilledPartsOf(order: ShopOrder, made: StoreOrderShipment[], read: ShipmentReader): Promise<TFulfilledOrder[]> {
  const images = new Map(order.lineItems.map((l) => [l.id, l.imageUrl]));
  const cancelled = order.cancelledAt !== null;
  const parts: Part[] = [];
  for (const fo of order.fulfillmentOrders) {
    if (fo.status !== 'CLOSED' && fo.status !== 'IN_PROGRESS') continue;
    const lines = fo.lineItems
      .map((l) => ({ title: l.name, quantity: l.totalQuantity - l.remainingQuantity, image: images.get(l.lineItemId) ? { url: images.get(l.lineItemId)! } : null }))
      .filter((l) => l.quantity > 0);
    const hasShipment = made.some((s) => s.fulfillmentOrderId === fo.id);
    if (lines.length === 0 && !hasShipment) continue;
    if (cancelled && !hasShipment) continue;
    parts.push({ fo, lines });
  }
  const out: TFulfilledOrder[] = [];
  const used = new Set<string>();
  const shipments = parts.map((p) => [...made].reverse().find((s) => s.fulfillmentOrderId === p.fo.id));
  // The parts' shipments read side by side (an order has a few parts).
  const details = await Promise.all(shipments.map((shipment) => (shipment ? read(shipment.uniqueId) : null)));
  for (const [k, p] of parts.entries()) {
    const shipment = shipments[k];
    if (shipment) used.add(shipment.uniqueId);
    out.push({
      name: `${order.name}-F${k + 1}`,
      lineItems: p.lines,
      internalOrder: shipment ? internalOrderOf(details[k]!) : null,
      status: shipment ? null : p.fo.status === 'CLOSED' ? 'FULFILLED' : 'PARTIALLY_FULFILLED',
      dateTime: shipment ? null : p.fo.updatedAt,
    });
  }
  // The latest shipment of each fulfillment order that is not a part above.
  const leftover = new Map<string, StoreOrderShipment>();
  for (const s of made) if (!used.has(s.uniqueId) && !parts.some((p) => p.fo.id === s.fulfillmentOrderId)) leftover.set(s.fulfillmentOrderId ?? s.uniqueId, s);
  const rest = [...leftover.values()];
  const restDetails = await Promise.all(rest.map((s) => read(s.uniqueId)));
  for (const [k, s] of rest.entries()) {
    out.push({ name: s.orderName ?? order.name, lineItems: [], internalOrder: internalOrderOf(restDetails[k]!), status: null, dateTime: null });
  }
  return out;
}
