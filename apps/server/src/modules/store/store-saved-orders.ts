import type { TAwaitingFulfillmentOrder, TFulfilledOrder } from '@colete/contract';
import type { Executor } from '../../db/client.js';
import { savedOrders, unfulfilledActivations } from './store-activation-queries.js';
import { refusalView } from './store-refusal.js';

type Saved = { sender?: TAwaitingFulfillmentOrder['fromLocation']['internalAddress']; packing?: TAwaitingFulfillmentOrder['packing']; extraOptions?: TAwaitingFulfillmentOrder['extraOptions']; activationId?: string | null };

/**
 * An order saved for later (PATCH order) opens as it was saved: its sender, packing, extra options
 * and chosen service laid over the built card (applySavedForLater). A packing saved for lines the
 * shop changed since (a move, a split) is dropped: the card's own first packing is kept. The rows
 * are read by the cards' fulfillment orders, beside the page's other saved rows.
 */
export const savedForLaterOf = (db: Executor, storeAccountId: number, cards: TAwaitingFulfillmentOrder[]) =>
  savedOrders(db, storeAccountId, cards.map((c) => c.fulfillmentOrderId));

/** The saved orders laid over the cards (savedForLaterOf's rows). */
export function applySavedForLater(rows: Awaited<ReturnType<typeof savedForLaterOf>>, cards: TAwaitingFulfillmentOrder[]) {
  if (!rows.length) return cards;
  const byId = new Map(rows.map((r) => [r.fulfillmentOrderId, r.saved as Saved]));
  return cards.map((card) => {
    const saved = byId.get(card.fulfillmentOrderId);
    if (!saved) return card;
    const known = new Set(Object.keys(card.products));
    const packingFits = !!saved.packing && [...saved.packing.list.flatMap((p) => p.metadata), ...saved.packing.postponedProducts].every((m) => known.has(m.product.id));
    return {
      ...card,
      activationId: saved.activationId ?? null,
      extraOptions: saved.extraOptions ?? card.extraOptions,
      packing: packingFits ? saved.packing! : card.packing,
      fromLocation: saved.sender ? { ...card.fromLocation, internalAddress: saved.sender, errors: saved.sender.addressId ? [] : card.fromLocation.errors } : card.fromLocation,
    };
  });
}

/** Fulfilled parts whose shop fulfillment is still to be made say so ('storePending'), with the shop's refusal for good when it refused (issue 24). */
export async function withStorePending(db: Executor, storeAccountId: number, orderId: string, parts: TFulfilledOrder[]) {
  // By shipment: a part activated again after a cancelled AWB (issue 24) has its old shipment listed too, which learns nothing.
  const pending = new Map((await unfulfilledActivations(db, storeAccountId, orderId)).filter((a) => !a.fulfilledAt).map((a) => [a.uniqueId, a] as const));
  if (!pending.size) return parts;
  return parts.map((p) => {
    const activation = p.internalOrder ? pending.get(p.internalOrder.uniqueId) : undefined;
    if (!activation) return p;
    // A cancelled AWB (the merchant's choice, or from the shipments page) leaves nothing for the shop to learn.
    if (activation.shipmentStatus === 'cancelled') return p;
    return { ...p, storePending: true, storeRefusal: refusalView(activation) };
  });
}
